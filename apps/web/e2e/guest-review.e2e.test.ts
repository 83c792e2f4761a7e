// Guest review in Chromium (docs/guest-review.md): the designer shares round 1 at 1280; a guest on a phone opens the
// link, asks for a code, reads it from the mail, opens the round, pins a comment and approves; the designer sees the
// approval "verified by e-mail code"; after Revoke the guest's next action is refused with the reason. Then an approval
// chain (docs/approval-chains.md): the designer names the client in step 1 and a guest in step 2; the client decides on
// a phone, the guest is mailed a link of their own and approves on a phone, and the certificate names both decisions.
import { DEMO_BUSINESS, seedDemo } from "@atelier/db";
import { makeProject } from "@atelier/db/testing";
import { mailPart } from "@atelier/mail/testing";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePng } from "./fixtures";
import { keepScreenshot, type Stack, signInByMail, startStack, step } from "./harness";

const STACK = { database: true, smtp: true, uploads: true, browser: true } as const;
// Long and hostile: markup, non-Latin letters, 200 characters.
const HOSTILE = "</script><b>Ünïcødé 東京 Приём</b> ";
// A project title is at most 120 characters; a person's name 100.
const TITLE = `${HOSTILE}${"poster ".repeat(40)}`.slice(0, 120);
const GUEST = `${HOSTILE}${"Gia ".repeat(60)}`.slice(0, 100).trim();

