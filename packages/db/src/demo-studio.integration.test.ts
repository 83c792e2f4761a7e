// The living demo's files and proofs on real PostgreSQL: pictures and a PDF written to the store the seed is given,
// attached to projects by kind, a brand library, and proof rounds whose approval names the SHA-256 of the stored bytes.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoFilePlace, type DemoFileStore, seedLivingDemo } from "./index";
import { createTestDatabase, type TestDatabase } from "./testing";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const PNG = "89504e470d0a1a0a";

describe("the living demo's files and proofs (PostgreSQL)", () => {
  let t: TestDatabase;
  const stored = new Map<string, { bytes: Uint8Array; type: string; owner: string; place: DemoFilePlace }>();
  // Keys as the upload store would name them; what matters here is that the seed keeps the key it is answered.
  const store: DemoFileStore = {
    async put(place, file) {
      const where = place.kind === "brand" ? `${place.business.id}/BRAND` : `${place.business.id}/${place.project.id}/${place.kind}`;
      const key = `${where}/${file.name}`;
      if (stored.has(key)) throw new Error(`stored twice: ${key}`);
      stored.set(key, { ...file, place });
      return key;
    },
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    expect(await seedLivingDemo(t.db, new Date("2026-11-25T12:00:00Z"), store)).toBe(true);
  });
  afterAll(async () => t?.destroy());

  it("attaches stored pictures and a PDF to several projects, each file's bytes under its key", async () => {
    const files = await t.db.selectFrom("projectFiles").selectAll().orderBy("id").execute();
    expect(new Set(files.map((f) => f.projectId)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(files.map((f) => f.kind))).toEqual(new Set(["briefing", "materials", "print_ready"]));
    for (const f of files) {
      const bytes = stored.get(f.key);
      expect(bytes, f.key).toBeDefined();
      expect(f.size).toBe(bytes!.bytes.byteLength);
      expect(f.sha256).toBe(sha256(bytes!.bytes));
      expect(bytes!.place).toMatchObject({ kind: f.kind, project: { id: f.projectId } });
      expect(f.uploadedBy).toBe(bytes!.owner);
      if (f.type === "image/png") {
        expect(Buffer.from(bytes!.bytes.subarray(0, 8)).toString("hex")).toBe(PNG);
        expect(f.thumbnail).toBe(`data:image/png;base64,${Buffer.from(bytes!.bytes).toString("base64")}`);
      }
    }
    const pdf = files.find((f) => f.type === "application/pdf");
    expect(pdf).toMatchObject({ kind: "print_ready", name: "autumn-menu.pdf" });
    expect(Buffer.from(stored.get(pdf!.key)!.bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    expect(files.filter((f) => f.type === "image/png").length).toBeGreaterThanOrEqual(5);
  });

  it("approves rounds by the SHA-256 of the stored bytes, and asks changes on another with a pin", async () => {
    const proofs = await t.db
      .selectFrom("proofs")
      .innerJoin("projects", "projects.id", "proofs.projectId")
      .select(["proofs.id", "proofs.status", "proofs.round", "projects.title", "projects.stage"])
      .orderBy("projects.title")
      .execute();
    expect(proofs.map((p) => [p.title, p.round, p.status, p.stage])).toEqual([
      ["Autumn menu card", 1, "approved", "approved"],
      ["Logo refresh", 1, "approved", "approved"],
      ["Spring catalogue", 1, "sent", "briefing"],
      ["Spring opening poster", 1, "changes_requested", "modification"],
    ]);
    for (const proof of proofs.filter((p) => p.status === "approved")) {
      const approval = await t.db.selectFrom("proofApprovals").selectAll().where("proofId", "=", proof.id).executeTakeFirstOrThrow();
      const files = await t.db.selectFrom("proofFiles").selectAll().where("proofId", "=", proof.id).execute();
      expect(approval.sha256s).toEqual(files.map((f) => sha256(stored.get(f.key)!.bytes)));
    }
    const changes = proofs.find((p) => p.status === "changes_requested")!;
    const pins = await t.db
      .selectFrom("annotations")
      .innerJoin("comments", "comments.id", "annotations.commentId")
      .select(["annotations.x", "annotations.y", "annotations.shadow", "comments.event", "comments.body"])
      .where("annotations.proofId", "=", changes.id)
      .execute();
    expect(pins).toEqual([{ x: 0.7, y: 0.45, shadow: false, event: "modification", body: expect.stringContaining("date be bigger") }]);
  });

  it("dates work from the seed day (a Wednesday): some late, some due this week, some next week", async () => {
    const projects = await t.db.selectFrom("projects").select(["title", "dueOn"]).where("dueOn", "is not", null).orderBy("title").execute();
    expect(projects.map((p) => [p.title, p.dueOn])).toEqual([
      ["Bread labels", "2026-11-27"],
      ["Christmas stollen flyer", "2026-12-02"],
      ["Instagram launch posts", "2026-11-22"],
      ["Spring catalogue", "2026-12-02"],
      ["Spring opening poster", "2026-11-27"],
    ]);
    // The catalogue's spreads wait for the client's answer past their answer-by day.
    const proofs = await t.db.selectFrom("proofs").select(["status", "dueOn"]).where("dueOn", "is not", null).execute();
    expect(proofs).toEqual([{ status: "sent", dueOn: "2026-11-22" }]);
  });

  it("fills Acme Coffee's brand library with a logo and a guideline PDF in its BRAND folder", async () => {
    const brand = await t.db.selectFrom("brandFiles").selectAll().orderBy("name").execute();
    expect(brand.map((b) => [b.businessId, b.kind, b.name, b.type])).toEqual([
      ["demo-business", "guideline", "acme-coffee-brand-guide.pdf", "application/pdf"],
      ["demo-business", "logo", "acme-coffee-logo.png", "image/png"],
    ]);
    for (const b of brand)
      expect(stored.get(b.key)?.place).toEqual({ kind: "brand", business: { id: "demo-business", name: "Acme Coffee" } });
  });
});
