// Tenant isolation, for every procedure of the app router: a client of business B (or of none) calling
// with ids of business A is refused exactly as if those ids did not exist, and learns and changes nothing of A's.
// Inputs are generated from each procedure's zod schema, so a new procedure is covered as soon as it is
// mounted; an input the generator cannot make fails the test, naming the procedure and the field.
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addProjectFiles, createAnnotation, createComment, createProof, DEMO_USERS, seedDemo, sql } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import type { SessionUser } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { brandFolder } from "@atelier/upload-engine";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { appRouter, createCaller } from "./index";

// What ids point at. A field named `id` points at whatever its procedure is about, so it is tried as each kind.
const ID_KINDS = [
  "business",
  "user",
  "project",
  "file",
  "comment",
  "invoice",
  "post",
  "brandFile",
  "colour",
  "proof",
  "annotation",
] as const;
type IdKind = (typeof ID_KINDS)[number];
type Ids = Record<IdKind, string>;

/** Fields that say what they point at. A new `…Id` field must be added here, or the test fails on it. */
const ID_FIELDS: Record<string, IdKind> = {
  businessId: "business",
  userId: "user",
  assigneeId: "user",
  authorId: "user",
  projectId: "project",
  fileId: "file",
  commentId: "comment",
  parentId: "comment",
  invoiceId: "invoice",
  postId: "post",
  proofId: "proof",
  annotationId: "annotation",
  assetId: "brandFile",
};

/** Values for other text fields: each field takes the first its schema accepts. */
const SAMPLE_TEXTS = [
  "Sample text",
  "2026-12-01",
  "sample@example.test",
  "http://127.0.0.1:9/files/sample.pdf",
  "/placeholder.png",
  "users/sample0123456789ab",
  "0".repeat(64),
  "data:image/png;base64,iVBORw0KGgo=",
  "#1d4ed8",
  "Asia/Tokyo",
];
const SAMPLE_NUMBERS = [1, 0, 100];

/** Picks the id of `kind` for the id field at `at` (a path such as input.files[].id). */
type PickId = (kind: IdKind, at: string) => string;

function cannotGenerate(at: string, why: string): never {
  throw new Error(`Cannot generate ${at}: ${why}. Extend the input generator of this test.`);
}

/**
 * Inputs the schema accepts: the first value of every field, then each other value of one field at a
 * time (every enum value, both booleans, null, absent), so each choice a procedure takes is tried.
 */
function variants(schema: z.ZodType, field: string, at: string, pick: PickId, idKind: IdKind): unknown[] {
  // biome-ignore lint/suspicious/noExplicitAny: zod's definitions differ per type; each case reads its own fields
  const def = schema.def as any;
  const inner = (s: z.ZodType, f = field, path = at) => variants(s, f, path, pick, idKind);
  switch (def.type) {
    case "object": {
      const fields = Object.entries(def.shape as Record<string, z.ZodType>).map(
        ([key, s]) => [key, inner(s, key, `${at}.${key}`)] as const,
      );
      const first = Object.fromEntries(fields.map(([key, values]) => [key, values[0]]));
      const out = [first];
      for (const [key, values] of fields) for (const value of values.slice(1)) out.push({ ...first, [key]: value });
      // Absent fields are left out (nested objects were built the same way); dates stay dates.
      return out.map((o) => Object.fromEntries(Object.entries(o).filter(([, value]) => value !== undefined)));
    }
    case "optional":
    case "default":
    case "prefault":
      return [...inner(def.innerType), undefined];
    case "nullable":
      return [...inner(def.innerType), null];
    case "readonly":
    case "nonoptional":
      return inner(def.innerType);
    case "pipe": {
      // What the input side takes and the whole accepts (a trimmed string that must then be an e-mail address).
      const fits = (values: unknown[]) => values.filter((value) => value === undefined || schema.safeParse(value).success);
      const taken = fits(inner(def.in));
      return taken.length > 0 ? taken : fits(inner(def.out));
    }
    case "array":
      return inner(def.element, field.replace(/s$/, ""), `${at}[]`).map((value) => [value]);
    case "union":
      return (def.options as z.ZodType[]).flatMap((option) => inner(option));
    case "enum":
      return Object.values(def.entries);
    case "literal":
      return [...def.values];
    case "boolean":
      return [false, true];
    case "date":
      return [new Date()];
    case "number": {
      const value = SAMPLE_NUMBERS.find((n) => schema.safeParse(n).success);
      return value === undefined ? cannotGenerate(at, "no sample number fits") : [value];
    }
    case "string": {
      // A paging cursor is an opaque position, not an id: lists are tried from their first page here, and forged
      // cursors in the lists' own tests (project-list.integration.test.ts).
      if (field === "cursor") return [undefined];
      // An idempotency key names no record, and answers only its own sender's results (request-ids.integration.test.ts).
      if (field === "requestId") return [undefined];
      const kind = field === "id" ? idKind : ID_FIELDS[field];
      if (kind) {
        const value = pick(kind, at);
        return schema.safeParse(value).success ? [value] : cannotGenerate(at, `the schema refuses the ${kind} id ${value}`);
      }
      if (/Ids?$/.test(field)) cannotGenerate(at, `unknown kind of id "${field}"; add it to ID_FIELDS`);
      const value = SAMPLE_TEXTS.find((text) => schema.safeParse(text).success);
      return value === undefined ? cannotGenerate(at, "no sample text fits; add one to SAMPLE_TEXTS") : [value];
    }
    default:
      return cannotGenerate(at, `zod type "${def.type}" is not handled`);
  }
}

/**
 * Every input to try for one procedure, each checked against its schema: all ids A's, and each id
 * field alone A's with the others B's (a project of one's own with a comment of A's as its parent, …).
 */
function inputsFor(path: string, inputs: readonly unknown[], a: Ids, b: Ids): unknown[] {
  if (inputs.length === 0) return [undefined];
  if (inputs.length > 1) cannotGenerate(path, "more than one input parser");
  const schema = inputs[0] as z.ZodType;
  const out = new Map<string, unknown>();
  for (const idKind of ID_KINDS) {
    const positions = new Set<string>();
    const generate = (owner: (at: string) => Ids) =>
      variants(
        schema,
        "",
        path,
        (kind, at) => {
          positions.add(at);
          return owner(at)[kind];
        },
        idKind,
      );
    const all = generate(() => a);
    const mixed = [...positions].flatMap((position) => generate((at) => (at === position ? a : b)));
    for (const input of [...all, ...mixed]) out.set(JSON.stringify(input) ?? "", input);
  }
  for (const input of out.values()) {
    const parsed = schema.safeParse(input);
    if (!parsed.success) cannotGenerate(path, `the schema refuses ${JSON.stringify(input)}: ${parsed.error.message}`);
  }
  return [...out.values()];
}

/** The input with every string rewritten by `change`, dates and numbers kept as they are. */
function withIds(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === "string") return change(value);
  if (Array.isArray(value)) return value.map((v) => withIds(v, change));
  if (value && typeof value === "object" && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withIds(v, change)]));
  return value;
}

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
  ])("refuses the studio's %s to a client, even with its own business's ids", async (path) => {
    const procedure = procedures.find(([name]) => name === path)?.[1];
    expect(procedure, path).toBeDefined();
    const [input] = inputsFor(path, procedure!._def.inputs, B, B);
    expect(await outcome(client(B.user, B.business), path, input)).toMatchObject({ ok: false, code: "FORBIDDEN" });
  });
});
