// Approval chains (docs/approval-chains.md) on real PostgreSQL, the real outbox and SMTP sink and real upload servers:
// two required approvers keep a round waiting until both approved, and the project's stage follows the round's combined
// status; steps start in order and each step's people are mailed once, a guest with a review link of their own; one
// approver asking for changes decides the round; reviewers and people not named cannot decide; only the studio names
// reviewers, and a client of another business reads none of them; a round without approvers keeps one client answer.
import { generateKeyPairSync } from "node:crypto";
import { DEMO_BUSINESS, DEMO_USERS, seedDemo } from "@atelier/db";
import { createTestDatabase, makeUser, type TestDatabase } from "@atelier/db/testing";
import { type CertificateRecord, CHAIN_APPROVAL_RULE, GUEST_COOKIE, type SessionUser } from "@atelier/domain";
import { createMailer, createOutbox, type Outbox } from "@atelier/mail";
import { extractLink, mailPart, mailSubject, type SmtpSink, startSmtpSink } from "@atelier/mail/testing";
import { startUploadServers, type UploadServers } from "@atelier/upload-server/testing";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCertificateHandlers } from "./approval-certificates";
import { createCaller } from "./index";
import { createProofAuditHandler } from "./proof-audit";
import { signingKeyFromPem } from "./signing-key";
import { codeOf } from "./testing/code-of";
import { sendRoundOfOneFile } from "./testing/rounds";
import { sessionOf } from "./testing/sessions";

const [admin, creative, client] = DEMO_USERS;
const secret = "approval-chains-test-secret-0123456789";
const studio = () => sessionOf(creative, null);
const boss = () => sessionOf(admin, null);
const acme = () => sessionOf(client, DEMO_BUSINESS.id);

