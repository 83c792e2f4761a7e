// Guest review in Chromium (docs/guest-review.md): the designer shares round 1 at 1280; a guest on a phone opens the
// link, asks for a code, reads it from the mail, opens the round, pins a comment and approves; the designer sees the
// approval "verified by e-mail code"; after Revoke the guest's next action is refused with the reason.
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
});
