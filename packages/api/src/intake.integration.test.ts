// Intake forms on PostgreSQL (docs/services.md, "Intake forms"): a service's form asks its questions when a request
// is started; a required answer left empty is refused, given ones are kept as the project's brief with the form as it
// was answered, so changing the form later changes no brief; files come from the caller's own intake folder and
// become the project's briefing files; the brief goes into the opening comment (and so the mail); the studio edits
// it, each edit recorded with what it changed.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBusiness, DEMO_BUSINESS, DEMO_USERS, seedDemo, setUserBusiness } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import type { SessionUser } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./index";
import { codeOf } from "./testing/code-of";

const [admin, creative, client] = DEMO_USERS;
const session = (u: { id: string; name: string; email: string; role: SessionUser["role"] }, businessId: string | null): SessionUser => ({
  ...u,
  image: null,
  emailNotification: true,
  businessId,
});

describe("intake forms", () => {
  let t: TestDatabase;
  const now = () => new Date("2026-11-25T15:00:00Z");
  const files = {
    store: createFsStore({ root: mkdtempSync(join(tmpdir(), "atelier-intake-")) }),
    secret: "s".repeat(32),
    balancerUrl: "",
  };
  const as = (u: SessionUser) => createCaller({ db: t.db, user: u, now, files });
  const designer = () => as(session(creative, null));
  const studio = () => as(session(admin, null));
  const acme = () => as(session(client, DEMO_BUSINESS.id));
  const globex = () => as(session({ id: "globex-client", name: "Gil Globex", email: "gil@globex.test", role: "client" }, "globex"));
  const form = [
    { id: "headline", kind: "text" as const, label: "Headline", required: true },
    { id: "size", kind: "size" as const, label: "Size", unit: "mm" },
    { id: "paper", kind: "choice" as const, label: "Paper", options: ["Matte", "Gloss"] },
    { id: "copies", kind: "number" as const, label: "Copies", unit: "copies" },
    { id: "logo", kind: "file" as const, label: "Logo", required: true },
  ];
  let serviceId: string;
  /** A file the upload servers answered for `folder`, as the dialog hands it on. */
  const uploaded = (folder: string, name: string) => ({
    id: crypto.randomUUID(),
    url: `http://127.0.0.1:3101/files/${folder}/${name}`,
    name,
    size: 1234,
    type: "image/svg+xml",
  });

  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemo(t.db);
    await createBusiness(t.db, { id: "globex", name: "Globex" });
    await t.db.insertInto("users").values({ id: "globex-client", name: "Gil Globex", email: "gil@globex.test", role: "client" }).execute();
    await setUserBusiness(t.db, "globex-client", "globex");
    ({ id: serviceId } = await designer().services.create({
      name: "A5 flyer",
      event: "flyer",
      price: 35000,
      currency: "EUR",
      turnaroundDays: 3,
      intakeForm: form,
    }));
  });
  afterAll(async () => t?.destroy());

  const request = (answers: Record<string, unknown>, intakeId?: string) => ({
    title: "Summer sale",
    event: "flyer" as const,
    serviceId,
    answers: answers as never,
    ...(intakeId ? { intakeId } : {}),
    requestId: crypto.randomUUID(),
  });

  it("gives a client its form and a ticket to its own intake folder only", async () => {
    const [offered] = await acme().services.list();
    expect(offered?.intakeForm.map((f) => [f.id, f.kind, f.required])).toEqual([
      ["headline", "text", true],
      ["size", "size", false],
      ["paper", "choice", false],
      ["copies", "number", false],
      ["logo", "file", true],
    ]);
    const intakeId = crypto.randomUUID();
    const mine = await acme().uploads.intakeTicket({ intakeId });
    expect(mine.folder).toMatch(new RegExp(`^[^/]+-${DEMO_BUSINESS.id}/INTAKE/${client.id}-${intakeId}$`));
    // A client names its own business or none; the studio names the business.
    expect((await acme().uploads.intakeTicket({ intakeId, businessId: DEMO_BUSINESS.id })).folder).toBe(mine.folder);
    expect(await codeOf(acme().uploads.intakeTicket({ intakeId, businessId: "globex" }))).toBe("NOT_FOUND");
    expect(await codeOf(studio().uploads.intakeTicket({ intakeId }))).toBe("BAD_REQUEST");
    expect((await studio().uploads.intakeTicket({ intakeId, businessId: "globex" })).folder).toMatch(/-globex\/INTAKE\//);
    expect(await codeOf(acme().uploads.intakeTicket({ intakeId: "../../x" }))).toBe("BAD_REQUEST");
  });

  it("refuses a required answer left empty, and a file not uploaded to the caller's intake folder", async () => {
    const intakeId = crypto.randomUUID();
    const { folder } = await acme().uploads.intakeTicket({ intakeId });
    const logo = [uploaded(folder, "logo.svg")];
    const empty = acme().projects.create(request({ headline: "  ", logo }, intakeId));
    expect(await codeOf(empty)).toBe("BAD_REQUEST");
    await expect(acme().projects.create(request({ logo }, intakeId))).rejects.toThrow("Headline: this is required.");
    await expect(acme().projects.create(request({ headline: "Sale" }, intakeId))).rejects.toThrow("Logo: this is required.");
    await expect(acme().projects.create(request({ headline: "Sale", paper: ["Silk"], logo }, intakeId))).rejects.toThrow(
      "Paper: choose from the list.",
    );
    // Another person's folder, or none named.
    const { folder: theirs } = await globex().uploads.intakeTicket({ intakeId });
    await expect(acme().projects.create(request({ headline: "Sale", logo: [uploaded(theirs, "logo.svg")] }, intakeId))).rejects.toThrow(
      "Logo: those files were not uploaded with this request.",
    );
    expect(await codeOf(acme().projects.create(request({ headline: "Sale", logo })))).toBe("BAD_REQUEST");
    const none = await t.db.selectFrom("projects").select("id").where("title", "=", "Summer sale").execute();
    expect(none).toEqual([]);
  });

  it("keeps the answers as the brief, the files as briefing files, and the brief in the opening comment", async () => {
    const intakeId = crypto.randomUUID();
    const { folder } = await acme().uploads.intakeTicket({ intakeId });
    const { id } = await acme().projects.create(
      request(
        {
          headline: "  Summer sale  ",
          size: { width: 148, height: 210, unit: "mm" },
          paper: ["Gloss"],
          logo: [uploaded(folder, "logo.svg"), uploaded(folder, "photo.jpg")],
          stray: "not asked",
        },
        intakeId,
      ),
    );
    const project = await acme().projects.byId({ id });
    expect(project.service).toEqual({ id: serviceId, name: "A5 flyer" });
    const briefing = project.files.filter((f) => f.kind === "briefing");
    expect(briefing.map((f) => f.name).sort()).toEqual(["logo.svg", "photo.jpg"]);
    expect(project.brief?.answers).toEqual({
      headline: "Summer sale",
      size: { width: 148, height: 210, unit: "mm" },
      paper: ["Gloss"],
      logo: [
        { fileId: briefing.find((f) => f.name === "logo.svg")?.id, name: "logo.svg" },
        { fileId: briefing.find((f) => f.name === "photo.jpg")?.id, name: "photo.jpg" },
      ],
    });
    const thread = await acme().comments.byProject({ projectId: id });
    expect(thread.at(-1)?.body).toBe(
      "Started a flyer project: Summer sale\n\nHeadline: Summer sale\nSize: 148 x 210 mm\nPaper: Gloss\nLogo: logo.svg, photo.jpg",
    );
  });

  it("keeps a project's brief as answered when the service's form changes", async () => {
    const intakeId = crypto.randomUUID();
    const { folder } = await acme().uploads.intakeTicket({ intakeId });
    const { id } = await acme().projects.create(request({ headline: "Before", copies: 500, logo: [uploaded(folder, "a.svg")] }, intakeId));
    const listed = (await designer().services.list()).find((s) => s.id === serviceId)!;
    const service = { ...listed, event: "flyer" as const, currency: "EUR" as const };
    await designer().services.update({
      id: serviceId,
      service: {
        ...service,
        intakeForm: [
          { id: "headline", kind: "longText", label: "Main message", required: true },
          { id: "deadline", kind: "date", label: "Event day", required: true },
        ],
      },
    });
    const { brief } = await acme().projects.byId({ id });
    expect(brief?.fields.map((f) => [f.id, f.kind, f.label])).toEqual(form.map((f) => [f.id, f.kind, f.label]));
    expect(brief?.answers).toMatchObject({ headline: "Before", copies: 500 });
    // New requests answer the new form.
    await expect(acme().projects.create(request({ headline: "After" }))).rejects.toThrow("Event day: this is required.");
    await designer().services.update({ id: serviceId, service: { ...service, intakeForm: form } });
  });

  it("lets the studio edit a brief, recording what changed; a client cannot, and files stay", async () => {
    const intakeId = crypto.randomUUID();
    const { folder } = await acme().uploads.intakeTicket({ intakeId });
    const { id } = await acme().projects.create(request({ headline: "Sale", copies: 500, logo: [uploaded(folder, "b.svg")] }, intakeId));
    expect(await codeOf(acme().projects.updateBrief({ id, answers: { headline: "Mine" } }))).toBe("FORBIDDEN");
    expect(await codeOf(globex().projects.updateBrief({ id, answers: { headline: "Theirs" } }))).toBe("FORBIDDEN");
    expect(await codeOf(designer().projects.updateBrief({ id, answers: { copies: 1000 } }))).toBe("BAD_REQUEST");

    const { changes } = await designer().projects.updateBrief({ id, answers: { headline: "Sale", copies: 1000, paper: ["Matte"] } });
    expect(changes).toEqual([
      { fieldId: "paper", label: "Paper", before: "", after: "Matte" },
      { fieldId: "copies", label: "Copies", before: "500 copies", after: "1000 copies" },
    ]);
    // The same answers again change nothing and record nothing.
    expect((await designer().projects.updateBrief({ id, answers: { headline: "Sale", copies: 1000, paper: ["Matte"] } })).changes).toEqual(
      [],
    );
    const project = await acme().projects.byId({ id });
    expect(project.brief?.answers).toMatchObject({ copies: 1000, paper: ["Matte"], logo: [{ name: "b.svg" }] });
    expect(project.briefEdits).toHaveLength(1);
    expect(project.briefEdits[0]).toMatchObject({ editorName: creative.name, changes });

    // A project started without a form has no brief to edit.
    const plain = await acme().projects.create({ title: "Plain", event: "flyer", requestId: crypto.randomUUID() });
    expect(await codeOf(designer().projects.updateBrief({ id: plain.id, answers: {} }))).toBe("PRECONDITION_FAILED");
  });
});