describe("approval chains", () => {
  let t: TestDatabase;
  let uploads: UploadServers;
  let smtp: SmtpSink;
  let outbox: Outbox;
  let marketing: SessionUser;
  let bistro: SessionUser;
  const files = () => ({ store: uploads.imageStore, secret, balancerUrl: uploads.balancerUrl });
  const mail = {
    get outbox() {
      return outbox;
    },
    appUrl: "http://app.test",
    digestWindowMs: 60 * 60_000,
    signInLink: async () => "http://app.test/sign-in",
  };
  const signing = signingKeyFromPem(generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString());
  const as = (user: SessionUser, client?: { ipAddress: string; userAgent: string }) =>
    createCaller({ db: t.db, user, now: () => new Date(), files: files(), mail, signing, client });

  /** A browser without an account, keeping the guest cookie its answers set. */
  function browser() {
    const jar = { value: undefined as string | undefined };
    const caller = createCaller({
      db: t.db,
      user: null,
      now: () => new Date(),
      files: files(),
      mail,
      guestCookie: {
        get value() {
          return jar.value;
        },
        set(header: string) {
          jar.value = header.slice(`${GUEST_COOKIE}=`.length).split(";")[0];
        },
      },
    });
    return caller;
  }

  /** Mails to `to` whose subject contains `words`, once the outbox has sent what is due. */
  async function mailsTo(to: string, words: string) {
    for (let waited = 0; waited < 200; waited++) {
      const due = await t.db
        .selectFrom("outbox")
        .select("id")
        .where("status", "=", "pending")
        .where("nextAttemptAt", "<=", new Date())
        .execute();
      if (due.length === 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    return smtp.mails.filter((m) => m.to.includes(to) && mailSubject(m.raw).includes(words));
  }

  async function codeFor(to: string): Promise<string> {
    for (let waited = 0; waited < 400; waited++) {
      const mails = smtp.mails.filter((m) => m.to.includes(to) && /is your code/.test(mailSubject(m.raw)));
      const code = /\b(\d{6})\b/.exec(mailPart(mails.at(-1)?.raw ?? "", "text/plain"))?.[1];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no code mailed to ${to}`);
  }

  /** A briefed project of Acme's with one round of one uploaded file sent. */
  const round = (title: string) => sendRoundOfOneFile({ client: as(acme()), studio: as(studio()) }, title);
  const stageOf = async (projectId: string) => (await as(studio()).projects.byId({ id: projectId })).stage;
  const statusOf = async (projectId: string, proofId: string) =>
    (await as(studio()).proofs.list({ projectId })).find((p) => p.id === proofId)?.status;

  beforeAll(async () => {
    [t, uploads, smtp] = await Promise.all([createTestDatabase(), startUploadServers(secret), startSmtpSink()]);
    outbox = createOutbox({ db: t.db, transport: createMailer({ smtpUrl: smtp.url, from: "studio@atelier.test", db: t.db }) });
    outbox.start();
    await seedDemo(t.db);
    const m = await makeUser(t.db, { email: "marketing@acme.test", name: "Mia Marketing", role: "client", businessId: DEMO_BUSINESS.id });
    marketing = sessionOf({ ...m, role: "client" }, DEMO_BUSINESS.id);
    await t.db.insertInto("businesses").values({ id: "bistro", name: "Bistro" }).execute();
    const b = await makeUser(t.db, { email: "owner@bistro.test", name: "Bo Bistro", role: "client", businessId: "bistro" });
    bistro = sessionOf({ ...b, role: "client" }, "bistro");
  });
  afterAll(async () => {
    await outbox?.stop();
    await t?.destroy();
    await smtp?.close();
    await uploads?.close();
  });

  it("keeps a round with two required approvers waiting after one approval, and approves it after both", async () => {
    const { projectId, proofId } = await round("Two approvers");
    await as(studio()).proofs.setReviewers({
      proofId,
      reviewers: [
        { email: client.email, role: "approver" },
        { email: "Marketing@Acme.test", role: "approver" },
      ],
    });
    // The call approve keeps its input; on a chain it records one approval.
    await as(acme()).proofs.approve({ proofId });
    expect(await statusOf(projectId, proofId)).toBe("sent");
    expect(await stageOf(projectId)).toBe("proof_sent");
    const waiting = await as(marketing).proofs.reviewers({ proofId });
    expect(waiting).toMatchObject({ chain: true, status: "waiting", currentStep: 1, you: { role: "approver", canDecide: true } });
    expect(waiting.reviewers.find((r) => r.email === client.email)).toMatchObject({ decision: "approved", verifiedBy: "session" });
    expect(waiting.rule).toContain("approved with changes counts as approved");

    const done = await as(marketing).proofs.decide({ proofId, decision: "approved_with_changes", reason: "Make the logo 10% larger" });
    expect(done).toMatchObject({ status: "approved", currentStep: null });
    expect(await statusOf(projectId, proofId)).toBe("approved");
    expect(await stageOf(projectId)).toBe("approved");
    const proof = (await as(acme()).proofs.list({ projectId })).find((p) => p.id === proofId);
    expect(proof?.approval?.sha256s).toEqual(proof?.files.map((f) => f.sha256));
    const after = await as(acme()).proofs.reviewers({ proofId });
    expect(after.reviewers.find((r) => r.email === "marketing@acme.test")).toMatchObject({
      decisionLabel: "Approved with changes",
      reason: "Make the logo 10% larger",
      sha256s: proof?.approval?.sha256s,
    });
    expect(await codeOf(as(acme()).proofs.decide({ proofId, decision: "approved" }))).toBe("PRECONDITION_FAILED");
  });

  it("starts steps in order, mailing each step's people once, a guest with a review link of their own", async () => {
    const { projectId, proofId } = await round("Spring poster");
    const reviewers = [
      { email: client.email, role: "approver" as const, step: 1 },
      { email: "marketing@acme.test", role: "approver" as const, step: 2 },
      { email: "legal@example.test", role: "approver" as const, step: 2 },
      { email: "printer@example.test", role: "reviewer" as const, step: 2 },
    ];
    await as(studio()).proofs.setReviewers({ proofId, reviewers });
    // Named again before anyone decided: nobody is mailed twice.
    await as(studio()).proofs.setReviewers({ proofId, reviewers });
    const toClient = await mailsTo(client.email, "Round 1 of Spring poster is waiting for your decision");
    expect(toClient).toHaveLength(1);
    expect(extractLink(mailPart(toClient[0]?.raw ?? "", "text/plain"))).toBe(`http://app.test/projects/${projectId}#round-1`);
    expect(await mailsTo("marketing@acme.test", "Spring poster is waiting")).toHaveLength(0);
    expect(await mailsTo("legal@example.test", "Spring poster is waiting")).toHaveLength(0);

    // A step-2 approver is refused until step 1 is decided.
    const early = as(marketing).proofs.decide({ proofId, decision: "approved" });
    expect(await codeOf(early)).toBe("PRECONDITION_FAILED");
    await expect(as(marketing).proofs.approve({ proofId })).rejects.toThrow("Step 2 of round 1 starts when step 1 is decided.");

    await as(acme()).proofs.decide({ proofId, decision: "approved" });
    expect(await as(acme()).proofs.reviewers({ proofId })).toMatchObject({ status: "waiting", currentStep: 2 });
    expect(await stageOf(projectId)).toBe("proof_sent");
    expect(await mailsTo("marketing@acme.test", "Round 1 of Spring poster is waiting for your decision")).toHaveLength(1);
    expect(await mailsTo("printer@example.test", "Round 1 of Spring poster is waiting for your comments")).toHaveLength(1);
    const toLegal = await mailsTo("legal@example.test", "Round 1 of Spring poster is waiting for your decision");
    expect(toLegal).toHaveLength(1);
    const link = extractLink(mailPart(toLegal[0]?.raw ?? "", "text/plain")) ?? "";
    expect(link).toMatch(/^http:\/\/app\.test\/review\/[A-Za-z0-9_-]{22,}$/);
    // Each guest's link is for their address only, listed with the round's links.
    const named = (await as(studio()).proofs.shares({ proofId })).map((s) => s.emails.join());
    expect(named.sort()).toEqual(["legal@example.test", "printer@example.test"]);

    // The guest opens their link, proves their address and decides as a named approver.
    const token = link.slice(link.lastIndexOf("/") + 1);
    const guest = browser();
    await guest.guest.requestCode({ token, email: "legal@example.test", name: "Lee Legal" });
    await guest.guest.verify({ token, email: "legal@example.test", code: await codeFor("legal@example.test") });
    expect(await guest.proofs.reviewers({ proofId })).toMatchObject({ you: { role: "approver", canDecide: true } });
    await guest.proofs.decide({ proofId, decision: "not_relevant", reason: "No claims on it" });
    expect(await statusOf(projectId, proofId)).toBe("sent");

    await as(marketing).proofs.approve({ proofId });
    expect(await statusOf(projectId, proofId)).toBe("approved");
    expect(await stageOf(projectId)).toBe("approved");
    const record = await as(studio()).proofs.reviewers({ proofId });
    expect(record.reviewers.find((r) => r.email === "legal@example.test")).toMatchObject({
      name: "Lee Legal (guest)",
      decision: "not_relevant",
      verifiedBy: "email_code",
    });
    // Each was mailed once, however many decisions followed.
    for (const r of reviewers) expect(await mailsTo(r.email, "Round 1 of Spring poster is waiting")).toHaveLength(1);
  });

  it("needs changes as soon as one approver asks for them", async () => {
    const { projectId, proofId } = await round("Changes by one");
    await as(studio()).proofs.setReviewers({
      proofId,
      reviewers: [
        { email: client.email, role: "approver" },
        { email: "marketing@acme.test", role: "approver" },
      ],
    });
    // The call requestChanges keeps its input; on a chain it is that approver's "changes required".
    const used = await as(marketing).proofs.requestChanges({ proofId, body: "The date is wrong" });
    expect(used).toMatchObject({ revisionsUsed: 1, billable: false });
    expect(await statusOf(projectId, proofId)).toBe("changes_requested");
    expect(await stageOf(projectId)).toBe("modification");
    expect((await as(acme()).proofs.reviewers({ proofId })).status).toBe("changes_required");
    expect(await codeOf(as(acme()).proofs.approve({ proofId }))).toBe("PRECONDITION_FAILED");
  });

  it("lets reviewers comment only, and nobody not named decide; a staff approver may", async () => {
    const { projectId, proofId } = await round("Reviewer only comments");
    await as(studio()).proofs.setReviewers({
      proofId,
      reviewers: [
        { email: "marketing@acme.test", role: "reviewer" },
        { email: creative.email, role: "approver" },
      ],
    });
    expect(await codeOf(as(marketing).proofs.decide({ proofId, decision: "approved" }))).toBe("FORBIDDEN");
    expect(await codeOf(as(marketing).proofs.requestChanges({ proofId, body: "No" }))).toBe("FORBIDDEN");
    expect(await codeOf(as(acme()).proofs.approve({ proofId }))).toBe("FORBIDDEN");
    expect(await codeOf(as(boss()).proofs.approve({ proofId }))).toBe("FORBIDDEN");
    expect((await as(marketing).proofs.reviewers({ proofId })).you).toMatchObject({ role: "reviewer", canDecide: false });
    // A reviewer's pin is welcome.
    const file = (await as(marketing).proofs.list({ projectId }))[0]?.files[0];
    await as(marketing).annotations.create({ proofId, fileId: file?.id ?? "", x: 0.5, y: 0.5, body: "Nice" });
    await as(studio()).proofs.decide({ proofId, decision: "approved" });
    expect(await stageOf(projectId)).toBe("approved");
  });

  it("lets only the studio name reviewers, and no client of another business read or set them", async () => {
    const { proofId } = await round("Who names reviewers");
    const reviewers = [{ email: "marketing@acme.test", role: "approver" as const }];
    expect(await codeOf(as(acme()).proofs.setReviewers({ proofId, reviewers }))).toBe("FORBIDDEN");
    expect(await codeOf(as(bistro).proofs.setReviewers({ proofId, reviewers }))).toBe("FORBIDDEN");
    expect(await codeOf(as(bistro).proofs.reviewers({ proofId }))).toBe("NOT_FOUND");
    expect(await codeOf(as(bistro).proofs.decide({ proofId, decision: "approved" }))).toBe("NOT_FOUND");
    expect(await codeOf(browser().proofs.reviewers({ proofId }))).toBe("UNAUTHORIZED");
    expect(await codeOf(browser().proofs.setReviewers({ proofId, reviewers }))).toBe("UNAUTHORIZED");
    await as(studio()).proofs.setReviewers({ proofId, reviewers });
    expect((await as(acme()).proofs.reviewers({ proofId })).reviewers.map((r) => r.email)).toEqual(["marketing@acme.test"]);
    // An address named twice is refused at the boundary.
    const twice = as(studio()).proofs.setReviewers({
      proofId,
      reviewers: [...reviewers, { email: "MARKETING@acme.test", role: "reviewer" }],
    });
    expect(await codeOf(twice)).toBe("BAD_REQUEST");
    // Once someone decided, the reviewers stay as they were.
    await as(marketing).proofs.decide({ proofId, decision: "approved" });
    expect(await codeOf(as(studio()).proofs.setReviewers({ proofId, reviewers: [] }))).toBe("PRECONDITION_FAILED");
  });

  it("certifies a chained approval with every decision, where each came from, and the chain's rule", async () => {
    const { proofId } = await round("Certified chain");
    await as(studio()).proofs.setReviewers({
      proofId,
      reviewers: [
        { email: client.email, role: "approver", step: 1 },
        { email: "marketing@acme.test", role: "approver", step: 2 },
        { email: "printer@example.test", role: "reviewer", step: 2 },
      ],
    });
    const desk = { ipAddress: "203.0.113.40", userAgent: "Desk/1.0" };
    const phone = { ipAddress: "2001:db8::7", userAgent: "Phone/2.0 </script>" };
    await as(acme(), desk).proofs.decide({ proofId, decision: "approved_with_changes", reason: "Darker blue in print" });
    await as(marketing, phone).proofs.approve({ proofId });
    const { id } = await as(acme()).proofs.certificateUrl({ proofId });
    const answer = await createCertificateHandlers({ db: t.db, signing, appUrl: mail.appUrl }).certificate(`${id}.json`);
    const { record } = (await answer.json()) as { record: CertificateRecord };
    expect(record.rule).toBe(CHAIN_APPROVAL_RULE);
    expect(record.decisions).toEqual([
      expect.objectContaining({
        decision: "approved_with_changes",
        step: 1,
        email: client.email,
        reason: "Darker blue in print",
        verifiedBy: "signed in",
        ...desk,
      }),
      expect.objectContaining({ decision: "approved", label: "Approved", step: 2, email: "marketing@acme.test", reason: null, ...phone }),
    ]);
    // The round's approval records the last decider's origin too, as a single answer's does.
    const approval = await t.db
      .selectFrom("proofApprovals")
      .select(["ipAddress", "userAgent"])
      .where("proofId", "=", proofId)
      .executeTakeFirstOrThrow();
    expect(approval).toEqual(phone);
  });

  it("exports everything that happened to a project's rounds, as CSV and JSON, to staff only", async () => {
    const { projectId, proofId } = await round("Audited round");
    const link = await as(studio()).proofs.share({ proofId, expiresInDays: 3, emails: ["gia@outside.test"] });
    const token = link.url.slice(link.url.lastIndexOf("/") + 1);
    const guest = browser();
    await guest.guest.requestCode({ token, email: "gia@outside.test", name: "=Gia" });
    await guest.guest.verify({ token, email: "gia@outside.test", code: await codeFor("gia@outside.test") });
    const file = (await as(studio()).proofs.list({ projectId }))[0]?.files[0];
    await guest.annotations.create({ proofId, fileId: file?.id ?? "", x: 0.2, y: 0.3, body: '=HYPERLINK("http://evil.test","x")' });
    await as(studio()).proofs.setReviewers({ proofId, reviewers: [{ email: "gia@outside.test", role: "approver" }] });
    await guest.proofs.decide({ proofId, decision: "changes_required", reason: "Bigger, 東京 </script>" });
    await as(studio()).proofs.revokeShare({ id: link.id });

    const audit = createProofAuditHandler({ db: t.db });
    const json = await audit(studio(), projectId, "json");
    expect(json.headers.get("content-disposition")).toMatch(/^attachment; filename=".*-proof-audit\.json"$/);
    const { events } = (await json.json()) as { events: { event: string; at: string; name: string | null; detail: string }[] };
    const kinds = events.map((e) => e.event);
    for (const kind of [
      "round_sent",
      "link_created",
      "link_opened",
      "code_sent",
      "guest_verified",
      "pin",
      "reviewer_notified",
      "decision",
      "changes_requested",
      "link_revoked",
    ])
      expect(kinds).toContain(kind);
    // In the order they happened.
    expect(kinds.indexOf("round_sent")).toBe(0);
    expect(kinds.indexOf("code_sent")).toBeLessThan(kinds.indexOf("guest_verified"));
    expect(kinds.indexOf("guest_verified")).toBeLessThan(kinds.indexOf("pin"));
    expect(kinds.indexOf("decision")).toBeLessThan(kinds.indexOf("link_revoked"));
    expect(events.map((e) => e.at)).toEqual([...events.map((e) => e.at)].sort());
    expect(events.find((e) => e.event === "decision")?.detail).toBe("Changes required, step 1: Bigger, 東京 </script>");

    const csv = await audit(boss(), projectId, "csv");
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const rows = parse(await csv.text(), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(events.length);
    expect(rows.map((r) => r.event)).toEqual(kinds);
    // What a spreadsheet would run as a formula is text.
    expect(rows.find((r) => r.event === "pin")?.detail).toMatch(/: =HYPERLINK/);
    expect(rows.find((r) => r.event === "pin")?.name).toBe("'=Gia (guest)");

    expect((await audit(acme(), projectId, "csv")).status).toBe(403);
    expect((await audit(bistro, projectId, "json")).status).toBe(404);
    expect((await audit(null, projectId, "json")).status).toBe(401);
    expect((await audit(studio(), projectId, "xml")).status).toBe(400);
    expect((await audit(studio(), "no-such-project", "csv")).status).toBe(404);
  });

  it("keeps one client answer for a round that names no approver", async () => {
    const { projectId, proofId } = await round("No approvers");
    await as(studio()).proofs.setReviewers({ proofId, reviewers: [{ email: "printer@example.test", role: "reviewer" }] });
    expect(await as(acme()).proofs.reviewers({ proofId })).toMatchObject({ chain: false, you: { canDecide: false } });
    expect(await codeOf(as(acme()).proofs.decide({ proofId, decision: "approved" }))).toBe("PRECONDITION_FAILED");
    await as(acme()).proofs.approve({ proofId });
    expect(await stageOf(projectId)).toBe("approved");
  });
});
