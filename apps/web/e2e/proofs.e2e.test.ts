// The design loop in Chromium, two people in two browser contexts: the designer sends round 1 with a PNG and a
// 200-page PDF; the client opens the PDF, pins "logo too small" on page 1 and asks for changes (1 of 3 used); the
// designer sees the pin live, ticks it off round 1's checklist and sends round 2; the client approves it; the
// project shows the approved hashes, and a later print-ready file that differs shows the mismatch; the client
// downloads the approval certificate, and its public page, opened without an account, checks the signature and tells
// the approved file from one a byte different.
import { createHash } from "node:crypto";
import { DEMO_BUSINESS, seedDemo } from "@atelier/db";
import { makeProject, type TestDatabase } from "@atelier/db/testing";
import { extractLink, mailSubject } from "@atelier/mail/testing";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { makePdf, makePng } from "./fixtures";
import { chooseOption, keepScreenshot, type RunningApp, type Stack, signInByMail, startStack, step } from "./harness";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const STACK = { database: true, smtp: true, uploads: true, browser: true } as const;

describe("proofs, pins and approval in two browsers (PostgreSQL, real upload servers)", () => {
  let stack: Stack<typeof STACK>;
  let t: TestDatabase;
  let app: RunningApp;
  let designer: Page;
  let client: Page;
  const png = makePng(800, 600);
  const pdf = makePdf(200);

  async function signIn(email: string): Promise<Page> {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInByMail(page, app.url, email, stack.smtp);
    await page.getByTestId("sidebar").waitFor();
    return page;
  }

  async function upload(page: Page, kind: string, files: { name: string; mimeType: string; buffer: Buffer }[]) {
    await page.getByRole("button", { name: `Upload ${kind}` }).click();
    await page.locator(".uppy-Dashboard-input").first().setInputFiles(files);
    await page.getByRole("button", { name: new RegExp(`^Upload ${files.length} file`) }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `${files.length} file${files.length === 1 ? "" : "s"} added` })
      .first()
      .waitFor({ timeout: 90_000 });
    await page.keyboard.press("Escape");
  }

  const proof = (page: Page, round: number) => page.locator(`[data-testid="proof"][data-round="${round}"]`);

  async function sendProof(round: number, names: string[]) {
    const form = designer.getByRole("form", { name: "Send a proof" });
    for (const name of names) await form.getByLabel(name, { exact: true }).check();
    await form.getByLabel("Note to the client").fill(`Round ${round}, as discussed`);
    await form.getByRole("button", { name: "Send proof" }).click();
    await proof(designer, round).waitFor();
  }

  beforeAll(async () => {
    stack = await startStack(STACK, { seed: ({ t }) => seedDemo(t.db) });
    ({ t, app } = stack);
    designer = await signIn("designer@atelier.local");
    client = await signIn("client@atelier.local");
  });
  afterAll(async () => {
    await stack?.stop();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail") {
      await keepScreenshot(designer, `${ctx.task.name}-designer`);
      await keepScreenshot(client, `${ctx.task.name}-client`);
    }
  });

  // One loop from brief to approval: each step answers the one before it (round 2 answers the pin on round 1, the
  // approval is of round 2, the layout is looked at with the pins in place), so they are one test, told in steps.
  it("the design loop: brief, round 1, a pin and a change request, round 2, approval, on a phone and a desktop", {
    timeout: 600_000,
  }, async () => {
    const project = await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title: "Harvest festival flyer", event: "flyer" });
    const projectUrl = `${app.url}/projects/${project.id}`;

    await step("the client briefs the project; the composer offers only what the stage allows", async () => {
      await client.goto(projectUrl);
      const kinds = client.getByLabel("Kind of comment");
      // The kit's Select lists its options only while open.
      const kindOptions = async () => {
        await kinds.click();
        // The list's code loads with the first press (NativeSelect): its options show a moment later.
        await client.getByRole("option").first().waitFor();
        const texts = await client.getByRole("option").allInnerTexts();
        await client.keyboard.press("Escape");
        await client.getByRole("listbox").waitFor({ state: "detached" });
        return texts;
      };
      await expect.poll(kindOptions).toEqual(["Comment", "Brief"]);
      await client.getByLabel("Your comment").fill("Autumn colours, our logo big");
      await chooseOption(kinds, "Brief");
      await client.getByRole("button", { name: "Post" }).click();
      await client.getByTestId("project-stage").filter({ hasText: "Briefed" }).waitFor();
      await expect.poll(kindOptions).toEqual(["Comment"]);
    });

    await step("the designer sends round 1 with a PNG and a 200-page PDF", async () => {
      await designer.goto(projectUrl);
      await upload(designer, "Materials", [
        { name: "flyer.png", mimeType: "image/png", buffer: png },
        { name: "flyer.pdf", mimeType: "application/pdf", buffer: pdf },
      ]);
      await sendProof(1, ["flyer.png", "flyer.pdf"]);
      await designer.getByTestId("project-stage").filter({ hasText: "Proof sent" }).waitFor();
    });

    let roundLink = "";
    await step("the client is mailed at once that round 1 awaits their approval, with a button that opens it", async () => {
      // Not held for the gathering window (two minutes here): it is there as soon as the outbox has run.
      const subject = "Round 1 of “Harvest festival flyer” is ready for your approval — Atelier";
      const sent = () => stack.smtp.mails.find((m) => m.to.includes("client@atelier.local") && mailSubject(m.raw) === subject);
      await expect.poll(() => sent() !== undefined, { timeout: 15_000 }).toBe(true);
      roundLink = extractLink(sent()?.raw ?? "") ?? "";
      expect(roundLink).toBe(`${projectUrl}#round-1`);
    });

    await step("the client opens the PDF by ranges, pins 'logo too small' on page 1 and asks for changes (1 of 3 used)", async () => {
      const ranges: number[] = [];
      client.on("response", (r) => {
        if (r.url().includes("/files/") && r.url().includes("flyer.pdf")) ranges.push(r.status());
      });
      // The mail's button: the page opens at round 1, marked.
      await client.goto(roundLink);
      await proof(client, 1).and(client.locator("[data-linked]")).waitFor();
      expect(await proof(client, 1).evaluate((round) => round.getBoundingClientRect().top < window.innerHeight)).toBe(true);
      // Timed from the click itself: the page's own loading is not the viewer's.
      const open = proof(client, 1).getByRole("button", { name: "Open flyer.pdf" });
      await open.waitFor();
      const started = Date.now();
      await open.click();
      const canvas = client.getByTestId("pdf-page");
      await client.locator('[data-testid="pdf-page"][data-rendered-page="1"]').waitFor();
      const firstPageMs = Number(await canvas.getAttribute("data-first-page-ms"));
      console.log(
        `first page of a 200-page PDF (${pdf.length} bytes): ${firstPageMs} ms in the viewer, ${Date.now() - started} ms from the click, ${ranges.length} answers of the file`,
      );
      expect(await client.getByTestId("pdf-page-number").innerText()).toBe("1 / 200");
      // Read by ranges: partial answers only, never the whole file in one.
      expect(ranges.length).toBeGreaterThan(1);
      expect(new Set(ranges)).toEqual(new Set([206]));

      const box = (await canvas.boundingBox())!;
      await client.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.1);
      await client.getByLabel("Comment at the pin").fill("logo too small");
      await client.getByRole("button", { name: "Pin comment", exact: true }).click();
      await client.getByTestId("pin-entry").filter({ hasText: "logo too small" }).waitFor();
      await client.getByTestId("pin").first().waitFor();
      await client.keyboard.press("Escape");
      // The thread entry links back to its pin, which opens the file at it.
      await client.getByTestId("comment").filter({ hasText: "logo too small" }).getByTestId("pin-link").click();
      await client.getByTestId("pin-entry").filter({ hasText: "logo too small" }).waitFor();
      expect(await client.getByTestId("pdf-page-number").innerText()).toBe("1 / 200");
      await client.keyboard.press("Escape");

      await proof(client, 1).getByRole("button", { name: "Request changes" }).click();
      expect(await client.getByTestId("next-revision").innerText()).toContain("round 1 of 3 used");
      await client.getByLabel("What should change").fill("Logo bigger, please");
      await client.getByRole("button", { name: "Send request" }).click();
      await client.getByTestId("revision-ledger").filter({ hasText: "round 1 of 3 used" }).waitFor();
      await proof(client, 1).getByTestId("proof-status").filter({ hasText: "Changes requested" }).waitFor();
    });

    await step("the designer sees the pin live, and sends round 2", async () => {
      // The designer's page has stayed open since round 1: the pin reaches it through the live stream.
      await designer.getByTestId("comment").filter({ hasText: "logo too small" }).waitFor();
      await proof(designer, 1).getByTestId("proof-status").filter({ hasText: "Changes requested" }).waitFor();
      // The project's own stage moves live too, not only the proof's.
      await designer.getByTestId("project-stage").filter({ hasText: "Changes requested" }).waitFor({ timeout: 10_000 });
      await proof(designer, 1).getByRole("button", { name: "Open flyer.pdf" }).click();
      await designer.getByTestId("pin-entry").filter({ hasText: "logo too small" }).waitFor();
      await designer.keyboard.press("Escape");
      // Round 1's pin is the checklist for round 2: ticked off once addressed, so sending asks nothing.
      const checklist = designer.getByRole("form", { name: "Send a proof" }).getByTestId("checklist");
      await checklist.getByTestId("checklist-summary").filter({ hasText: "1 item still open" }).waitFor();
      await checklist
        .getByTestId("checklist-item")
        .filter({ hasText: "logo too small" })
        .getByRole("button", { name: "Mark done" })
        .click();
      await checklist.getByTestId("checklist-summary").filter({ hasText: "all done" }).waitFor();
      await sendProof(2, ["flyer.png"]);
      await proof(designer, 2).getByTestId("addressed-checklist").filter({ hasText: "Round 1's checklist: 1 item of 1 done" }).waitFor();
    });

    await step(
      "the client approves round 2; the project shows the approved hashes; a different print-ready file shows the mismatch",
      async () => {
        await proof(client, 2).waitFor();
        await proof(client, 2).getByRole("button", { name: "Approve" }).click();
        await client.getByRole("alertdialog").getByRole("button", { name: "Approve" }).click();
        await proof(client, 2).getByTestId("approval").waitFor();
        expect(await proof(client, 2).getByTestId("approved-hash").allInnerTexts()).toEqual([expect.stringContaining(sha256(png))]);
        await client.getByTestId("project-stage").filter({ hasText: "Approved" }).waitFor();
        // Download all: the round as one ZIP, streamed by the web app from the upload servers.
        const zipHref = await proof(client, 1).getByTestId("proof-zip").getAttribute("href");
        // The link asks for the client's session: opened with the page's cookies it answers, without them it does not.
        expect((await fetch(new URL(zipHref!, app.url))).status).toBe(401);
        const zip = await client.request.get(new URL(zipHref!, app.url).toString());
        expect([zip.status(), zip.headers()["content-type"]]).toEqual([200, "application/zip"]);
        const zipBytes = new Uint8Array(await zip.body());
        // Stored, not compressed: both files' bytes are in the archive whole, after a "PK" signature.
        expect(Buffer.from(zipBytes.subarray(0, 2)).toString()).toBe("PK");
        expect(zipBytes.length).toBeGreaterThan(png.length + pdf.length);
        // The designer, never asked to approve, was not offered it.
        await designer.reload();
        await proof(designer, 2).getByTestId("approval").waitFor();
        expect(await proof(designer, 2).getByRole("button", { name: "Approve" }).count()).toBe(0);

        const other = makePng(800, 601);
        await upload(designer, "Print-ready files", [{ name: "flyer-print.png", mimeType: "image/png", buffer: other }]);
        await designer.reload();
        const mismatch = designer.getByTestId("print-mismatch");
        await mismatch.waitFor();
        expect(await mismatch.innerText()).toContain("flyer-print.png");
        expect(await mismatch.innerText()).toContain(sha256(other));
        await client.reload();
        await client.getByTestId("print-mismatch").waitFor();

        // The studio raises the business's allowance; both sides see it.
        await designer.getByLabel("Change rounds included for Acme Coffee").fill("5");
        await designer.getByRole("button", { name: "Save", exact: true }).click();
        await designer.getByTestId("revision-ledger").filter({ hasText: "round 1 of 5 used" }).waitFor();
        await client.reload();
        await client.getByTestId("revision-ledger").filter({ hasText: "round 1 of 5 used" }).waitFor();
        expect(await client.getByLabel("Change rounds included for Acme Coffee").count()).toBe(0);
      },
    );

    await step("the approval certificate: a PDF for the client; its public page matches the approved file only", async () => {
      const [download] = await Promise.all([client.waitForEvent("download"), proof(client, 2).getByTestId("certificate-download").click()]);
      expect(download.suggestedFilename()).toMatch(/^approval-certificate-[A-Za-z0-9_-]{22}\.pdf$/);
      const verifyUrl = (await proof(client, 2).getByTestId("certificate-verify-link").getAttribute("href")) ?? "";
      expect(verifyUrl).toMatch(new RegExp(`^${app.url}/verify/[A-Za-z0-9_-]{22}$`));
      // For machines, without a session; an id that names nothing is a 404.
      const json = (await (await fetch(`${verifyUrl}.json`)).json()) as { record: { files: { sha256: string }[] } };
      expect(json.record.files.map((f) => f.sha256)).toEqual([sha256(png)]);
      expect((await fetch(`${app.url}/verify/AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
      expect((await fetch(`${app.url}/verify/AAAAAAAAAAAAAAAAAAAAAA.json`)).status).toBe(404);

      // Anyone: a browser with no session at all.
      const context = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const visitor = await context.newPage();
        const oneByteOff = Buffer.from(png);
        oneByteOff[oneByteOff.length - 1] = (oneByteOff[oneByteOff.length - 1] ?? 0) ^ 0x01;
        for (const [width, height] of [
          [390, 844],
          [1280, 800],
        ] as const) {
          await visitor.setViewportSize({ width, height });
          await visitor.goto(verifyUrl);
          await visitor.locator('[data-testid="signature-check"][data-state="valid"]').waitFor();
          expect(await visitor.getByTestId("signature-check").innerText()).toContain("Checked in your browser");
          const input = visitor.getByTestId("file-input");
          await input.setInputFiles({ name: "flyer.png", mimeType: "image/png", buffer: png });
          await visitor.locator('[data-testid="file-check-result"][data-match="true"]').waitFor();
          expect(await visitor.getByTestId("file-check-result").innerText()).toContain(sha256(png));
          await input.setInputFiles({ name: "flyer-edited.png", mimeType: "image/png", buffer: oneByteOff });
          await visitor.locator('[data-testid="file-check-result"][data-match="false"]').waitFor();
          expect(await visitor.getByTestId("file-check-result").innerText()).toContain(sha256(oneByteOff));
          const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `verify page at ${width}px`).toBeLessThanOrEqual(0);
          await keepScreenshot(visitor, `verify-certificate-${width}`);
        }
      } finally {
        await context.close();
      }
    });

    await step("fits a phone and a desktop: no sideways scrolling, with the viewer open too", async () => {
      for (const [width, height] of [
        [390, 844],
        [1280, 800],
      ] as const) {
        for (const [who, page] of [
          ["client", client],
          ["designer", designer],
        ] as const) {
          await page.setViewportSize({ width, height });
          await page.goto(projectUrl);
          await proof(page, 1).waitFor();
          const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(await overflow(), `${who} at ${width}px`).toBeLessThanOrEqual(0);
          await keepScreenshot(page, `proofs-${who}-${width}`);
          await proof(page, 1).getByRole("button", { name: "Open flyer.pdf" }).click();
          await page.locator('[data-testid="pdf-page"][data-rendered-page="1"]').waitFor();
          await page.getByTestId("pin").first().waitFor();
          expect(await overflow(), `${who}'s viewer at ${width}px`).toBeLessThanOrEqual(0);
          await keepScreenshot(page, `proofs-viewer-${who}-${width}`);
          await page.keyboard.press("Escape");
        }
      }
    });
  });
});
