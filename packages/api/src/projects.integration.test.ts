import { createBusiness, DEMO_BUSINESS, DEMO_USERS, seedDemo, setUserBusiness } from "@atelier/db";
import { createTestDatabase, makeProject, type TestDatabase } from "@atelier/db/testing";
import { type LiveEvent, notificationsFor, type SessionUser } from "@atelier/domain";
import { createMailer, createOutbox, type Outbox } from "@atelier/mail";
import { extractLink, mailSubject, type SmtpSink, startSmtpSink } from "@atelier/mail/testing";
import { verifySignedDownloadToken, verifyUploadTicket } from "@atelier/storage";
import { startUploadServers, type UploadServers } from "@atelier/upload-server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller, createFileDownloadHandler } from "./index";
import { projectFolder } from "./project-folders";
import { codeOf } from "./testing/code-of";

const [admin, creative, client] = DEMO_USERS;
const user = (u: { id: string; name: string; email: string; role: SessionUser["role"] }, businessId: string | null): SessionUser => ({
  ...u,
  image: null,
  emailNotification: true,
  businessId,
});

describe("projects and their files, per business", () => {
  let t: TestDatabase;
  // A clock that moves a second per reading, so comments posted one after another are ordered.
  let ticks = 0;
  const now = () => new Date(Date.UTC(2026, 10, 22, 10, 0, ticks++));
  const secret = "s".repeat(32);
  let uploads: UploadServers;
  let smtp: SmtpSink;
  let outbox: Outbox;
  const live: LiveEvent[] = [];
  const as = (u: SessionUser, clock: () => Date = now) =>
    createCaller({
      db: t.db,
      user: u,
      now: clock,
      files: { store: uploads.imageStore, secret, balancerUrl: uploads.balancerUrl },
      mail: { outbox, appUrl: "http://app.test", digestWindowMs: 0, signInLink: async () => "http://app.test/sign-in" },
      live: { publish: async (e) => void live.push(e) },
    });
  const acmeClient = () => user(client, DEMO_BUSINESS.id);
  const globexClient = () => user({ id: "globex-client", name: "Gil Globex", email: "gil@globex.test", role: "client" }, "globex");
  const loneClient = () => user({ id: "lone-client", name: "Lou Lone", email: "lou@example.test", role: "client" }, null);
  /** A new project of Acme's, named as the client's first one would be; every test that needs one makes its own. */
  const newAcmeProject = async () =>
    (await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title: "Summer party flyer", createdBy: client.id, createdAt: now() })).id;

  beforeAll(async () => {
    [t, smtp, uploads] = await Promise.all([createTestDatabase(), startSmtpSink(), startUploadServers(secret)]);
    outbox = createOutbox({ db: t.db, transport: createMailer({ smtpUrl: smtp.url, from: "studio@atelier.test", db: t.db }) });
    outbox.start();
    await seedDemo(t.db);
    await createBusiness(t.db, { id: "globex", name: "Globex" });
    await t.db
      .insertInto("users")
      .values([
        { id: "globex-client", name: "Gil Globex", email: "gil@globex.test", role: "client" },
        { id: "lone-client", name: "Lou Lone", email: "lou@example.test", role: "client" },
      ])
      .execute();
    await setUserBusiness(t.db, "globex-client", "globex");
  });
  afterAll(async () => {
    await outbox?.stop();
    await t?.destroy();
    await smtp?.close();
    await uploads?.close();
  });

  it("a client starts a project for its own business, named by date and title", async () => {
    const created = await as(acmeClient()).projects.create({ title: "Summer party flyer", event: "flyer" });
    expect(created.name).toBe("2026-11-22-Summer-party-flyer");
    const acmeProject = created.id;
    const list = (await as(acmeClient()).projects.list()).items;
    expect(list.map((p) => p.id)).toContain(acmeProject);
    expect(list.find((p) => p.id === acmeProject)).toMatchObject({ businessName: "Acme Coffee", fileCount: 0, archived: false });
  });

  it("a client cannot start a project for another business, nor without one", async () => {
    expect(await codeOf(as(globexClient()).projects.create({ title: "x", event: "flyer", businessId: DEMO_BUSINESS.id }))).toBe(
      "FORBIDDEN",
    );
    expect(await codeOf(as(loneClient()).projects.create({ title: "x", event: "flyer" }))).toBe("PRECONDITION_FAILED");
    expect(await codeOf(as(user(creative, null)).projects.create({ title: "x", event: "flyer" }))).toBe("BAD_REQUEST");
    expect(await codeOf(as(user(admin, null)).projects.create({ title: "x", event: "flyer", businessId: "nope" }))).toBe("NOT_FOUND");
    expect(await codeOf(as(acmeClient()).projects.create({ title: "x", event: "rocket" as never }))).toBe("BAD_REQUEST");
  });

  it("another business's client can neither list, read, add files to nor archive the project, whatever id it sends", async () => {
    const acmeProject = await newAcmeProject();
    const gil = as(globexClient());
    expect(await gil.projects.list()).toEqual({ items: [], nextCursor: null });
    expect(await codeOf(gil.projects.byId({ id: acmeProject }))).toBe("NOT_FOUND");
    expect(
      await codeOf(
        gil.projects.addFiles({
          projectId: acmeProject,
          kind: "materials",
          files: [{ id: "u1", url: "http://up.test/x", thumbnail: "/placeholder.svg", blur: "/placeholder.svg", name: "x" }],
        }),
      ),
    ).toBe("NOT_FOUND");
    expect(await codeOf(gil.projects.setArchived({ id: acmeProject, archived: true }))).toBe("NOT_FOUND");
    expect(await as(loneClient()).projects.list()).toEqual({ items: [], nextCursor: null });
    expect((await as(acmeClient()).projects.byId({ id: acmeProject })).files).toEqual([]);
  });

  it("issues upload tickets limited to the project's folder for that kind of file", async () => {
    const acmeProject = await newAcmeProject();
    const { ticket, folder, balancerUrl } = await as(acmeClient()).uploads.ticket({ projectId: acmeProject, kind: "briefing" });
    expect(folder).toBe(`Acme_Coffee-${DEMO_BUSINESS.id}/2026/2026-11-22-Summer-party-flyer-${acmeProject}/BRIEFING`);
    expect(balancerUrl).toBe(uploads.balancerUrl);
    expect(verifyUploadTicket(ticket, secret, now())).toMatchObject({ ok: true, userId: client.id, pathPrefix: folder });
    expect(await codeOf(as(globexClient()).uploads.ticket({ projectId: acmeProject, kind: "briefing" }))).toBe("NOT_FOUND");
  });

  it("keeps uploaded files with the project, and validates them", async () => {
    const acmeProject = await newAcmeProject();
    const acme = as(acmeClient());
    const sha256 = "a".repeat(64);
    const project = await acme.projects.byId({ id: acmeProject });
    const briefing = projectFolder("briefing", project);
    const added = await acme.projects.addFiles({
      projectId: acmeProject,
      kind: "briefing",
      files: [
        {
          id: "grp-1",
          url: `http://127.0.0.1:3101/files/${briefing}/brief.pdf`,
          thumbnail: "/placeholder.svg",
          blur: "/placeholder.svg",
          name: "brief.pdf",
          size: 1234,
          type: "application/pdf",
          sha256,
        },
      ],
    });
    // A file of another folder (another project's, or another kind's) is refused: its download would be signed.
    for (const url of [
      `http://127.0.0.1:3101/files/Globex/Secr/Secret/MATERIALS/plan.pdf`,
      `http://127.0.0.1:3101/files/${projectFolder("materials", project)}/x.pdf`,
      `http://127.0.0.1:3101/files/${briefing}/../../x.pdf`,
      `http://127.0.0.1:3101/files/${briefing}/a/b.pdf`,
    ]) {
      expect(
        await codeOf(
          acme.projects.addFiles({
            projectId: acmeProject,
            kind: "briefing",
            files: [{ id: "g", url, thumbnail: "/placeholder.svg", blur: "/placeholder.svg", name: "x" }],
          }),
        ),
      ).toBe("BAD_REQUEST");
    }
    const withFiles = await acme.projects.byId({ id: acmeProject });
    expect(withFiles.files).toHaveLength(1);
    // The answer names the new file, so a proof can be sent with it next.
    expect(added).toEqual({ added: 1, ids: [withFiles.files[0]!.id] });
    expect(withFiles.files[0]).toMatchObject({
      kind: "briefing",
      name: "brief.pdf",
      size: 1234,
      sha256,
      uploadedBy: client.id,
      uploaderName: client.name,
    });
    // A file's link is the web app's, which checks the reader when it is opened and redirects to a link signed for the
    // file's key at one of the upload servers, never at the host the client named.
    const fileLink = withFiles.files[0]!.downloadUrl;
    expect(fileLink).toBe(`http://app.test/api/files/project/${withFiles.files[0]!.id}`);
    const downloads = createFileDownloadHandler({ db: t.db, files: { secret, balancerUrl: uploads.balancerUrl }, now });
    const segments = ["project", withFiles.files[0]!.id];
    expect((await downloads(globexClient(), segments)).status).toBe(404);
    expect((await downloads(null, segments)).status).toBe(401);
    const redirect = await downloads(acmeClient(), segments);
    expect(redirect.status).toBe(302);
    const link = new URL(redirect.headers.get("location") ?? "");
    expect(uploads.serverUrls).toContain(link.origin);
    expect(link.pathname).toBe(`/files/${briefing}/brief.pdf`);
    expect(verifySignedDownloadToken(link.searchParams.get("token"), { path: `${briefing}/brief.pdf` }, secret, now())).toMatchObject({
      ok: true,
      userId: client.id,
    });
    expect((await as(user(creative, null)).projects.list()).items.find((p) => p.id === acmeProject)).toMatchObject({ fileCount: 1 });
    for (const bad of [{ url: "javascript:alert(1)" }, { thumbnail: "javascript:alert(1)" }, { sha256: "xyz" }, { size: -1 }]) {
      // Everything else about the file is right, so each refusal is the bad field's.
      const file = {
        id: "g",
        url: `http://127.0.0.1:3101/files/${projectFolder("materials", project)}/x.pdf`,
        thumbnail: "/placeholder.svg",
        blur: "/placeholder.svg",
        name: "x",
        ...bad,
      };
      expect(await codeOf(acme.projects.addFiles({ projectId: acmeProject, kind: "materials", files: [file] }))).toBe("BAD_REQUEST");
    }
    expect(await codeOf(acme.projects.addFiles({ projectId: acmeProject, kind: "materials", files: [] }))).toBe("BAD_REQUEST");
  });

  describe("comments and notifications", () => {
    /** A new project of Acme's where the client sends its brief, the studio answers and keeps an internal note. */
    async function conversation() {
      const acmeProject = await newAcmeProject();
      const requestId = (await as(acmeClient()).comments.create({ projectId: acmeProject, body: "Bigger logo, please", event: "briefing" }))
        .id;
      await as(user(creative, null)).comments.create({ projectId: acmeProject, body: "On it", parentId: requestId });
      const shadowId = (
        await as(user(creative, null)).comments.create({ projectId: acmeProject, body: "Client is picky", event: "shadow" })
      ).id;
      return { acmeProject, requestId, shadowId };
    }
    /** The viewer's notifications on one project only: other tests' projects have comments too. */
    const notificationsOn = async (viewer: SessionUser, projectId: string) =>
      (await as(viewer).comments.findMany()).filter((c) => c.project.id === projectId);
    /** Waits until the outbox has sent everything it holds. */
    async function outboxDrained() {
      for (let waited = 0; (await t.db.selectFrom("outbox").select("id").where("status", "=", "pending").execute()).length > 0; waited++) {
        if (waited > 200) throw new Error("mail still pending");
        await new Promise((r) => setTimeout(r, 50));
      }
    }

    it("the client asks for a change, the studio answers and keeps an internal note", async () => {
      const heard = live.length;
      const { acmeProject, shadowId } = await conversation();
      expect(await codeOf(as(acmeClient()).comments.create({ projectId: acmeProject, body: "x", event: "shadow" }))).toBe("FORBIDDEN");
      // Open pages hear of each comment; the internal note is marked for the studio only.
      expect(live.slice(heard).map((e) => [e.commentId === shadowId, e.staffOnly, e.businessId])).toEqual([
        [false, false, DEMO_BUSINESS.id],
        [false, false, DEMO_BUSINESS.id],
        [true, true, DEMO_BUSINESS.id],
      ]);
      expect(await codeOf(as(acmeClient()).comments.create({ projectId: acmeProject, body: "   " }))).toBe("BAD_REQUEST");
      expect(await codeOf(as(globexClient()).comments.create({ projectId: acmeProject, body: "hi" }))).toBe("NOT_FOUND");
      expect(await codeOf(as(acmeClient()).comments.create({ projectId: acmeProject, body: "re", parentId: shadowId }))).toBe("NOT_FOUND");
    });

    it("e-mails the people involved who want it, and internal notes to the studio only", async () => {
      // Only this conversation's mail: what other tests' comments sent is delivered and set aside first.
      await outboxDrained();
      smtp.mails.length = 0;
      const { acmeProject, requestId } = await conversation();
      // Nobody is assigned: the admins follow the project; the brief is a notice, sent at once.
      // The comments after it mail the admins too, and may arrive first: wait for the brief's own.
      const request = await smtp.waitFor("admin@atelier.local", undefined, (m) => mailSubject(m.raw).startsWith("The brief for"));
      expect(mailSubject(request.raw)).toBe("The brief for “Summer party flyer” is complete — Atelier");
      expect(extractLink(request.raw)).toBe(`http://app.test/projects/${acmeProject}?id=${requestId}`);
      await smtp.waitFor("client@atelier.local");
      // Comments close together may share one mail: count each comment's mentions, not mails.
      await outboxDrained();
      const mentions = (addr: string, text: string) => smtp.mails.filter((m) => m.to.includes(addr) && m.raw.includes(text)).length;
      // The client hears of the studio's reply, never of the internal note, and nobody of their own comment.
      expect(["Bigger logo", "On it", "Client is picky"].map((c) => mentions("client@atelier.local", c))).toEqual([0, 1, 0]);
      // The designer was not on the project when the brief came, and wrote the rest.
      expect(["Bigger logo", "On it", "Client is picky"].map((c) => mentions("designer@atelier.local", c))).toEqual([0, 0, 0]);
      expect(["Bigger logo", "On it", "Client is picky"].map((c) => mentions("admin@atelier.local", c))).toEqual([1, 1, 1]);
      expect(smtp.mails.some((m) => m.to.includes("gil@globex.test"))).toBe(false);
    });

    it("shows internal notes to the studio only, and other businesses nothing", async () => {
      const { acmeProject, requestId } = await conversation();
      const studioThread = await as(user(admin, null)).comments.byProject({ projectId: acmeProject });
      expect(studioThread.map((c) => c.body)).toEqual(["Bigger logo, please", "On it", "Client is picky"]);
      const clientThread = await as(acmeClient()).comments.byProject({ projectId: acmeProject });
      expect(clientThread.map((c) => c.body)).toEqual(["Bigger logo, please", "On it"]);
      expect(clientThread[1]).toMatchObject({ isChild: true, parentId: requestId, user: { id: creative.id, name: "Dora Designer" } });
      expect((await notificationsOn(acmeClient(), acmeProject)).map((c) => c.body)).toEqual(["On it", "Bigger logo, please"]);
      expect(await as(globexClient()).comments.findMany()).toEqual([]);
      // Where the project stands follows the last event, not the internal note posted after it.
      expect((await as(acmeClient()).projects.byId({ id: acmeProject })).stage).toBe("briefing");
      expect((await as(acmeClient()).projects.list()).items.find((p) => p.id === acmeProject)?.stage).toBe("briefing");
      expect(await codeOf(as(globexClient()).comments.byProject({ projectId: acmeProject }))).toBe("NOT_FOUND");
    });

    it("counts a notification unread until its reader marks it read, and never one's own", async () => {
      const { acmeProject, shadowId } = await conversation();
      const viewer = { id: client.id, role: "client" as const };
      const before = notificationsFor(await notificationsOn(acmeClient(), acmeProject), viewer);
      expect(before.unread.map((c) => c.body)).toEqual(["On it"]);
      const [reply] = before.unread;
      await as(acmeClient()).comments.read({ commentId: reply!.id, userId: client.id });
      expect(notificationsFor(await notificationsOn(acmeClient(), acmeProject), viewer).unread).toEqual([]);
      expect(await codeOf(as(acmeClient()).comments.read({ commentId: reply!.id, userId: admin.id }))).toBe("FORBIDDEN");
      expect(await codeOf(as(acmeClient()).comments.read({ commentId: shadowId }))).toBe("NOT_FOUND");
      expect(await codeOf(as(globexClient()).comments.read({ commentId: reply!.id }))).toBe("NOT_FOUND");
      // The admin has read none of them yet.
      const adminView = notificationsFor(await notificationsOn(user(admin, null), acmeProject), { id: admin.id, role: "admin" });
      expect(adminView.unread).toHaveLength(3);
    });
  });

  describe("invoices and billing", () => {
    const lines = [
      { description: "Flyer design", quantity: 1, unitAmount: 45_000 },
      { description: "Revisions (hours)", quantity: 3, unitAmount: 6_000 },
    ];
    /** A draft invoice of its own to Acme for a new project, so no test reads another's invoice. */
    async function acmeDraft(clock = now) {
      const projectId = await newAcmeProject();
      return as(user(admin, null), clock).invoices.create({ businessId: DEMO_BUSINESS.id, projectId, dueAt: "2026-12-22", lines });
    }

    it("an admin invoices a business; numbers count up within the year, even when made at once", async () => {
      // Numbers count within a year and other tests invoice in 2026: this test's invoices are the first of 2027.
      const year = 2027;
      const inYear = () => new Date(Date.UTC(year, 0, 15, 10, 0, ticks++));
      const admin_ = as(user(admin, null), inYear);
      const first = await acmeDraft(inYear);
      expect(first.number).toBe(`INV-${year}-0001`);
      const more = await Promise.all([1, 2, 3].map(() => admin_.invoices.create({ businessId: "globex", lines: [lines[0]!] })));
      expect(more.map((i) => i.number).sort()).toEqual([`INV-${year}-0002`, `INV-${year}-0003`, `INV-${year}-0004`]);
      const listed = (await admin_.invoices.list()).items.find((i) => i.id === first.id);
      expect(listed).toMatchObject({
        status: "draft",
        total: 63_000,
        businessName: "Acme Coffee",
        projectTitle: "Summer party flyer",
        dueAt: "2026-12-22",
      });
    });

    it("refuses bad invoices, and invoices to anyone outside the studio", async () => {
      const acmeProject = await newAcmeProject();
      const admin_ = as(user(admin, null));
      expect(await codeOf(admin_.invoices.create({ businessId: "globex", projectId: acmeProject, lines }))).toBe("BAD_REQUEST");
      expect(await codeOf(admin_.invoices.create({ businessId: "globex", lines: [] }))).toBe("BAD_REQUEST");
      expect(
        await codeOf(admin_.invoices.create({ businessId: "globex", lines: [{ description: "x", quantity: 0, unitAmount: 1 }] })),
      ).toBe("BAD_REQUEST");
      expect(
        await codeOf(admin_.invoices.create({ businessId: "globex", lines: [{ description: "x", quantity: 1, unitAmount: 1.5 }] })),
      ).toBe("BAD_REQUEST");
      expect(await codeOf(admin_.invoices.create({ businessId: "globex", dueAt: "22/12/2026", lines }))).toBe("BAD_REQUEST");
      expect(await codeOf(admin_.invoices.create({ businessId: "nope", lines }))).toBe("NOT_FOUND");
      // Designers draft invoices (and list them); a client neither.
      const drafted = await acmeDraft();
      expect((await as(user(creative, null)).invoices.list()).items.map((i) => i.id)).toContain(drafted.id);
      expect(await codeOf(as(acmeClient()).invoices.list())).toBe("FORBIDDEN");
      expect(await codeOf(as(acmeClient()).invoices.create({ businessId: DEMO_BUSINESS.id, lines }))).toBe("FORBIDDEN");
    });

    it("a client sees its business's invoices once sent, never drafts nor another business's", async () => {
      const invoice = await acmeDraft();
      // Other tests send Acme invoices of their own: this one is looked for by its id, and no draft is ever shown.
      const billedToAcme = () => as(acmeClient()).billing.invoices();
      expect((await billedToAcme()).map((i) => i.id)).not.toContain(invoice.id);
      expect(await codeOf(as(acmeClient()).invoices.lines({ id: invoice.id }))).toBe("NOT_FOUND");
      await as(user(admin, null)).invoices.setStatus({ id: invoice.id, status: "sent" });
      const billed = await billedToAcme();
      expect(billed.filter((i) => i.id === invoice.id).map((i) => [i.number, i.status, i.total])).toEqual([
        [invoice.number, "sent", 63_000],
      ]);
      expect(billed.filter((i) => i.status === "draft")).toEqual([]);
      // Lines without a discount, tax or project come back with none of those.
      expect(await as(acmeClient()).invoices.lines({ id: invoice.id })).toEqual(
        lines.map((l) => ({ ...l, discountBp: 0, taxRateBp: 0, taxCategory: "zero", projectId: null })),
      );
      expect(await as(globexClient()).billing.invoices()).toEqual([]);
      expect(await codeOf(as(globexClient()).invoices.lines({ id: invoice.id }))).toBe("NOT_FOUND");
    });

    it("moves an invoice only along draft, sent, paid (or void)", async () => {
      const invoice = await acmeDraft();
      const admin_ = as(user(admin, null));
      await admin_.invoices.setStatus({ id: invoice.id, status: "sent" });
      expect(await codeOf(admin_.invoices.setStatus({ id: invoice.id, status: "draft" }))).toBe("PRECONDITION_FAILED");
      await admin_.invoices.setStatus({ id: invoice.id, status: "paid" });
      expect(await codeOf(admin_.invoices.setStatus({ id: invoice.id, status: "void" }))).toBe("PRECONDITION_FAILED");
      expect((await admin_.invoices.list()).items.find((i) => i.id === invoice.id)).toMatchObject({
        status: "paid",
        paidAt: expect.any(Date),
      });
    });
  });

  it("staff assign a project to a designer, and the workload shows who has what", async () => {
    const acmeProject = await newAcmeProject();
    const dora = as(user(creative, null));
    expect((await dora.projects.workload()).unassigned.map((p) => p.id)).toContain(acmeProject);
    await dora.projects.assign({ id: acmeProject, assigneeId: creative.id });
    const load = await dora.projects.workload();
    expect(load.people.find((p) => p.id === creative.id)?.projects.map((p) => p.id)).toEqual([acmeProject]);
    expect(load.unassigned.map((p) => p.id)).not.toContain(acmeProject);
    expect((await as(acmeClient()).projects.byId({ id: acmeProject })).assigneeId).toBe(creative.id);
    expect(await codeOf(dora.projects.assign({ id: acmeProject, assigneeId: client.id }))).toBe("BAD_REQUEST");
    expect(await codeOf(as(acmeClient()).projects.assign({ id: acmeProject, assigneeId: creative.id }))).toBe("FORBIDDEN");
    expect(await codeOf(as(acmeClient()).projects.workload())).toBe("FORBIDDEN");
  });

  it("the blog is the studio's: staff write and read it, authors or admins remove posts", async () => {
    const dora = as(user(creative, null));
    const { id: postId } = await dora.posts.create({ title: "New print partner", body: "We now print with Acme Print." });
    await as(user(admin, null)).posts.create({ title: "Holiday hours", body: "Closed on the 24th." });
    expect((await dora.posts.list()).map((p) => [p.title, p.authorName])).toEqual([
      ["Holiday hours", "Ada Admin"],
      ["New print partner", "Dora Designer"],
    ]);
    expect(await codeOf(as(acmeClient()).posts.list())).toBe("FORBIDDEN");
    expect(await codeOf(as(acmeClient()).posts.create({ title: "x", body: "y" }))).toBe("FORBIDDEN");
    expect(await codeOf(dora.posts.create({ title: " ", body: "y" }))).toBe("BAD_REQUEST");
    const adminPost = (await dora.posts.list())[0]!.id;
    expect(await codeOf(dora.posts.delete({ id: adminPost }))).toBe("FORBIDDEN");
    await as(user(admin, null)).posts.delete({ id: postId });
    expect((await dora.posts.list()).map((p) => p.title)).toEqual(["Holiday hours"]);
  });

  it("staff set a project's due date at creation and later; its client reads it, and is refused changing it", async () => {
    // The clock reads 22 November 2026 (UTC): the 21st is past, the 22nd is today.
    const staff = as(user(admin, null));
    const created = await staff.projects.create({
      title: "Gala poster",
      event: "poster",
      businessId: DEMO_BUSINESS.id,
      dueOn: "2026-11-21",
    });
    expect(await as(acmeClient()).projects.byId({ id: created.id })).toMatchObject({ dueOn: "2026-11-21", overdue: true });
    expect(await staff.projects.setDueOn({ id: created.id, dueOn: "2026-11-22" })).toEqual({ id: created.id, dueOn: "2026-11-22" });
    expect(await as(acmeClient()).projects.byId({ id: created.id })).toMatchObject({ dueOn: "2026-11-22", overdue: false });
    await staff.projects.setDueOn({ id: created.id, dueOn: null });
    expect(await staff.projects.byId({ id: created.id })).toMatchObject({ dueOn: null, overdue: false });

    // A client neither sets one when starting a project nor moves one; a designer may.
    expect(await codeOf(as(acmeClient()).projects.create({ title: "Mine", event: "flyer", dueOn: "2026-12-01" }))).toBe("FORBIDDEN");
    expect(await codeOf(as(acmeClient()).projects.setDueOn({ id: created.id, dueOn: "2026-12-01" }))).toBe("FORBIDDEN");
    expect(await codeOf(as(globexClient()).projects.setDueOn({ id: created.id, dueOn: "2026-12-01" }))).toBe("FORBIDDEN");
    await as(user(creative, null)).projects.setDueOn({ id: created.id, dueOn: "2026-12-01" });
    expect(await staff.projects.byId({ id: created.id })).toMatchObject({ dueOn: "2026-12-01" });

    // Only real days within the bounds, as dates.
    for (const dueOn of ["2026-02-30", "1999-12-31", "2100-01-01", "12/01/2026", "2026-12-01T00:00:00Z", ""])
      expect(await codeOf(staff.projects.setDueOn({ id: created.id, dueOn })), dueOn).toBe("BAD_REQUEST");
    expect(await codeOf(staff.projects.setDueOn({ id: "no-such-project", dueOn: null }))).toBe("NOT_FOUND");
  });

  it("only staff archive; archived projects move to the archive list", async () => {
    const acmeProject = await newAcmeProject();
    expect(await codeOf(as(acmeClient()).projects.setArchived({ id: acmeProject, archived: true }))).toBe("FORBIDDEN");
    await as(user(creative, null)).projects.setArchived({ id: acmeProject, archived: true });
    expect((await as(acmeClient()).projects.list()).items.map((p) => p.id)).not.toContain(acmeProject);
    expect((await as(acmeClient()).projects.list({ archived: true })).items.map((p) => p.id)).toContain(acmeProject);
  });

  it("staff list and create businesses; clients may not", async () => {
    expect(await codeOf(as(acmeClient()).businesses.list())).toBe("FORBIDDEN");
    expect(await codeOf(as(acmeClient()).businesses.create({ name: "Mine" }))).toBe("FORBIDDEN");
    const created = await as(user(creative, null)).businesses.create({ name: "  Initech " });
    expect(created.name).toBe("Initech");
    expect(await codeOf(as(user(admin, null)).businesses.create({ name: "initech" }))).toBe("CONFLICT");
    expect((await as(user(admin, null)).businesses.list()).map((b) => b.name)).toEqual(["Acme Coffee", "Globex", "Initech"]);
    const logo = "http://app.test/storage/v1/object/public/avatars/clients/AbCdEfGhIjKlMnOp";
    expect((await as(user(creative, null)).businesses.setImage({ id: created.id, image: logo })).image).toBe(logo);
    expect(await codeOf(as(acmeClient()).businesses.setImage({ id: DEMO_BUSINESS.id, image: logo }))).toBe("FORBIDDEN");
    expect(await codeOf(as(user(creative, null)).businesses.setImage({ id: created.id, image: "javascript:x" }))).toBe("BAD_REQUEST");
    expect(await codeOf(as(user(creative, null)).businesses.setImage({ id: "nope", image: null }))).toBe("NOT_FOUND");
  });

  it("takes a file off its project: staff any, a client only its own uploads, nobody another business's", async () => {
    const acmeProject = await newAcmeProject();
    const project = await as(acmeClient()).projects.byId({ id: acmeProject });
    const folder = projectFolder("materials", project);
    const add = (caller: ReturnType<typeof as>, name: string) =>
      caller.projects.addFiles({
        projectId: acmeProject,
        kind: "materials",
        files: [
          {
            id: `grp-${name}`,
            url: `http://127.0.0.1:3101/files/${folder}/${name}`,
            thumbnail: "/placeholder.svg",
            blur: "/placeholder.svg",
            name,
          },
        ],
      });
    await add(as(acmeClient()), "mine.pdf");
    await add(as(user(creative, null)), "studio.pdf");
    const fileId = async (name: string) =>
      (await as(acmeClient()).projects.byId({ id: acmeProject })).files.find((f) => f.name === name)?.id;
    const mine = (await fileId("mine.pdf"))!;
    const studios = (await fileId("studio.pdf"))!;
    expect(await codeOf(as(globexClient()).projects.removeFile({ id: mine }))).toBe("NOT_FOUND");
    expect(await codeOf(as(acmeClient()).projects.removeFile({ id: studios }))).toBe("FORBIDDEN");
    expect(await codeOf(as(acmeClient()).projects.removeFile({ id: "no-such-file" }))).toBe("NOT_FOUND");
    expect(await as(acmeClient()).projects.removeFile({ id: mine })).toEqual({ id: mine, name: "mine.pdf" });
    expect(await fileId("mine.pdf")).toBeUndefined();
    expect(await fileId("studio.pdf")).toBe(studios);
    await as(user(admin, null)).projects.removeFile({ id: studios });
    expect(await fileId("studio.pdf")).toBeUndefined();
  });
});