describe("a guest reviews a shared round on a phone", () => {
  let stack: Stack<typeof STACK>;
  let designer: Page;
  let guest: Page;

  beforeAll(async () => {
    stack = await startStack(STACK, { seed: ({ t }) => seedDemo(t.db) });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  /** The designer uploads one file and sends it as the project's next round, at the page it is on. */
  async function sendRound(page: Page, projectId: string, file: string): Promise<void> {
    await page.goto(`${stack.app.url}/projects/${projectId}`);
    await page.getByRole("button", { name: "Upload Materials" }).click();
    await page
      .locator(".uppy-Dashboard-input")
      .first()
      .setInputFiles([{ name: file, mimeType: "image/png", buffer: makePng(800, 600) }]);
    await page.getByRole("button", { name: /^Upload 1 file/ }).click();
    await page.getByRole("status").filter({ hasText: "1 file added" }).first().waitFor({ timeout: 90_000 });
    await page.keyboard.press("Escape");
    const form = page.getByRole("form", { name: "Send a proof" });
    await form.getByLabel(file, { exact: true }).check();
    await form.getByRole("button", { name: "Send proof" }).click();
  }

  /** The newest mail to `to` whose subject holds `words`, waited for. */
  async function mailTo(to: string, words: RegExp, after: number) {
    await expect
      .poll(() => stack.smtp.mails.slice(after).some((m) => m.to.includes(to) && words.test(mailPart(m.raw, "text/plain") + m.raw)), {
        timeout: 20_000,
      })
      .toBe(true);
    return stack.smtp.mails.slice(after).findLast((m) => m.to.includes(to) && words.test(mailPart(m.raw, "text/plain") + m.raw));
  }

  it("share, code by mail, pin, approve, seen by the studio, and refused once revoked", { timeout: 300_000 }, async () => {
    const { t, app } = stack;
    const project = await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title: TITLE, event: "flyer" });
    await t.db.updateTable("projects").set({ stage: "briefing" }).where("id", "=", project.id).execute();
    designer = await (await stack.browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    guest = await (await stack.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
    try {
      const round = designer.locator('[data-testid="proof"][data-round="1"]');
      let url = "";
      await step("the designer sends round 1 and shares it for review", async () => {
        await signInByMail(designer, app.url, "designer@atelier.local", stack.smtp);
        await designer.goto(`${app.url}/projects/${project.id}`);
        await designer.getByRole("button", { name: "Upload Materials" }).click();
        await designer
          .locator(".uppy-Dashboard-input")
          .first()
          .setInputFiles([{ name: "poster.png", mimeType: "image/png", buffer: makePng(800, 600) }]);
        await designer.getByRole("button", { name: /^Upload 1 file/ }).click();
        await designer.getByRole("status").filter({ hasText: "1 file added" }).first().waitFor({ timeout: 90_000 });
        await designer.keyboard.press("Escape");
        const form = designer.getByRole("form", { name: "Send a proof" });
        await form.getByLabel("poster.png", { exact: true }).check();
        await form.getByRole("button", { name: "Send proof" }).click();
        await round.waitFor();
        await round.getByRole("button", { name: "Share for review" }).click();
        await round.getByLabel("Days the link lasts").fill("7");
        await round.getByRole("button", { name: "Make a review link" }).click();
        url = await round.getByLabel("Review link").inputValue();
        expect(url).toMatch(new RegExp(`^${app.url}/review/[A-Za-z0-9_-]{43}$`));
        await round.getByTestId("share-link").filter({ hasText: "anyone with the link" }).waitFor();
        await keepScreenshot(designer, "guest-review-share-1280");
      });

      await step("the guest on a phone names themselves, reads the code from the mail and opens the round", async () => {
        await guest.goto(url);
        await guest.getByTestId("guest-project-title").filter({ hasText: "Ünïcødé 東京" }).waitFor();
        await guest.getByLabel("Your name").fill(GUEST);
        await guest.getByLabel("Your e-mail").fill("gia@outside.test");
        const before = stack.smtp.mails.length;
        await guest.getByRole("button", { name: "Mail me a code" }).click();
        await guest.getByTestId("code-sent").waitFor();
        await expect
          .poll(() => stack.smtp.mails.slice(before).some((m) => m.to.includes("gia@outside.test")), { timeout: 15_000 })
          .toBe(true);
        const mail = stack.smtp.mails.slice(before).find((m) => m.to.includes("gia@outside.test"));
        const code = /\b(\d{6})\b/.exec(mailPart(mail?.raw ?? "", "text/plain"))?.[1] ?? "";
        // A wrong code first: refused with the tries left.
        await guest.getByLabel("The 6-digit code").fill(String((Number(code) + 1) % 1_000_000).padStart(6, "0"));
        await guest.getByRole("button", { name: "Open the round" }).click();
        await guest.getByRole("alert").filter({ hasText: "4 tries left" }).waitFor();
        await keepScreenshot(guest, "guest-review-code-390");
        await guest.getByLabel("The 6-digit code").fill(code);
        await guest.getByRole("button", { name: "Open the round" }).click();
        await guest.getByTestId("guest-round").waitFor();
        await guest.getByTestId("proof-file").filter({ hasText: "poster.png" }).waitFor();
        // Nothing of the app: no sidebar, no thread.
        expect(await guest.getByTestId("sidebar").count()).toBe(0);
        // The page fits the phone's width, however long the names.
        expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await keepScreenshot(guest, "guest-review-round-390");
      });

      await step("the guest pins a comment on the file and approves", async () => {
        await guest.getByRole("button", { name: "Open poster.png" }).click();
        const image = guest.getByTestId("viewer-image");
        await image.waitFor();
        const box = await image.boundingBox();
        if (!box) throw new Error("the file is not shown");
        await guest.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        await guest.getByLabel("Comment at the pin").fill("Bigger logo, please");
        await guest.getByRole("button", { name: "Pin comment" }).click();
        await guest.getByTestId("pin-entry").filter({ hasText: "Bigger logo, please" }).waitFor();
        await keepScreenshot(guest, "guest-review-pin-390");
        await guest.keyboard.press("Escape");
        await guest.getByRole("dialog").waitFor({ state: "detached" });
        await guest.getByRole("button", { name: "Approve" }).click();
        await guest.getByRole("alertdialog").getByRole("button", { name: "Approve" }).click();
        await guest.getByTestId("guest-decision").filter({ hasText: "verified by e-mail code" }).waitFor();
      });

      await step("the studio sees the approval by the guest, verified by e-mail code, then revokes the link", async () => {
        await designer.reload();
        await round.getByTestId("approval").filter({ hasText: "(guest), verified by e-mail code" }).waitFor();
        await round.getByRole("button", { name: "Share for review" }).click();
        await round.getByRole("button", { name: "Revoke" }).click();
        await round.getByTestId("share-link").filter({ hasText: "Withdrawn" }).waitFor();
        await keepScreenshot(designer, "guest-review-approved-1280");
      });

      await step("the guest's next action is refused with the reason", async () => {
        await guest.getByRole("button", { name: "Open poster.png" }).click();
        const image = guest.getByTestId("viewer-image");
        await image.waitFor();
        const box = await image.boundingBox();
        if (!box) throw new Error("the file is not shown");
        await guest.mouse.click(box.x + box.width / 3, box.y + box.height / 3);
        await guest.getByLabel("Comment at the pin").fill("One more");
        await guest.getByRole("button", { name: "Pin comment" }).click();
        await guest.getByRole("alert").filter({ hasText: "This review link was withdrawn by the studio." }).waitFor();
        await guest.goto(url);
        await guest.getByTestId("guest-notice").filter({ hasText: "withdrawn" }).waitFor();
        await keepScreenshot(guest, "guest-review-revoked-390");
      });
    } catch (error) {
      await keepScreenshot(designer, "guest-review-failed-designer");
      await keepScreenshot(guest, "guest-review-failed-guest");
      throw error;
    }
  });

  it("an approval chain: the client decides step 1, a guest step 2 on a phone, the certificate names both", {
    timeout: 300_000,
  }, async () => {
    const { t, app } = stack;
    const project = await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title: "Chained menu", event: "flyer" });
    await t.db.updateTable("projects").set({ stage: "briefing" }).where("id", "=", project.id).execute();
    const studio = await (await stack.browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const client = await (
      await stack.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    ).newPage();
    const lee = await (await stack.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
    try {
      const round = (page: Page) => page.locator('[data-testid="proof"][data-round="1"]');
      const mailsBefore = stack.smtp.mails.length;
      await step("the designer sends round 1 and names two approvers in two steps", async () => {
        await signInByMail(studio, app.url, "designer@atelier.local", stack.smtp);
        await sendRound(studio, project.id, "menu.png");
        await round(studio).getByRole("button", { name: "Name reviewers" }).click();
        const editor = round(studio).getByTestId("reviewers-editor");
        await editor.getByLabel("Reviewer 1 address").fill("client@atelier.local");
        await editor.getByRole("button", { name: "Add reviewer" }).click();
        await editor.getByLabel("Reviewer 2 address").fill("lee@legal.test");
        await editor.getByLabel("Reviewer 2 step").fill("2");
        // A hostile address is refused beside its field and nothing is saved.
        await editor.getByRole("button", { name: "Add reviewer" }).click();
        await editor.getByLabel("Reviewer 3 address").fill("<script>@x");
        await editor.getByRole("button", { name: "Save reviewers" }).click();
        await editor.getByTestId("reviewer-row").nth(2).locator(".text-destructive-text").waitFor();
        await editor.getByRole("button", { name: "Remove reviewer 3" }).click();
        await editor.getByRole("button", { name: "Save reviewers" }).click();
        await round(studio).getByTestId("current-step").filter({ hasText: "Step 1 of 2 deciding" }).waitFor();
        await round(studio).getByTestId("reviewer").filter({ hasText: "lee@legal.test" }).filter({ hasText: "not yet" }).waitFor();
        await keepScreenshot(studio, "chain-named-1280");
      });

      await step("the designer gives each step its deadline; an impossible day is refused beside its field", async () => {
        await round(studio).getByRole("button", { name: "Deadlines" }).click();
        const editor = round(studio).getByTestId("deadlines-editor");
        await editor.getByLabel("Step 1").fill("2099-06-01");
        await editor.getByLabel("Step 2").fill("2099-06-08");
        await editor.getByLabel(/Close the round for decisions/).check();
        await editor.getByRole("button", { name: "Save deadlines" }).click();
        await round(studio).getByTestId("round-deadline").filter({ hasText: "Step 1 due Monday 1 June" }).waitFor();
        await round(studio).getByText("Step 2 · due Monday 8 June").waitFor();
        await round(studio).getByText("Closes for decisions after that day").waitFor();
        await keepScreenshot(studio, "chain-deadlines-1280");
      });

      await step("the client, mailed that round 1 waits for them, approves with changes on a phone", async () => {
        await mailTo("client@atelier.local", /waiting for your decision/, mailsBefore);
        expect(stack.smtp.mails.slice(mailsBefore).some((m) => m.to.includes("lee@legal.test"))).toBe(false);
        await signInByMail(client, app.url, "client@atelier.local", stack.smtp);
        await client.goto(`${app.url}/projects/${project.id}#round-1`);
        await round(client).getByTestId("round-deadline").filter({ hasText: "Step 1 due Monday 1 June" }).waitFor();
        const form = round(client).getByTestId("decide-form");
        // One click approves nothing here: the round has approvers.
        expect(await round(client).getByRole("button", { name: "Approve", exact: true }).count()).toBe(0);
        await form.getByRole("radio", { name: "Approved with changes" }).check();
        await form.getByLabel(/Reason/).fill("Darker blue in print, 東京 </script>");
        await keepScreenshot(client, "chain-decide-390");
        await form.getByRole("button", { name: "Send decision" }).click();
        await round(client).getByTestId("reviewer-decision").filter({ hasText: "Approved with changes" }).waitFor();
        await round(client).getByTestId("current-step").filter({ hasText: "Step 2 of 2" }).waitFor();
        expect(await round(client).getByTestId("decide-form").count()).toBe(0);
        expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      });

      await step("the guest opens their own link from the mail, proves their address and approves on a phone", async () => {
        const invite = await mailTo("lee@legal.test", /waiting for your decision by Monday 8 June/, mailsBefore);
        const link = /(http:\/\/[^\s"<>]+\/review\/[A-Za-z0-9_-]+)/.exec(mailPart(invite?.raw ?? "", "text/plain"))?.[1] ?? "";
        expect(link).toContain("/review/");
        await lee.goto(link);
        await lee.getByLabel("Your name").fill("Lee Legal");
        await lee.getByLabel("Your e-mail").fill("lee@legal.test");
        const before = stack.smtp.mails.length;
        await lee.getByRole("button", { name: "Mail me a code" }).click();
        const mail = await mailTo("lee@legal.test", /is your code|\b\d{6}\b/, before);
        const code = /\b(\d{6})\b/.exec(mailPart(mail?.raw ?? "", "text/plain"))?.[1] ?? "";
        await lee.getByLabel("The 6-digit code").fill(code);
        await lee.getByRole("button", { name: "Open the round" }).click();
        await lee.getByTestId("guest-round").waitFor();
        await lee.getByTestId("reviewer").filter({ hasText: "Darker blue in print" }).waitFor();
        const form = lee.getByTestId("decide-form");
        await form.getByRole("radio", { name: "Approved", exact: true }).check();
        await form.getByRole("button", { name: "Send decision" }).click();
        await lee.getByTestId("proof-status").filter({ hasText: "Approved" }).waitFor();
        expect(await lee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await keepScreenshot(lee, "chain-guest-approved-390");
      });

      await step("the studio sees the round approved and its certificate names both decisions with the chain's rule", async () => {
        await studio.reload();
        await round(studio).getByTestId("proof-status").filter({ hasText: "Approved" }).waitFor();
        await Promise.all([studio.waitForEvent("download"), round(studio).getByTestId("certificate-download").click()]);
        const href = await round(studio).getByTestId("certificate-verify-link").getAttribute("href");
        const verify = await studio.context().newPage();
        await verify.goto(href ?? "");
        await verify.getByText("Approved with changes").first().waitFor();
        await verify.getByText("Darker blue in print, 東京 </script>").waitFor();
        await verify.getByText("lee@legal.test", { exact: false }).first().waitFor();
        await verify
          .getByText(/Approvers decide step by step/)
          .first()
          .waitFor();
        await keepScreenshot(verify, "chain-certificate-1280");
      });
    } catch (error) {
      await keepScreenshot(studio, "chain-failed-studio");
      await keepScreenshot(client, "chain-failed-client");
      await keepScreenshot(lee, "chain-failed-guest");
      throw error;
    }
  });
});
