// Tenant isolation, for every procedure of the app router: a client of business B (or of none) calling
// with ids of business A is refused exactly as if those ids did not exist, and learns and changes nothing of A's.
// Inputs are generated from each procedure's zod schema, so a new procedure is covered as soon as it is
// mounted; an input the generator cannot make fails the test, naming the procedure and the field.
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  addProjectFiles,
  createAnnotation,
  createComment,
  createProof,
  createWebhookEndpoint,
  DEMO_USERS,
  enqueueWebhookEvent,
  seedDemo,
  sql,
} from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import type { SessionUser } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { brandFolder } from "@atelier/upload-engine";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter, createCaller } from "./index";
import { buyerDetails } from "./testing/buyer";
import { ID_KINDS, type Ids, inputsFor, withIds } from "./testing/procedure-inputs";

const REFUSED = ["NOT_FOUND", "FORBIDDEN", "UNAUTHORIZED"];
// Keyed by their dotted path ("comments.create"), whatever the nesting of the routers.
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { inputs: unknown[] } }>);

describe("tenant isolation, procedure by procedure", () => {
  let t: TestDatabase;
  const files = {
    store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-isolation-")) }),
    secret: "s".repeat(32),
    balancerUrl: "",
  };
  const [admin] = DEMO_USERS;
  const staff: SessionUser = { ...admin, image: null, emailNotification: true, businessId: null };
  const as = (user: SessionUser) => createCaller({ db: t.db, user, now: () => new Date(), files });
  const client = (id: string, businessId: string | null): SessionUser => ({
    id,
    name: "Client",
    email: `${id}@example.test`,
    image: null,
    emailNotification: true,
    role: "client",
    businessId,
  });
  // Everything of A that must never reach B: its ids, and its name, which every text of its records carries.
  const A = {} as Ids;
  const B = {} as Ids;
  const MISSING = Object.fromEntries(ID_KINDS.map((kind) => [kind, `missing-${kind}`])) as Ids;
  let lone = "";
  const callers = { "a client of business B": () => client(B.user, B.business), "a client without a business": () => client(lone, null) };

  /** Makes one business's records through the API, as its client and the studio would; each text carries `word`. */
  async function business(word: string) {
    const ids = {} as Ids;
    ids.business = (await as(staff).businesses.create({ name: `${word} Roastery` })).id;
    // Its address as the buyer: an invoice is sent only with it.
    await as(staff).businesses.update({ id: ids.business, legal: buyerDetails(word) });
    ids.user = (
      await as(staff).users.create({ email: `ana@${word}.test`, name: `${word} Client`, role: "client", businessId: ids.business })
    ).id;
    const own = as(client(ids.user, ids.business));
    ids.project = (await own.projects.create({ title: `${word} launch`, event: "flyer" })).id;
    ids.file = randomUUID();
    const url = `http://127.0.0.1:9/files/${word}/${word}-brief.pdf`;
    const file = {
      id: ids.file,
      projectId: ids.project,
      kind: "briefing",
      name: `${word}-brief.pdf`,
      key: `${word}/${word}-brief.pdf`,
      thumbnail: url,
      blur: url,
    } as const;
    await addProjectFiles(t.db, [{ ...file, uploadId: randomUUID(), uploadedBy: ids.user }]);
    ids.comment = (await own.comments.create({ projectId: ids.project, body: `${word} thread` })).id;
    await as(staff).comments.create({ projectId: ids.project, body: `${word} internal`, event: "shadow" });
    const lines = [{ description: `${word} line`, quantity: 1, unitAmount: 100 }];
    ids.invoice = (await as(staff).invoices.create({ businessId: ids.business, projectId: ids.project, notes: `${word} terms`, lines })).id;
    await as(staff).invoices.setStatus({ id: ids.invoice, status: "sent" });
    // A service the studio offers to A alone (docs/services.md): no other business sees or asks for it.
    ids.service = (
      await as(staff).services.create({
        name: `${word} flyer`,
        description: `${word} special`,
        event: "flyer",
        price: 35000,
        currency: "EUR",
        turnaroundDays: 3,
        forAll: false,
        businessIds: [ids.business],
      })
    ).id;
    // Time the studio spent on its project (time entries are the studio's; a client is refused them whatever the ids).
    ids.timeEntry = (await as(staff).time.add({ projectId: ids.project, day: "2026-11-27", minutes: 30, note: `${word} time` })).id;
    ids.post = (await as(staff).posts.create({ title: `${word} post`, body: "Studio news" })).id;
    const brand = `http://127.0.0.1:9/files/${brandFolder({ id: ids.business, name: `${word} Roastery` })}/${word}-logo.png`;
    await own.businesses.addBrandFiles({
      businessId: ids.business,
      kind: "logo",
      files: [{ id: randomUUID(), url: brand, thumbnail: brand, blur: brand, name: `${word}-logo.png` }],
    });
    ids.brandFile = (await t.db.selectFrom("brandFiles").select("id").where("businessId", "=", ids.business).executeTakeFirstOrThrow()).id;
    ids.colour = (await own.businesses.addColour({ businessId: ids.business, name: `${word} blue`, hex: "#1d4ed8" })).id;
    // A proof of the file with a pin on it, written directly: sending one hashes stored bytes, which this test has none of.
    ids.proof = randomUUID();
    const proofComment = randomUUID();
    await createComment(t.db, {
      id: proofComment,
      projectId: ids.project,
      userId: admin.id,
      event: "proof_sent",
      body: `${word} round 1`,
      parentId: null,
      createdAt: new Date(),
    });
    await createProof(
      t.db,
      {
        id: ids.proof,
        projectId: ids.project,
        round: 1,
        note: `${word} note`,
        dueOn: null,
        sentBy: admin.id,
        commentId: proofComment,
        createdAt: new Date(),
      },
      [{ fileId: ids.file, name: file.name, key: file.key, sha256: "a".repeat(64), size: 1, type: null, thumbnail: url }],
    );
    ids.annotation = randomUUID();
    const pinComment = randomUUID();
    await createComment(t.db, {
      id: pinComment,
      projectId: ids.project,
      userId: ids.user,
      event: null,
      body: `${word} pin`,
      parentId: null,
      createdAt: new Date(),
    });
    await createAnnotation(t.db, {
      id: ids.annotation,
      proofId: ids.proof,
      fileId: ids.file,
      page: 1,
      x: 0.5,
      y: 0.5,
      w: null,
      h: null,
      shadow: false,
      commentId: pinComment,
      createdBy: ids.user,
      createdAt: new Date(),
    });
    // A webhook delivery telling of it (webhooks are the studio's, so a client is refused them whatever the ids).
    const webhook = randomUUID();
    await createWebhookEndpoint(t.db, {
      id: webhook,
      name: `${word} hook`,
      url: `https://hooks.example.com/${word}`,
      secret: "whsec_c2VjcmV0",
      events: ["project.created"],
      internal: false,
      createdBy: admin.id,
      createdAt: new Date(),
    });
    const body = async () => JSON.stringify({ type: "project.created", data: { project: { id: ids.project, title: `${word} launch` } } });
    [ids.delivery = ""] = await enqueueWebhookEvent(
      t.db,
      { type: "project.created", internal: false, businessId: ids.business, body },
      new Date(),
    );
    return ids;
  }

  /** A's rows, to show that no call changed them. */
  async function rowsOfA() {
    const rows = (query: ReturnType<typeof sql>) => query.execute(t.db).then((r) => r.rows);
    const projects = sql`select id from projects where business_id = ${A.business}`;
    return {
      businesses: await rows(sql`select * from businesses where id = ${A.business}`),
      users: await rows(sql`select * from users where id = ${A.user} or business_id = ${A.business} order by id`),
      projects: await rows(sql`select * from projects where business_id = ${A.business} order by id`),
      files: await rows(sql`select * from project_files where project_id in (${projects}) order by id`),
      comments: await rows(sql`select * from comments where project_id in (${projects}) order by id`),
      reads: await rows(
        sql`select * from comment_reads where comment_id in (select id from comments where project_id in (${projects})) order by 1, 2`,
      ),
      invoices: await rows(sql`select * from invoices where business_id = ${A.business} order by id`),
      lines: await rows(sql`select * from invoice_lines where invoice_id in (select id from invoices where business_id = ${A.business})`),
      posts: await rows(sql`select * from posts where id = ${A.post}`),
      brandFiles: await rows(sql`select * from brand_files where business_id = ${A.business} order by id`),
      brandColours: await rows(sql`select * from brand_colours where business_id = ${A.business} order by id`),
      proofs: await rows(sql`select * from proofs where project_id in (${projects}) order by id`),
      proofFiles: await rows(
        sql`select * from proof_files where proof_id in (select id from proofs where project_id in (${projects})) order by 1, 2`,
      ),
      annotations: await rows(
        sql`select * from annotations where proof_id in (select id from proofs where project_id in (${projects})) order by id`,
      ),
      allowance: await rows(sql`select revision_allowance from businesses where id = ${A.business}`),
      time: await rows(sql`select * from time_entries where project_id in (${projects}) order by id`),
      services: await rows(sql`select * from services where id = ${A.service}`),
      serviceBusinesses: await rows(sql`select * from service_businesses where business_id = ${A.business}`),
    };
  }

  const secretsOfA = () => [...Object.values(A), "Alpha"];
  const leaks = (value: unknown) => {
    const text = (JSON.stringify(value) ?? "").toLowerCase();
    return secretsOfA().filter((secret) => text.includes(secret.toLowerCase()));
  };

  /** What a call answers, in a form two calls can be compared by. */
  async function outcome(user: SessionUser, path: string, input: unknown) {
    // biome-ignore lint/suspicious/noExplicitAny: the procedure is reached by its path
    const procedure = path.split(".").reduce<any>((node, key) => node[key], as(user));
    try {
      return { ok: true as const, value: await procedure(input) };
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error;
      return { ok: false as const, code: error.code, message: error.message };
    }
  }

  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemo(t.db);
    Object.assign(A, await business("Alpha"));
    Object.assign(B, await business("Beta"));
    lone = (await as(staff).users.create({ email: "lou@nowhere.test", role: "client" })).id;
  });
  afterAll(async () => t?.destroy());

  it("walks a router with procedures, and sees A's records through the API when A asks", async () => {
    expect(procedures.map(([path]) => path)).toEqual(expect.arrayContaining(["projects.byId", "comments.create", "invoices.setStatus"]));
    const own = as(client(A.user, A.business));
    expect(leaks(await own.projects.byId({ id: A.project }))).toEqual(expect.arrayContaining([A.project, A.file, "Alpha"]));
    expect(leaks(await own.comments.findMany())).toContain(A.comment);
    expect(leaks(await own.billing.invoices())).toContain(A.invoice);
  });

  for (const [callerName, caller] of Object.entries(callers)) {
    describe(`called by ${callerName} with business A's ids`, () => {
      for (const [path, procedure] of procedures) {
        it(path, async () => {
          const user = caller();
          const before = await rowsOfA();
          for (const input of inputsFor(path, procedure._def.inputs, A, B)) {
            const got = await outcome(user, path, input);
            const call = `${path}(${JSON.stringify(input)})`;
            expect(got.ok || got.code !== "INTERNAL_SERVER_ERROR", call).toBe(true);
            expect(leaks(got), call).toEqual([]);
            if (!leaks(input).length) continue;
            // A's records answer exactly as records that do not exist.
            const missing = await outcome(
              user,
              path,
              withIds(input, (text) => ID_KINDS.reduce((t, kind) => t.replaceAll(A[kind], MISSING[kind]), text)),
            );
            expect(got.ok ? { ok: true } : got, call).toEqual(missing.ok ? { ok: true } : missing);
            // With none of B's ids beside them, A's ids are refused as such.
            const text = JSON.stringify(input);
            if (!got.ok && !Object.values(B).some((id) => text.includes(id))) expect(REFUSED, call).toContain(got.code);
          }
          expect(await rowsOfA()).toEqual(before);
        });
      }
    });
  }

  it.each([
    "users.list",
    "users.create",
    "users.setAccess",
    "users.setActive",
    "users.overview",
    "businesses.list",
    "businesses.create",
    "businesses.setImage",
    "businesses.update",
    "projects.assign",
    "projects.workload",
    "workload.plan",
    "invoices.list",
    "invoices.create",
    "invoices.setStatus",
    "invoices.update",
    "invoices.send",
    "invoices.recordPayment",
    "invoices.creditNote",
    "invoices.billingProfile",
    "invoices.saveBillingProfile",
    "invoices.setBusinessCurrency",
    "posts.list",
    "posts.create",
    "posts.update",
    "posts.delete",
    "proofs.setAllowance",
    "proofs.share",
    "proofs.shares",
    "proofs.revokeShare",
    "webhooks.create",
    "webhooks.list",
    "webhooks.delete",
    "webhooks.resend",
  ])("refuses the studio's %s to a client, even with its own business's ids", async (path) => {
    const procedure = procedures.find(([name]) => name === path)?.[1];
    expect(procedure, path).toBeDefined();
    const [input] = inputsFor(path, procedure!._def.inputs, B, B);
    expect(await outcome(client(B.user, B.business), path, input)).toMatchObject({ ok: false, code: "FORBIDDEN" });
  });
});
