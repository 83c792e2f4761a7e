// /api/v1 against real PostgreSQL, through the real handler with real Requests: tokens act as their owners within their
// scopes, a revoked or expired token is refused at once, a client's token stays inside its business on every route (the
// sweep runs over the route table, so a new route is covered when it is added), errors are problem details, and the
// OpenAPI document validates and answers for every route it lists.

import { generateKeyPairSync, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { changeUserAccess, DEMO_USERS, seedDemo } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import { type ApiScope, type FileKind, type SessionUser, THREAD_PAGE_SIZE } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "../root";
import { signingKeyFromPem } from "../signing-key";
import { buyerDetails } from "../testing/buyer";
import { apiDocsPage } from "./docs-page";
import { createRestHandler } from "./handler";
import { openApiDocument } from "./openapi";
import { pathParams, REST_ROUTES } from "./routes";

describe("the REST API with tokens", () => {
  let t: TestDatabase;
  const files = {
    store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-rest-")) }),
    secret: "s".repeat(32),
    balancerUrl: "http://127.0.0.1:9",
  };
  const [admin] = DEMO_USERS;
  const staff: SessionUser = { ...admin, image: null, emailNotification: true, businessId: null };
  const as = (user: SessionUser) => createCaller({ db: t.db, user, now: () => new Date(), files });
  const client = (id: string, businessId: string): SessionUser => ({
    id,
    name: "Client",
    email: `${id}@example.test`,
    image: null,
    emailNotification: true,
    role: "client",
    businessId,
  });
  const signing = signingKeyFromPem(generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString());
  const handlerAt = (now: () => Date, rateLimit = { calls: 10_000, windowMs: 60_000 }) =>
    createRestHandler({
      db: t.db,
      basePath: "/api/v1",
      createContext: (user) => ({ db: t.db, user, now, files, signing }),
      now,
      rateLimit,
    });
  let api: ReturnType<typeof createRestHandler>;
  const call = (method: string, path: string, token?: string, body?: unknown, handler = api) =>
    handler(
      new Request(`http://app.test/api/v1${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  const ALL: ApiScope[] = ["projects:read", "projects:write", "comments:write", "files:write", "invoices:read"];

  /** One business made through the API as the studio and its client would; every text carries `word`. */
  async function business(word: string) {
    const businessId = (await as(staff).businesses.create({ name: `${word} Roastery` })).id;
    // Its address as the buyer: an invoice is sent only with it.
    await as(staff).businesses.update({ id: businessId, legal: buyerDetails(word) });
    const userId = (await as(staff).users.create({ email: `ana@${word}.test`, name: `${word} Client`, role: "client", businessId })).id;
    const user = client(userId, businessId);
    const project = (await as(user).projects.create({ title: `${word} launch`, event: "flyer" })).id;
    await as(user).comments.create({ projectId: project, body: `${word} thread` });
    const lines = [{ description: `${word} line`, quantity: 1, unitAmount: 100 }];
    const invoice = (await as(staff).invoices.create({ businessId, projectId: project, notes: `${word} terms`, lines })).id;
    await as(staff).invoices.setStatus({ id: invoice, status: "sent" });
    return { businessId, user, project, invoice, word, proof: await approvedRound(project, user.id, word) };
  }
  /**
   * An approved round of one file, written as the app leaves it (the upload servers, which the certificate's tests
   * run, are not needed: a certificate is made from these rows).
   */
  async function approvedRound(projectId: string, approvedBy: string, word: string) {
    const proofId = randomUUID();
    const fileId = randomUUID();
    const sha256 = "a".repeat(64);
    const file = {
      name: `${word} poster.pdf`,
      key: `${word}/poster.pdf`,
      size: 1234,
      type: "application/pdf",
      thumbnail: "/placeholder.svg",
    };
    await t.db
      .insertInto("projectFiles")
      .values({ id: fileId, projectId, kind: "materials", uploadId: fileId, blur: "/placeholder.svg", sha256, uploadedBy: null, ...file })
      .execute();
    await t.db
      .insertInto("proofs")
      .values({ id: proofId, projectId, round: 1, note: null, dueOn: null, status: "approved", sentBy: null, commentId: null })
      .execute();
    await t.db
      .insertInto("proofFiles")
      .values({ proofId, fileId, position: 0, sha256, ...file })
      .execute();
    await t.db
      .insertInto("proofApprovals")
      .values({
        proofId,
        approvedBy,
        actingForBusiness: null,
        approvedAt: new Date(),
        round: 1,
        sha256s: [sha256],
        commentId: null,
        guestName: null,
        guestEmail: null,
      })
      .execute();
    return proofId;
  }
  let A: Awaited<ReturnType<typeof business>>;
  let B: Awaited<ReturnType<typeof business>>;
  const tokenOf = async (user: SessionUser, scopes: ApiScope[], expiresInDays?: number) =>
    as(user).tokens.create({ name: "Script", scopes, expiresInDays });

  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemo(t.db);
    api = handlerAt(() => new Date());
    A = await business("Alpha");
    B = await business("Bravo");
  });
  afterAll(() => t.destroy());

  it("lists the owner's projects with a read token, and never stores the token", async () => {
    const { id, token } = await tokenOf(A.user, ["projects:read"]);
    expect(token).toMatch(/^atl_[A-Za-z0-9_-]{43}$/);
    const res = await call("GET", "/projects", token);
    expect(res.status).toBe(200);
    const page = (await res.json()) as { items: { id: string }[] };
    // Other tests of this file may have made projects for the same business first: the page is exactly its projects.
    const theirs = await t.db.selectFrom("projects").select("id").where("businessId", "=", A.businessId).execute();
    expect(page.items.map((p) => p.id).sort()).toEqual(theirs.map((p) => p.id).sort());
    expect(page.items.map((p) => p.id)).toContain(A.project);
    expect(page.items.map((p) => p.id)).not.toContain(B.project);
    const row = await t.db.selectFrom("apiTokens").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token.slice(4));
    expect(row.lastUsedAt).not.toBeNull();
    const other = await tokenOf(B.user, ["projects:read"]);
    const listed = await as(A.user).tokens.list();
    expect(listed.map((x) => x.id)).not.toContain(other.id);
    // Other tests of this file may have made tokens for the same person first: the list is exactly theirs, this one
    // among them, and none of anyone else's.
    const owned = await t.db.selectFrom("apiTokens").select("id").where("userId", "=", A.user.id).execute();
    expect(listed.map((x) => x.id).sort()).toEqual(owned.map((r) => r.id).sort());
    expect(listed.map((x) => x.id)).toContain(id);
    expect(JSON.stringify(listed)).not.toContain(token.slice(8));
  });

  it("refuses a write with a read-only token, and writes with the write scope", async () => {
    const count = async () =>
      (
        await t.db
          .selectFrom("projects")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const read = await tokenOf(A.user, ["projects:read"]);
    const refused = await call("POST", "/projects", read.token, { title: "Poster", event: "flyer" });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(await refused.json()).toMatchObject({ status: 403, code: "INSUFFICIENT_SCOPE" });
    expect(await count()).toBe(before);
    const comment = await call("POST", `/projects/${A.project}/comments`, read.token, { body: "hello" });
    expect(comment.status).toBe(403);

    const write = await tokenOf(A.user, ["projects:write"]);
    const made = await call("POST", "/projects", write.token, { title: "Poster", event: "flyer" });
    expect(made.status).toBe(200);
    const { id } = (await made.json()) as { id: string };
    expect((await t.db.selectFrom("projects").select("businessId").where("id", "=", id).executeTakeFirstOrThrow()).businessId).toBe(
      A.businessId,
    );
  });

  it("refuses a revoked token at once, an expired one, an unknown one, and none", async () => {
    const { id, token } = await tokenOf(A.user, ["projects:read"]);
    expect((await call("GET", "/projects", token)).status).toBe(200);
    await as(A.user).tokens.revoke({ id });
    const revoked = await call("GET", "/projects", token);
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get("www-authenticate")).toMatch(/^Bearer/);
    // Another person cannot revoke it (nor learn it exists); the admin can revoke anyone's.
    const other = await tokenOf(A.user, ["projects:read"]);
    await expect(as(B.user).tokens.revoke({ id: other.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await as(staff).tokens.revoke({ id: other.id });
    expect((await call("GET", "/projects", other.token)).status).toBe(401);

    const brief = await tokenOf(A.user, ["projects:read"], 1);
    expect((await call("GET", "/projects", brief.token)).status).toBe(200);
    const later = handlerAt(() => new Date(Date.now() + 2 * 86_400_000));
    expect((await call("GET", "/projects", brief.token, undefined, later)).status).toBe(401);

    expect((await call("GET", "/projects", `${brief.token}x`)).status).toBe(401);
    expect((await call("GET", "/projects")).status).toBe(401);
  });

  it("lets only an admin grant the admin scope", async () => {
    await expect(tokenOf(A.user, ["admin"])).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(tokenOf(staff, ["admin"])).resolves.toMatchObject({ token: expect.stringMatching(/^atl_/) });
  });

  /** Every route, called with `token` (of business B) at A's ids: nothing of A answered, nothing written into A. */
  async function sweepIntoA(token: string) {
    // A well-formed file of A's project, so that a refusal is for whose it is, not for its form.
    const printFolderOfA = (await as(staff).uploads.ticket({ projectId: A.project, kind: "print_ready" })).folder;
    const ids: Record<string, string> = { projectId: A.project, proofId: A.proof };
    for (const route of REST_ROUTES) {
      const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
        name === "id" ? (route.path.startsWith("/invoices") ? A.invoice : A.project) : (ids[name] as string),
      );
      const query = route.path === "/projects" && route.method === "GET" ? `?businessId=${A.businessId}` : "";
      const upload = route.procedure === "uploads.ticket" ? "?kind=briefing" : "";
      const bodies: Record<string, unknown> = {
        "projects.create": { title: "Sneaky", event: "flyer", businessId: A.businessId },
        "projects.addFiles": {
          kind: "print_ready",
          files: [{ url: `http://127.0.0.1:9/files/${printFolderOfA}/sneaky.pdf`, name: "sneaky.pdf" }],
        },
      };
      const body = route.method === "POST" ? (bodies[route.procedure] ?? { body: "Sneaky" }) : undefined;
      const res = await call(route.method, `${path}${query}${upload}`, token, body);
      const text = await res.text();
      const where = `${route.method} ${route.path}`;
      if (pathParams(route.path).length > 0 || route.method === "POST") expect([403, 404], `${where}: ${text}`).toContain(res.status);
      else expect(res.status, where).toBeLessThan(500);
      expect(text, where).not.toContain(A.word);
      expect(text, where).not.toContain(A.project);
    }
    // Nothing was written into A's business.
    const sneaky = await t.db.selectFrom("comments").select("id").where("body", "=", "Sneaky").execute();
    expect(await t.db.selectFrom("projectFiles").select("id").where("name", "=", "sneaky.pdf").execute()).toEqual([]);
    expect(sneaky).toEqual([]);
    expect(await t.db.selectFrom("projects").select("id").where("title", "=", "Sneaky").execute()).toEqual([]);
  }

  it("keeps a client's token inside its business on every route", async () => {
    await sweepIntoA((await tokenOf(B.user, ALL)).token);
  });

  describe("tokens for an app", () => {
    const appToken = async (appId: string, scopes: ApiScope[], by = staff) =>
      (await as(by).tokens.create({ name: "Sync", scopes, appId })).token;

    it("acts as the app, with the app's role, and outlives the admin who made it", async () => {
      const madeBy = await as(staff).users.create({ email: "leaving-admin@studio.test", name: "Leaving Admin", role: "admin" });
      const leaving: SessionUser = { ...staff, id: madeBy.id, name: "Leaving Admin", email: "leaving-admin@studio.test" };
      const app = await as(leaving).tokens.createApp({ name: "Print-shop sync", role: "creative" });
      const token = await appToken(app.id, ["projects:read", "comments:write"], leaving);
      const personal = (await tokenOf(leaving, ["projects:read"])).token;
      await as(staff).users.setActive({ id: madeBy.id, active: false });
      // The person's own token went with them; the app's did not.
      expect((await call("GET", "/projects", personal)).status).toBe(401);
      const listed = await call("GET", `/projects?businessId=${A.businessId}`, token);
      expect(listed.status).toBe(200);
      expect(((await listed.json()) as { items: { id: string }[] }).items.map((p) => p.id)).toContain(A.project);
      // What it writes is in the app's name.
      const res = await call("POST", `/projects/${A.project}/comments`, token, { body: "Proof printed on the shop's press" });
      expect(res.status).toBe(200);
      const written = await t.db
        .selectFrom("comments")
        .select("userId")
        .where("body", "=", "Proof printed on the shop's press")
        .executeTakeFirstOrThrow();
      expect(written.userId).toBe(app.id);
      const listedApps = await as(staff).tokens.apps();
      expect(listedApps.find((a) => a.id === app.id)).toMatchObject({ name: "Print-shop sync", role: "creative", liveTokens: 1 });
      expect((await as(staff).tokens.list()).find((x) => x.ownerId === app.id)).toMatchObject({ ownerKind: "app" });
    });

    it("keeps a client app inside its business on every route", async () => {
      const app = await as(staff).tokens.createApp({ name: "Bravo's shop", role: "client", businessId: B.businessId });
      await sweepIntoA(await appToken(app.id, ALL));
    });

    it("is made by admins only, within the app's role, and retiring it refuses its tokens at once", async () => {
      await expect(as(A.user).tokens.createApp({ name: "Mine", role: "client", businessId: A.businessId })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
      const designerApp = await as(staff).tokens.createApp({ name: "Renderer", role: "creative" });
      await expect(as(A.user).tokens.create({ name: "x", scopes: ["projects:read"], appId: designerApp.id })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
      await expect(appToken(designerApp.id, ["admin"])).rejects.toMatchObject({ code: "FORBIDDEN" });
      // A person's id is not an app.
      await expect(appToken(A.user.id, ["projects:read"])).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(as(staff).tokens.createApp({ name: "Half", role: "client" } as never)).rejects.toMatchObject({ code: "BAD_REQUEST" });
      // A studio app acts for no business: a business sent with it is not kept.
      const odd = await as(staff).tokens.createApp({ name: "Odd", role: "creative", businessId: A.businessId } as never);
      expect((await as(staff).tokens.apps()).find((a) => a.id === odd.id)).toMatchObject({ businessId: null });
      await expect(as(staff).tokens.createApp({ name: "Lost", role: "client", businessId: "no-such-business" })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
      const token = await appToken(designerApp.id, ["projects:read"]);
      expect((await call("GET", "/projects", token)).status).toBe(200);
      await as(staff).tokens.retireApp({ id: designerApp.id });
      expect((await call("GET", "/projects", token)).status).toBe(401);
      await expect(appToken(designerApp.id, ["projects:read"])).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(as(staff).tokens.retireApp({ id: A.user.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    });

    it("is no person: in no list of people, no bell, no last admin, not edited as a person", async () => {
      const app = await as(staff).tokens.createApp({ name: "Admin robot", role: "admin" });
      const clientApp = await as(staff).tokens.createApp({ name: "Alpha robot", role: "client", businessId: A.businessId });
      const people = await as(staff).users.list({ query: "robot" });
      expect(people.items).toEqual([]);
      const staffIds = (await as(staff).workload.plan()).people.map((row) => row.person?.id);
      expect(staffIds).not.toContain(app.id);
      const members = await as(staff).businesses.byId({ id: A.businessId });
      expect(JSON.stringify(members)).not.toContain(clientApp.id);
      await as(A.user).comments.create({ projectId: A.project, body: "Robots need no bell" });
      const rows = await t.db.selectFrom("inbox").select("userId").where("userId", "in", [app.id, clientApp.id]).execute();
      expect(rows).toEqual([]);
      await expect(as(staff).users.update({ id: app.id, email: "robot@studio.test" })).rejects.toMatchObject({
        code: "PRECONDITION_FAILED",
      });
      await expect(as(staff).users.setAccess({ id: app.id, role: "client", businessId: A.businessId })).rejects.toMatchObject({
        code: "PRECONDITION_FAILED",
      });
      // With an admin app alive, the studio's one admin person is still its last: the rule counts people.
      const others = await t.db
        .updateTable("users")
        .set({ deactivatedAt: new Date() })
        .where("role", "=", "admin")
        .where("kind", "=", "person")
        .where("deactivatedAt", "is", null)
        .where("id", "!=", staff.id)
        .returning("id")
        .execute();
      try {
        const change = await changeUserAccess(t.db, staff.id, { active: false }, new Date());
        expect(change).toMatchObject({ user: null, refusal: expect.stringMatching(/admin/i) });
      } finally {
        const back = [staff.id, ...others.map((o) => o.id)];
        await t.db.updateTable("users").set({ deactivatedAt: null }).where("id", "in", back).execute();
      }
    });
  });

  it("pages a thread from its latest page back to its first with nextCursor, and refuses a forged cursor", async () => {
    const project = (await as(A.user).projects.create({ title: "Long thread", event: "flyer" })).id;
    for (let i = 0; i < THREAD_PAGE_SIZE + 3; i += 1) await as(A.user).comments.create({ projectId: project, body: `Note ${i}` });
    const { token } = await tokenOf(A.user, ["projects:read"]);
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const res = await call("GET", `/projects/${project}/comments${cursor ? `?cursor=${cursor}` : ""}`, token);
      expect(res.status).toBe(200);
      const page = (await res.json()) as { items: { body: string }[]; nextCursor: string | null };
      pages.push(page.items.map((c) => c.body));
      cursor = page.nextCursor;
    } while (cursor !== null && pages.length < 5);
    // The project's start is in its thread too: one page of 50, then the 4 before it, then no more.
    const inThread = await t.db.selectFrom("comments").select("id").where("projectId", "=", project).execute();
    expect(inThread).toHaveLength(THREAD_PAGE_SIZE + 4);
    expect(pages.map((p) => p.length)).toEqual([THREAD_PAGE_SIZE, 4]);
    // Oldest first within a page; the pages, put back in order, are the whole thread once.
    const whole = [...pages].reverse().flat();
    expect(whole.filter((body) => body.startsWith("Note "))).toEqual(Array.from({ length: THREAD_PAGE_SIZE + 3 }, (_, i) => `Note ${i}`));
    for (const forged of ["not-a-cursor", Buffer.from('{"t":"yesterday","id":"x"}').toString("base64url")]) {
      const res = await call("GET", `/projects/${project}/comments?cursor=${forged}`, token);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "BAD_REQUEST", detail: expect.stringContaining("nextCursor") });
    }
  });

  it("answers an approved round's certificate to its business's token, the same one each time", async () => {
    const { token } = await tokenOf(A.user, ["projects:read"]);
    const first = (await (await call("GET", `/proofs/${A.proof}/certificate`, token)).json()) as {
      id: string;
      url: string;
      jsonUrl: string;
    };
    expect(first.url).toMatch(new RegExp(`/verify/${first.id}\\.pdf$`));
    const again = (await (await call("GET", `/proofs/${A.proof}/certificate`, token)).json()) as { id: string };
    expect(again.id).toBe(first.id);
    const kept = await t.db.selectFrom("approvalCertificates").select("record").where("proofId", "=", A.proof).executeTakeFirstOrThrow();
    expect(JSON.parse(kept.record)).toMatchObject({ id: first.id, files: [{ name: "Alpha poster.pdf", sha256: "a".repeat(64) }] });
  });

  it("answers invalid input with 400 and the zod issues", async () => {
    const { token } = await tokenOf(A.user, ["comments:write"]);
    const res = await call("POST", `/projects/${A.project}/comments`, token, { body: 42 });
    expect(res.status).toBe(400);
    const problem = (await res.json()) as { errors: { path: string }[] };
    expect(problem.errors.map((e) => e.path)).toContain("body");
    const notJson = await api(
      new Request(`http://app.test/api/v1/projects/${A.project}/comments`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: "{",
      }),
    );
    expect(notJson.status).toBe(400);
    expect((await call("GET", "/nothing-here", token)).status).toBe(404);
  });

  it("answers 413 to a body over 1 MiB that says no length, reading no further than the limit", async () => {
    const { token } = await tokenOf(A.user, ["comments:write"]);
    const chunk = new TextEncoder().encode(`{"body":"${"x".repeat(64 * 1024)}`);
    let sent = 0;
    // A chunked upload without end: only a reader that stops at the limit gets an answer.
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await api(
      new Request(`http://app.test/api/v1/projects/${A.project}/comments`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: endless,
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe("PAYLOAD_TOO_LARGE");
    expect(sent).toBeLessThan(2 * 1024 * 1024);
  });

  it("rate-limits each token", async () => {
    const limited = handlerAt(() => new Date(), { calls: 2, windowMs: 60_000 });
    const { token } = await tokenOf(A.user, ["projects:read"]);
    const other = await tokenOf(A.user, ["projects:read"]);
    expect((await call("GET", "/projects", token, undefined, limited)).status).toBe(200);
    expect((await call("GET", "/projects", token, undefined, limited)).status).toBe(200);
    const third = await call("GET", "/projects", token, undefined, limited);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call("GET", "/projects", other.token, undefined, limited)).status).toBe(200);
  });

  it("serves a valid OpenAPI 3.1 document listing every route, and each documented route answers", async () => {
    const res = await call("GET", "/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, Operation>> };
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(REST_ROUTES.map((r) => `${r.method} ${r.path}`).sort());

    // The contract: every documented operation, called as the studio's admin with inputs made from its own schema.
    const { token } = await tokenOf(staff, ["admin"]);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const url = path.replace(/\{(\w+)\}/g, (_m, name: string) =>
          path.startsWith("/invoices") ? A.invoice : name === "proofId" ? A.proof : name === "id" || name === "projectId" ? A.project : "",
        );
        const query = new URLSearchParams();
        for (const p of op.parameters ?? []) if (p.in === "query" && p.required) query.set(p.name, String(example(p.name, p.schema)));
        const schema = op.requestBody?.content["application/json"]?.schema;
        // The required fields, and the business a staff member must name.
        const fields = schema ? [...(schema.required ?? []), ...("businessId" in (schema.properties ?? {}) ? ["businessId"] : [])] : [];
        const body = schema ? Object.fromEntries(fields.map((name) => [name, example(name, schema.properties?.[name] ?? {})])) : undefined;
        // Files are recorded by the address the upload servers answered: one in the folder of the project and kind.
        if (body && "files" in body) {
          const { folder } = await as(staff).uploads.ticket({ projectId: A.project, kind: body.kind as FileKind });
          body.files = [{ url: `http://127.0.0.1:9/files/${folder}/contract.pdf`, name: "contract.pdf" }];
        }
        const answer = await call(method.toUpperCase(), `${url}${query.size ? `?${query}` : ""}`, token, body);
        expect(answer.status, `${method} ${path}: ${await answer.clone().text()}`).toBe(200);
        expect(answer.headers.get("content-type"), `${method} ${path}`).toContain("application/json");
      }
    }
  });

  it("renders the readable page from the same document, every route on it", () => {
    const page = apiDocsPage(openApiDocument());
    for (const route of REST_ROUTES) expect(page).toContain(`${route.method} /api/v1${route.path}`);
    expect(page).toContain("projects:read");
    expect(page).not.toMatch(/<script/i);
  });

  type Schema = { type?: string; enum?: unknown[]; properties?: Record<string, Schema>; required?: string[] };
  type Operation = {
    parameters?: { name: string; in: string; required: boolean; schema: Schema }[];
    requestBody?: { content: Record<string, { schema: Schema }> };
  };
  /** A value for a field from its schema: the first of an enum, A's business for a business id, else a word. */
  function example(name: string, schema: Schema): unknown {
    if (schema.enum) return schema.enum[0];
    if (name === "businessId") return A.businessId;
    if (schema.type === "integer" || schema.type === "number") return 1;
    if (schema.type === "boolean") return false;
    return "Contract test";
  }
});
