// A business's brand library from the browser: its client uploads a logo through the upload dialog, through the
// real balancer and upload servers, into the business's BRAND folder; the studio downloads it byte-exact; and the
// project upload dialog's Brand library tab picks it, for the studio and the client, by mouse, touch and keyboard,
// on a phone and a desktop, as the same stored bytes. Each test that picks a logo has a business of its own.
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { createBusiness, DEMO_BUSINESS, seedDemo } from "@atelier/db";
import { makeProject, makeUser } from "@atelier/db/testing";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makePng } from "./fixtures";
import { ARTIFACTS_DIR, afterPageTimers, keepScreenshot, openLink, type Stack, signInWithSession, startStack } from "./harness";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const STACK = { database: true, uploads: true, browser: true } as const;

/** A logo in a business's brand library: its stored key and the SHA-256 of its bytes. */
interface Logo {
  key: string;
  sha256: string;
}

describe("the brand library (PostgreSQL, real upload servers)", () => {
  let stack: Stack<typeof STACK>;
  let context: BrowserContext;
  let page: Page;

  const signInAs = (email: string) => signInWithSession(stack.t.db, context, stack.app.url, email);

  beforeAll(async () => {
    stack = await startStack(STACK, {
      seed: ({ t }) => seedDemo(t.db),
      // Nothing here sends mail: an address nothing listens on.
      env: { SMTP_URL: "smtp://127.0.0.1:9" },
    });
    context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await stack?.stop();
  });
  // Each test starts from the same page: a wide light one, whatever size or theme the test before left it in.
  beforeEach(async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: "light" });
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail") await keepScreenshot(page, ctx.task.name);
  });

  /** The business's client adds `png` as logo.png through the upload dialog on the business's page. */
  async function addLogo(clientEmail: string, businessId: string, png: Buffer): Promise<void> {
    await signInAs(clientEmail);
    await page.goto(`${stack.app.url}/businesses/${businessId}`);
    await page.getByRole("button", { name: "Add logos" }).click();
    await page.locator(".uppy-Dashboard-input").first().setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: /^Upload 1 file/ }).click();
    await page.getByTestId("brand-logo").getByText("logo.png").waitFor({ timeout: 60_000 });
  }

  let businesses = 0;
  /**
   * A business of the test's own, with a client, whose brand library holds logo.png, added by that client as the
   * first test adds one: each test that picks a logo has one that no other test adds to or takes from.
   */
  async function businessWithLogo(): Promise<{ id: string; clientEmail: string; logo: Logo }> {
    const n = ++businesses;
    const business = await createBusiness(stack.t.db, { id: `brand-business-${n}`, name: `Harbour Roasters ${n}` });
    const client = await makeUser(stack.t.db, {
      role: "client",
      businessId: business.id,
      name: `Hana Harbour ${n}`,
      email: `hana-${n}@harbour.test`,
    });
    const png = makePng(320, 120 + n);
    await addLogo(client.email!, business.id, png);
    const row = await stack.t.db
      .selectFrom("brandFiles")
      .select("key")
      .where("businessId", "=", business.id)
      .where("name", "=", "logo.png")
      .executeTakeFirstOrThrow();
    return { id: business.id, clientEmail: client.email!, logo: { key: row.key, sha256: sha256(png) } };
  }

  it("a client adds a logo through the upload dialog; it lies in the BRAND folder and the studio downloads it", async () => {
    const png = makePng(320, 120);
    await addLogo("client@atelier.local", DEMO_BUSINESS.id, png);

    const [row] = await stack.t.db.selectFrom("brandFiles").selectAll().where("businessId", "=", DEMO_BUSINESS.id).execute();
    expect(row).toMatchObject({ businessId: DEMO_BUSINESS.id, kind: "logo", name: "logo.png", size: png.length });
    expect(row!.key).toBe("Acme_Coffee-demo-business/BRAND/logo.png");

    await signInAs("designer@atelier.local");
    await page.goto(`${stack.app.url}/businesses/${DEMO_BUSINESS.id}`);
    const href = await page.getByTestId("brand-logo").getByRole("link", { name: "Download logo.png" }).getAttribute("href");
    const res = await openLink(page, href!);
    expect(res.status).toBe(200);
    expect(sha256(new Uint8Array(res.bytes))).toBe(sha256(png));
  });

  const noSideways = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  const fileRow = (region: string, name: string) =>
    page.getByRole("region", { name: region }).getByTestId("project-file").filter({ hasText: name });

  /** The project's file is a row of its own naming the library's stored object, and its link gives the logo's bytes. */
  async function expectSameBytes(projectId: string, kind: string, region: string, logo: Logo) {
    const rows = await stack.t.db
      .selectFrom("projectFiles")
      .selectAll()
      .where("projectId", "=", projectId)
      .where("kind", "=", kind as never)
      .execute();
    expect(rows.map((r) => [r.name, r.key])).toEqual([["logo.png", logo.key]]);
    const href = await fileRow(region, "logo.png").getByRole("link", { name: "Download logo.png" }).getAttribute("href");
    const res = await openLink(page, href!);
    expect(res.status).toBe(200);
    expect(sha256(new Uint8Array(res.bytes))).toBe(logo.sha256);
  }

  const dialog = () => page.getByRole("dialog", { name: "Upload files" });
  const hasFocus = (target: ReturnType<Page["getByRole"]>) => target.evaluate((el) => el === document.activeElement).catch(() => false);
  /**
   * Tabs until `target` has the focus, or fails after a few presses. The dialog moves focus into itself by a timer of its
   * own, so the Tabs start once focus is inside it; each press is followed by the page's own timers and next frame.
   */
  async function tabTo(target: ReturnType<Page["getByRole"]>) {
    await expect
      .poll(() => dialog().evaluate((el) => el.contains(document.activeElement)), { message: "focus moves into the dialog" })
      .toBe(true);
    for (let i = 0; i < 12 && !(await hasFocus(target)); i++) {
      await page.keyboard.press("Tab");
      await afterPageTimers(page);
    }
    const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? "nothing");
    expect(await hasFocus(target), `Tab reaches the target; focus is on ${focused}`).toBe(true);
  }

  /**
   * Opens the project's upload dialog for one kind, picks the logo in its Brand library tab by mouse (or tap), and
   * uploads the batch; screenshots the tab at this width.
   */
  async function pickByPointer(projectId: string, region: string, shot: string) {
    await page.goto(`${stack.app.url}/projects/${projectId}`);
    await page.getByRole("button", { name: `Upload ${region}` }).click();
    const tab = dialog().getByRole("tab", { name: "Brand library" });
    await tab.waitFor();
    // The picture once the dialog has faded in.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    await page.screenshot({ path: join(ARTIFACTS_DIR, `${shot}-sources.png`) });
    await tab.click();
    const option = dialog().getByTestId("brand-asset-option").filter({ hasText: "logo.png" });
    await option.waitFor();
    // The picture's own thumbnail and its size are shown beside its name; the thumbnail loads after the option shows.
    await expect
      .poll(() => option.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        message: "the thumbnail loads",
        timeout: 15_000,
      })
      .toBe(true);
    expect(await option.innerText()).toMatch(/Logos · \d+ (B|KB)/);
    const box = await option.boundingBox();
    const width = page.viewportSize()!.width;
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    expect(await dialog().getByRole("button", { name: "Add", exact: true }).isDisabled()).toBe(true);
    await option.click();
    expect(await dialog().getByRole("checkbox", { name: "logo.png" }).getAttribute("aria-checked")).toBe("true");
    await page.screenshot({ path: join(ARTIFACTS_DIR, `${shot}-tab.png`) });
    await dialog().getByRole("button", { name: "Add 1 file" }).click();
    // Back on the dialog's list, beside any file from the device, waiting for Upload like them.
    await dialog().getByText("logo.png").first().waitFor();
    await page.screenshot({ path: join(ARTIFACTS_DIR, `${shot}-list.png`) });
    await dialog()
      .getByRole("button", { name: /^Upload 1 file/ })
      .click();
    await dialog().waitFor({ state: "hidden" });
    await fileRow(region, "logo.png").waitFor();
    expect(await noSideways()).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS_DIR, `${shot}-done.png`), fullPage: true });
  }

  /** Everything the upload servers' store holds: a pick sends no bytes, so it adds nothing there. */
  const storedEntries = () => readdirSync(stack.uploads.storeDir!, { recursive: true }).map(String).sort();

  it("a designer picks the logo in the upload dialog's Brand library tab into a project's materials at 1280x800", async () => {
    const business = await businessWithLogo();
    const project = await makeProject(stack.t.db, { businessId: business.id, title: "Autumn menu" });
    await signInAs("designer@atelier.local");
    await page.setViewportSize({ width: 1280, height: 800 });
    // One way to reach the library: the dialog's tab, not a button of its own beside Upload.
    await page.goto(`${stack.app.url}/projects/${project.id}`);
    await page.getByRole("button", { name: "Upload Materials" }).waitFor();
    expect(await page.getByRole("button", { name: /brand library/i }).count()).toBe(0);
    const before = storedEntries();
    expect(before.some((e) => e.endsWith("logo.png"))).toBe(true);
    await pickByPointer(project.id, "Materials", "brand-picker-designer-1280");
    await expectSameBytes(project.id, "materials", "Materials", business.logo);
    expect(storedEntries()).toEqual(before);
  });

  it("a client picks it into the briefing by keyboard alone on a 390x844 phone", async () => {
    const business = await businessWithLogo();
    const project = await makeProject(stack.t.db, { businessId: business.id, title: "Window sign" });
    await signInAs(business.clientEmail);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.app.url}/projects/${project.id}`);
    // The page's controls take keys once it is hydrated (until then its fieldset is disabled, and a key does nothing).
    await page.waitForFunction(() => !document.querySelector("fieldset[disabled]"));
    const open = page.getByRole("button", { name: "Upload Briefing files" });
    await open.focus();
    await page.keyboard.press("Enter");
    // Tab reaches the Brand library tab and Enter opens it; Tab reaches the box, Space ticks it, Enter on Add adds it.
    const tab = dialog().getByRole("tab", { name: "Brand library" });
    await tab.waitFor();
    await tabTo(tab);
    await page.keyboard.press("Enter");
    const checkbox = dialog().getByRole("checkbox", { name: "logo.png" });
    await checkbox.waitFor();
    await tabTo(checkbox);
    await page.keyboard.press("Space");
    expect(await checkbox.getAttribute("aria-checked")).toBe("true");
    const add = dialog().getByRole("button", { name: "Add 1 file" });
    await tabTo(add);
    await page.screenshot({ path: join(ARTIFACTS_DIR, "brand-picker-client-keyboard-390.png") });
    await page.keyboard.press("Enter");
    const upload = dialog().getByRole("button", { name: /^Upload 1 file/ });
    await upload.waitFor();
    await tabTo(upload);
    await page.keyboard.press("Enter");
    await dialog().waitFor({ state: "hidden" });
    await fileRow("Briefing files", "logo.png").waitFor();
    expect(await noSideways()).toBe(true);
    await expectSameBytes(project.id, "briefing", "Briefing files", business.logo);
  });

  it("a designer on a phone, and a client on a wide screen in the dark theme, pick it the same way", async () => {
    const business = await businessWithLogo();
    const before = storedEntries();
    const cases = [
      { email: "designer@atelier.local", who: "designer", width: 390, height: 844, dark: false, title: "Loyalty card" },
      { email: business.clientEmail, who: "client", width: 1280, height: 800, dark: true, title: "Gift voucher" },
    ];
    for (const c of cases) {
      const project = await makeProject(stack.t.db, { businessId: business.id, title: c.title });
      await signInAs(c.email);
      await page.setViewportSize({ width: c.width, height: c.height });
      await page.emulateMedia({ colorScheme: c.dark ? "dark" : "light" });
      await pickByPointer(project.id, "Materials", `brand-picker-${c.who}-${c.width}${c.dark ? "-dark" : ""}`);
      await expectSameBytes(project.id, "materials", "Materials", business.logo);
    }
    await page.emulateMedia({ colorScheme: "light" });
    expect(storedEntries()).toEqual(before);
  });

  it("a business without brand assets is told where to add them", async () => {
    const other = { id: "bakery-without-brand" };
    await createBusiness(stack.t.db, { ...other, name: "Corner Bakery" });
    const project = await makeProject(stack.t.db, { businessId: other.id, title: "Flyer" });
    await signInAs("designer@atelier.local");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.app.url}/projects/${project.id}`);
    await page.getByRole("button", { name: "Upload Materials" }).click();
    await dialog().getByRole("tab", { name: "Brand library" }).click();
    await dialog().getByText("The brand library is empty.").waitFor();
    const link = dialog().getByRole("link", { name: "the business's page" });
    expect(await link.getAttribute("href")).toBe(`/businesses/${other.id}`);
    await page.screenshot({ path: join(ARTIFACTS_DIR, "brand-picker-empty-390.png") });
    await link.click();
    await page.waitForURL(`${stack.app.url}/businesses/${other.id}`);
    await page.getByRole("heading", { name: "Brand library" }).waitFor();
  });
});
