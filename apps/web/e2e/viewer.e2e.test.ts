// The file viewer in Chromium, on a desktop and on a phone: every project file opens in it; an image zooms, a PDF's
// first page is drawn, a ZIP becomes a download card whose link downloads it, a large image opens as its thumbnail
// until asked; arrows step through the files, Escape and the close button close it, focus stays inside. Then a
// proof is sent with a file uploaded on the spot. Each test uploads what it opens to a project of its own.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCaller } from "@atelier/api";
import { addUploadedFile } from "@atelier/api/testing/rounds";
import { DEMO_BUSINESS, findUserByEmail, seedDemo } from "@atelier/db";
import { makeProject } from "@atelier/db/testing";
import { createFsStore } from "@atelier/storage";
import type { Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { makeNoisyPng, makePdf, makePng, makeTextPdf } from "./fixtures";
import {
  ARTIFACTS_DIR,
  asPerson as asPersonIn,
  keepScreenshot,
  openLink,
  type Stack,
  signInByMail,
  signInWithSession,
  startStack,
} from "./harness";

/** The smallest valid ZIP: an end-of-central-directory record and nothing else. */
const zip = Buffer.concat([Buffer.from("PK\x05\x06", "latin1"), Buffer.alloc(18)]);

const STACK = { database: true, smtp: true, uploads: true, browser: true } as const;
type UploadFile = { name: string; mimeType: string; buffer: Buffer };

describe("the file viewer (PostgreSQL, real upload servers, Chromium)", () => {
  let stack: Stack<typeof STACK>;
  let page: Page;
  const png = makePng(1600, 1000);
  const pdf = makePdf(3);
  // Above the size from which images open as their thumbnail (10 MB).
  const large = makeNoisyPng(1900, 1900);

  async function upload(files: UploadFile[]) {
    await page.locator(".uppy-Dashboard-input").first().setInputFiles(files);
    // The dialog reads each file (and draws a large image's thumbnail) before it offers to upload: slow on a busy machine.
    await page.getByRole("button", { name: new RegExp(`^Upload ${files.length} file`) }).click({ timeout: 90_000 });
    await page
      .getByRole("status")
      .filter({ hasText: `${files.length} file${files.length === 1 ? "" : "s"} added` })
      .first()
      .waitFor({ timeout: 90_000 });
    await page.keyboard.press("Escape");
  }

  const materials = () => page.getByRole("region", { name: "Materials" });
  const viewer = (name: string) => page.getByRole("dialog", { name });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  /** The window as the person sees it (the dialog is fixed to it), kept beside the other screenshots. */
  const snap = (name: string) => page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`) });
  /** The widths a zoomed image may have: its fitted width times the zoom, give or take rounding. */
  const widthOf = async (locator: Locator) => (await locator.boundingBox())?.width ?? 0;
  // Within 1 % (at least 2 px): the fitted width is measured after layout rounding, which zooming multiplies.
  const near = (expected: number) => ({ asymmetricMatch: (n: number) => Math.abs(n - expected) <= Math.max(2, expected * 0.01) });
  /** The element is inside the window, so a finger can reach it. */
  async function reachable(locator: Locator, width: number, height: number) {
    // Measured once the dialog's opening animation (a zoom) has finished.
    await locator.evaluate((el) => Promise.all((el.closest("[role=dialog]") ?? el).getAnimations().map((a) => a.finished)));
    const box = (await locator.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(box.y + box.height).toBeLessThanOrEqual(height);
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  }

  beforeAll(async () => {
    stack = await startStack(STACK, { seed: ({ t }) => seedDemo(t.db) });
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await signInByMail(page, stack.app.url, "designer@atelier.local", stack.smtp);
    await page.getByTestId("sidebar").waitFor();
  });
  afterAll(async () => {
    await stack?.stop();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail" && page) await keepScreenshot(page, `viewer-${ctx.task.name}`);
  });

  /** The image, the PDF, the ZIP and the large image that the viewer opens. */
  const fourFiles: UploadFile[] = [
    { name: "poster.png", mimeType: "image/png", buffer: png },
    { name: "brochure.pdf", mimeType: "application/pdf", buffer: pdf },
    { name: "fonts.zip", mimeType: "application/zip", buffer: zip },
    { name: "panorama.png", mimeType: "image/png", buffer: large },
  ];

  /**
   * A briefed project of its own (so the studio may send proofs), with `files` uploaded to its materials by the designer
   * at 1280x800, as the first test uploads them: thumbnails included, which the browser draws as it uploads. Answers its address.
   */
  async function projectWithFiles(title: string, files: UploadFile[]): Promise<string> {
    const project = await makeProject(stack.t.db, { businessId: DEMO_BUSINESS.id, title, event: "flyer" });
    await stack.t.db.updateTable("projects").set({ stage: "briefing" }).where("id", "=", project.id).execute();
    const projectUrl = `${stack.app.url}/projects/${project.id}`;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(projectUrl);
    await page.getByRole("button", { name: "Upload Materials" }).click();
    await upload(files);
    await materials()
      .getByTestId("project-file")
      .nth(files.length - 1)
      .waitFor();
    return projectUrl;
  }

  it("the designer uploads an image, a PDF, a ZIP and a large image to the project", async () => {
    await projectWithFiles("Spring catalogue", fourFiles);
    // The PDF got a thumbnail of its first page, drawn by pdf.js in the browser as it uploaded; the ZIP has none.
    const card = (name: string) =>
      materials()
        .getByRole("button", { name: `Open ${name}` })
        .locator("img");
    expect(await card("brochure.pdf").getAttribute("src")).toContain("/thumbnails/");
    await expect.poll(() => card("brochure.pdf").evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 }).toBe(300);
    expect(await card("fonts.zip").getAttribute("src")).toBe("/placeholder.svg");
    await snap("viewer-materials-thumbnails");
  });

  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    it(`at ${width}x${height}: zooms the image, draws the PDF's first page, offers the ZIP as a download`, async () => {
      const projectUrl = await projectWithFiles(`Summer catalogue ${width}`, fourFiles);
      await page.setViewportSize({ width, height });
      await page.goto(projectUrl);
      await materials().getByRole("button", { name: "Open poster.png" }).click();

      // The image, fitted, then zoomed by button and by keys.
      const image = viewer("poster.png").getByTestId("viewer-image");
      await image.and(page.locator("[data-zoom='1']")).waitFor();
      await expect.poll(() => widthOf(image)).toBeGreaterThan(100);
      // The baseline is measured once the dialog's opening animation (a zoom) has ended, or it is off by the zoom.
      await image.evaluate((el) =>
        Promise.all((el.closest("[role=dialog]") ?? el).getAnimations({ subtree: true }).map((a) => a.finished)),
      );
      const fitted = await widthOf(image);
      expect(fitted).toBeLessThanOrEqual(width);
      expect(await overflow(), "no sideways scrolling with the viewer open").toBeLessThanOrEqual(0);
      await reachable(viewer("poster.png").getByRole("button", { name: "Close" }), width, height);
      await snap(`viewer-image-${width}`);
      await viewer("poster.png").getByRole("button", { name: "Zoom in" }).click();
      await expect.poll(() => widthOf(image)).toEqual(near(fitted * 1.5));
      await page.keyboard.press("+");
      await expect.poll(() => widthOf(image)).toEqual(near(fitted * 2));
      expect(await viewer("poster.png").getByTestId("zoom-level").innerText()).toBe("200%");
      // Zoomed in, the image scrolls inside the viewer, never the page.
      expect(await overflow()).toBeLessThanOrEqual(0);
      await snap(`viewer-image-zoomed-${width}`);
      // Dragging pans the zoomed image.
      const frame = viewer("poster.png").getByTestId("viewer");
      const before = await frame.evaluate((el) => el.scrollLeft);
      const box = (await frame.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2, { steps: 4 });
      await page.mouse.up();
      expect(await frame.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);
      await page.keyboard.press("0");
      await expect.poll(() => widthOf(image)).toEqual(near(fitted));
      // The wheel zooms the image where the pointer is; "0" fits it again.
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, -300);
      await expect.poll(() => widthOf(image)).toBeGreaterThan(fitted * 1.3);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await page.keyboard.press("0");
      await expect.poll(() => widthOf(image)).toEqual(near(fitted));
      // Two fingers spreading apart zoom in (touches sent as a touchscreen sends them).
      const cdp = await page.context().newCDPSession(page);
      const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
      const fingers = (apart: number) => [
        { x: cx - apart, y: cy, id: 1 },
        { x: cx + apart, y: cy, id: 2 },
      ];
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(20) });
      for (const apart of [30, 45, 60, 70]) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(apart) });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await cdp.detach();
      // 3.5 times as far apart: zoomed about as much (between steps, as pinching leaves it).
      await expect.poll(() => widthOf(image)).toBeGreaterThan(fitted * 2.5);
      await page.keyboard.press("0");
      await expect.poll(() => widthOf(image)).toEqual(near(fitted));
      // Focus stays in the dialog.
      for (let i = 0; i < 12; i++) await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog]")))).toBe(true);

      await page.keyboard.press("Escape");
      await viewer("poster.png").waitFor({ state: "detached" });

      // The PDF, its first page drawn.
      await materials().getByRole("button", { name: "Open brochure.pdf" }).click();
      await viewer("brochure.pdf").locator('[data-testid="pdf-page"][data-rendered-page="1"]').waitFor();
      const canvas = viewer("brochure.pdf").getByTestId("pdf-page");
      expect((await canvas.boundingBox())!.width).toBeGreaterThan(200);
      // Something was drawn: not every pixel is white.
      const drawn = await canvas.evaluate((el) => {
        const c = el as HTMLCanvasElement;
        const data = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
        for (let i = 0; i < data.length; i += 4) if (data[i]! < 200) return true;
        return false;
      });
      expect(drawn).toBe(true);
      expect(await viewer("brochure.pdf").getByTestId("pdf-page-number").innerText()).toBe("1 / 3");
      expect(await overflow()).toBeLessThanOrEqual(0);
      await snap(`viewer-pdf-${width}`);

      await viewer("brochure.pdf").getByRole("button", { name: "Close" }).click();
      await viewer("brochure.pdf").waitFor({ state: "detached" });

      // The ZIP: a card with its name, size and type, and a link that downloads it.
      await materials().getByRole("button", { name: "Open fonts.zip" }).click();
      const card = viewer("fonts.zip").getByTestId("download-card");
      await card.waitFor();
      expect(await card.getByTestId("download-card-details").innerText()).toBe("22 B · application/zip");
      const link = card.getByRole("link", { name: "Download" });
      await reachable(link, width, height);
      const download = await openLink(page, (await link.getAttribute("href"))!);
      expect(download.status).toBe(200);
      expect(download.bytes).toEqual(zip);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await snap(`viewer-zip-${width}`);

      await page.keyboard.press("Escape");
      await viewer("fonts.zip").waitFor({ state: "detached" });

      // The large image: its thumbnail first, the full resolution on request.
      await materials().getByRole("button", { name: "Open panorama.png" }).click();
      const held = viewer("panorama.png").getByTestId("large-image");
      await held.waitFor();
      expect(await viewer("panorama.png").getByTestId("viewer-image").count()).toBe(0);
      await held.getByRole("img", { name: "Preview of panorama.png" }).waitFor();
      expect(await held.getByRole("link", { name: "Download" }).getAttribute("download")).toBe("panorama.png");
      await snap(`viewer-large-${width}`);
      await held.getByRole("button", { name: `Load full resolution (${Math.round(large.length / 1e6)} MB)` }).click();
      await expect.poll(() => widthOf(viewer("panorama.png").getByTestId("viewer-image"))).toBeGreaterThan(100);
      await page.keyboard.press("Escape");
      await viewer("panorama.png").waitFor({ state: "detached" });

      // The arrow keys step through the files in the order of the list, round and round.
      const names = await materials()
        .getByRole("button", { name: /^Open / })
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")!.replace(/^Open /, "")));
      expect([...names].sort()).toEqual(["brochure.pdf", "fonts.zip", "panorama.png", "poster.png"]);
      await materials()
        .getByRole("button", { name: `Open ${names[0]}` })
        .click();
      await viewer(names[0]!).waitFor();
      await page.keyboard.press("ArrowRight");
      await viewer(names[1]!).waitFor();
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      await viewer(names[3]!).waitFor();
      await viewer(names[3]!).getByRole("button", { name: "Next file" }).click();
      await viewer(names[0]!).waitFor();
      await viewer(names[0]!).getByRole("button", { name: "Close" }).click();
      await viewer(names[0]!).waitFor({ state: "detached" });
    });
  }

  it("sends a proof with a file uploaded on the spot and one already on the project", async () => {
    const projectUrl = await projectWithFiles("Autumn catalogue", [fourFiles[0]!]);
    await page.goto(projectUrl);
    const form = page.getByRole("form", { name: "Send a proof" });
    await form.getByLabel("poster.png", { exact: true }).check();
    await form.getByRole("button", { name: "Upload new files" }).click();
    await upload([{ name: "cover.png", mimeType: "image/png", buffer: makePng(900, 1200) }]);
    // On the project, and chosen for the proof already.
    const cover = form.getByLabel("cover.png", { exact: true });
    await cover.waitFor();
    expect(await cover.isChecked()).toBe(true);
    expect(await materials().getByRole("button", { name: "Open cover.png" }).count()).toBe(1);
    await form.getByLabel("Note to the client").fill("Cover and poster");
    await form.getByRole("button", { name: "Send proof" }).click();
    const round = page.locator('[data-testid="proof"][data-round="1"]');
    await round.waitFor();
    expect(await round.getByTestId("proof-file").allInnerTexts()).toEqual([
      expect.stringContaining("poster.png"),
      expect.stringContaining("cover.png"),
    ]);
    // The proof's files open in the same viewer, with the pin tools.
    await round.getByRole("button", { name: "Open cover.png" }).click();
    await viewer("cover.png").getByTestId("viewer-image").waitFor();
    await viewer("cover.png").getByRole("button", { name: "Pin mode" }).waitFor();
    await page.keyboard.press("ArrowLeft");
    await viewer("poster.png").getByTestId("viewer-image").waitFor();
    await snap("viewer-proof-1280");
    await page.keyboard.press("Escape");
  });

  it("says only what is true of a proof, and its keys: Ctrl+Enter pins, j and k walk the pins, c and a answer it", async () => {
    const projectUrl = await projectWithFiles("Honest proof", [{ name: "label.png", mimeType: "image/png", buffer: makePng(1200, 900) }]);
    const form = page.getByRole("form", { name: "Send a proof" });
    await form.getByLabel("label.png", { exact: true }).check();
    await form.getByRole("button", { name: "Send proof" }).click();
    const round = page.locator('[data-testid="proof"][data-round="1"]');
    await round.waitFor();
    // The thread's entry is a whole phrase: the project is the page, not a word missing after "of".
    const sent = page.getByTestId("comment").filter({ hasText: "Round 1" });
    // (The time follows the phrase with no space in innerText, so "proof" is not followed by a word boundary.)
    expect(await sent.innerText()).toMatch(/sent a proof(?!s| of)/);

    await round.getByRole("button", { name: "Open label.png" }).click();
    const dialog = viewer("label.png");
    const image = dialog.getByTestId("viewer-image");
    await image.waitFor();
    // The hint is a sentence of its own, not one that starts with the details' full stop.
    expect((await dialog.getByTestId("viewer-hint").textContent())?.trim()).toBe(
      "Click a point or drag a box to pin a comment there; or draw an arrow or a mark by hand.",
    );
    for (const [i, body] of ["Logo first", "Barcode second"].entries()) {
      // The image is measured again each time: the list of pins beside it takes room once it has one.
      const box = (await image.boundingBox())!;
      await page.mouse.click(box.x + box.width * (0.2 + 0.5 * i), box.y + box.height * 0.3);
      const composer = dialog.getByLabel("Comment at the pin");
      await composer.fill(body);
      await expect.poll(() => composer.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press("Control+Enter");
      await dialog.getByTestId("pin-entry").filter({ hasText: body }).waitFor();
      await composer.waitFor({ state: "detached" });
    }
    const current = () => dialog.locator('[data-testid="pin-entry"][aria-current="true"]').innerText();
    // The last pin written is the one selected; j goes round to the first, k back.
    await page.keyboard.press("j");
    await expect.poll(current).toContain("Logo first");
    await page.keyboard.press("j");
    await expect.poll(current).toContain("Barcode second");
    await page.keyboard.press("k");
    await expect.poll(current).toContain("Logo first");
    await page.keyboard.press("Escape");

    // The client answers with the keyboard: c opens the request for changes, a the approval.
    const clientContext = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const client = await clientContext.newPage();
      await signInWithSession(stack.t.db, clientContext, stack.app.url, "client@atelier.local");
      await client.goto(projectUrl);
      await client.locator('[data-testid="proof"][data-round="1"]').getByRole("button", { name: "Approve" }).waitFor();
      await client.keyboard.press("c");
      const changes = client.getByLabel("What should change");
      await expect.poll(() => changes.evaluate((el) => el === document.activeElement)).toBe(true);
      await changes.evaluate((el) => (el as HTMLElement).blur());
      await client.keyboard.press("a");
      const approve = client.getByRole("alertdialog", { name: "Approve exactly these files for print?" });
      await approve.getByRole("button", { name: "Approve" }).click();
      await client.getByTestId("approval").waitFor();
      // Approved, and nothing to print yet: no file is said to match.
      const check = client.getByTestId("print-check");
      await check.waitFor();
      expect(await check.innerText()).toMatch(/^Round 1 is approved\. No print-ready files yet/);
      expect(await check.innerText()).not.toMatch(/match/);
      await client.screenshot({ path: join(ARTIFACTS_DIR, "honest-approved-390.png"), fullPage: true });
    } finally {
      await clientContext.close();
    }
  });

  /** A caller acting as one of the demo studio's people, with the stack's upload servers. */
  const asPerson = (email: string, screen: "desktop" | "phone", use: (tab: Page) => Promise<void>) => asPersonIn(stack, email, screen, use);

  async function callerFor(email: string) {
    const user = (await findUserByEmail(stack.t.db, email))!;
    return createCaller({
      db: stack.t.db,
      user: {
        id: user.id,
        name: user.name,
        email: user.email!,
        image: null,
        emailNotification: true,
        role: user.role,
        businessId: user.businessId,
      },
      now: () => new Date(),
      files: {
        store: createFsStore({ root: mkdtempSync(join(tmpdir(), "compare-rounds-")) }),
        secret: stack.uploadSecret,
        balancerUrl: stack.uploads.balancerUrl,
      },
    });
  }

  /** A project of the demo business with one round sent per file, in order, by the demo designer. */
  async function sendRounds(title: string, files: (readonly [string, Buffer])[]) {
    const project = await makeProject(stack.t.db, { businessId: DEMO_BUSINESS.id, title });
    await stack.t.db.updateTable("projects").set({ stage: "in_progress" }).where("id", "=", project.id).execute();
    const studio = await callerFor("designer@atelier.local");
    for (const [name, bytes] of files) {
      const file = await addUploadedFile(studio, project.id, name, bytes);
      await studio.proofs.create({ projectId: project.id, fileIds: [file.id] });
    }
    return project;
  }

  /** Compare opened on a project's page as `email`, at 1280 x 800 and on a 390 x 844 phone, one after the other. */
  async function compareOnBothScreens(
    email: string,
    projectId: string,
    check: (tab: Page, dialog: Locator, width: number) => Promise<void>,
  ) {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      const context = await stack.browser.newContext({
        viewport: { width, height },
        ...(width < 500 ? { isMobile: true, hasTouch: true } : {}),
      });
      try {
        await signInWithSession(stack.t.db, context, stack.app.url, email);
        const tab = await context.newPage();
        await tab.goto(`${stack.app.url}/projects/${projectId}`);
        await tab.getByRole("button", { name: "Compare rounds" }).click();
        await check(tab, tab.getByTestId("compare"), width);
      } finally {
        await context.close();
      }
    }
  }

  it("compares two rounds of an image: one changed rectangle is one region, in its place, at 1280 and at 390", async () => {
    // Round 1, then round 2 with a 120 x 80 rectangle changed at (400, 300) of 1000 x 600.
    const patch = { x: 400, y: 300, w: 120, h: 80 };
    const project = await sendRounds("Window sticker", [
      ["sticker-v1.png", makePng(1000, 600)],
      ["sticker-v2.png", makePng(1000, 600, patch)],
    ]);

    await compareOnBothScreens("designer@atelier.local", project.id, async (tab, dialog, width) => {
      await dialog.getByText("Round 1 → Round 2").waitFor();
      await dialog.getByRole("button", { name: "Differences" }).click();
      await expect.poll(() => dialog.getByTestId("compare-count").textContent(), { timeout: 20_000 }).toBe("1 changed region");
      // Worked out off the main thread.
      expect(await dialog.getByTestId("compare-count").getAttribute("data-engine")).toBe("worker");
      const stackBox = (await dialog.getByTestId("compare-stack").boundingBox())!;
      const region = (await dialog.getByTestId("compare-region").boundingBox())!;
      // Where the change is, as fractions of the image, to within the grid's cell (8 px of 1000 x 600).
      const at = {
        x: (region.x - stackBox.x) / stackBox.width,
        y: (region.y - stackBox.y) / stackBox.height,
        w: region.width / stackBox.width,
        h: region.height / stackBox.height,
      };
      expect(Math.abs(at.x - patch.x / 1000)).toBeLessThan(0.012);
      expect(Math.abs(at.y - patch.y / 600)).toBeLessThan(0.02);
      expect(Math.abs(at.w - patch.w / 1000)).toBeLessThan(0.02);
      expect(Math.abs(at.h - patch.h / 600)).toBeLessThan(0.03);
      expect(await tab.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await tab.screenshot({ path: join(ARTIFACTS_DIR, `compare-difference-${width}.png`) });
      await dialog.getByRole("button", { name: "Wipe" }).click();
      await dialog.getByLabel("Wipe").fill("30");
      await tab.screenshot({ path: join(ARTIFACTS_DIR, `compare-wipe-${width}.png`) });
    });
  });

  it("compares two of a project's files never sent in a round, from their section, on a phone", async () => {
    const patch = { x: 200, y: 400, w: 120, h: 90 };
    const project = await makeProject(stack.t.db, { businessId: DEMO_BUSINESS.id, title: "Loose drafts" });
    await stack.t.db.updateTable("projects").set({ stage: "in_progress" }).where("id", "=", project.id).execute();
    const studio = await callerFor("designer@atelier.local");
    await addUploadedFile(studio, project.id, "draft-a.png", makePng(800, 800));
    await addUploadedFile(studio, project.id, "draft-b.png", makePng(800, 800, patch));
    await addUploadedFile(studio, project.id, "notes.pdf", makePdf(1));

    await asPerson("designer@atelier.local", "phone", async (tab) => {
      await tab.goto(`${stack.app.url}/projects/${project.id}`);
      // No round to compare; the materials' two images are.
      expect(await tab.getByRole("button", { name: "Compare rounds" }).count()).toBe(0);
      await tab.getByRole("button", { name: "Compare Materials" }).click();
      const dialog = tab.getByTestId("compare");
      await dialog.getByText("draft-a.png → draft-b.png").waitFor();
      expect(await dialog.getByRole("heading", { name: "Compare files" }).count()).toBe(1);
      // Named by the files' section, not a round; the PDF is not offered beside the images.
      expect(await dialog.getByLabel("Before", { exact: true }).textContent()).toBe("Materials");
      await dialog.getByLabel("Before, file").click();
      // The list's code loads with the first press (NativeSelect): its options show a moment later.
      await tab.getByRole("option").first().waitFor();
      expect(await tab.getByRole("option").allTextContents()).toEqual(["draft-a.png"]);
      await tab.keyboard.press("Escape");
      await dialog.getByRole("button", { name: "Differences" }).click();
      await expect.poll(() => dialog.getByTestId("compare-count").textContent(), { timeout: 20_000 }).toBe("1 changed region");
      const at = await dialog.getByTestId("compare-stack").evaluate((stack) => {
        const [s, r] = [stack.getBoundingClientRect(), stack.querySelector('[data-testid="compare-region"]')!.getBoundingClientRect()];
        return { x: (r.left - s.left) / s.width, y: (r.top - s.top) / s.height };
      });
      expect(Math.abs(at.x - patch.x / 800)).toBeLessThan(0.015);
      expect(Math.abs(at.y - patch.y / 800)).toBeLessThan(0.015);
      await tab.screenshot({ path: join(ARTIFACTS_DIR, "compare-loose-files-390.png") });
    });
  });

  it("compares two files of one round, zoomed to 200 % in the differences and the wipe", async () => {
    // One round with two versions side by side: the second has a 100 x 60 rectangle changed at (600, 120).
    const patch = { x: 600, y: 120, w: 100, h: 60 };
    const project = await makeProject(stack.t.db, { businessId: DEMO_BUSINESS.id, title: "Two versions" });
    await stack.t.db.updateTable("projects").set({ stage: "in_progress" }).where("id", "=", project.id).execute();
    const studio = await callerFor("designer@atelier.local");
    const a = await addUploadedFile(studio, project.id, "version-a.png", makePng(1000, 600));
    const b = await addUploadedFile(studio, project.id, "version-b.png", makePng(1000, 600, patch));
    await studio.proofs.create({ projectId: project.id, fileIds: [a.id, b.id] });

    await asPerson("client@atelier.local", "desktop", async (tab) => {
      await tab.goto(`${stack.app.url}/projects/${project.id}`);
      await tab.getByRole("button", { name: "Compare files" }).click();
      const dialog = tab.getByTestId("compare");
      // The round's first file before its second, named by their names.
      await dialog.getByText("version-a.png → version-b.png").waitFor();
      expect(await dialog.getByLabel("Before, file").textContent()).toBe("version-a.png");
      await dialog.getByLabel("Before, file").click();
      // The list's code loads with the first press (NativeSelect): its options show a moment later.
      await tab.getByRole("option").first().waitFor();
      expect(await tab.getByRole("option").allTextContents()).toEqual(["version-a.png"]);
      await tab.keyboard.press("Escape");
      await dialog.getByRole("button", { name: "Differences" }).click();
      await expect.poll(() => dialog.getByTestId("compare-count").textContent(), { timeout: 20_000 }).toBe("1 changed region");
      // Both boxes read in one go: the frame may be scrolling to the change meanwhile.
      const regionAt = () =>
        dialog.getByTestId("compare-stack").evaluate((stack) => {
          const [s, r] = [stack.getBoundingClientRect(), stack.querySelector('[data-testid="compare-region"]')!.getBoundingClientRect()];
          return { width: s.width, x: (r.left - s.left) / s.width, y: (r.top - s.top) / s.height };
        });
      const at100 = await regionAt();
      expect(Math.abs(at100.x - patch.x / 1000)).toBeLessThan(0.012);

      // At 200 %: twice as wide, scrolled within its frame, the region at the same place of the image.
      await dialog.getByRole("button", { name: "Zoom in" }).click();
      await dialog.getByRole("button", { name: "Zoom in" }).click();
      expect(await dialog.getByTestId("compare-zoom").textContent()).toBe("200 %");
      await expect.poll(async () => Math.round(((await regionAt()).width / at100.width) * 10) / 10).toBe(2);
      const at200 = await regionAt();
      expect(Math.abs(at200.x - at100.x)).toBeLessThan(0.005);
      expect(Math.abs(at200.y - at100.y)).toBeLessThan(0.005);
      const frame = dialog.getByTestId("compare-stack-frame");
      expect(await frame.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      // Scrolled to the change: the region is within the frame's view.
      await expect
        .poll(async () => {
          const [view, region] = [(await frame.boundingBox())!, (await dialog.getByTestId("compare-region").boundingBox())!];
          return region.x >= view.x && region.x + region.width <= view.x + view.width;
        })
        .toBe(true);
      await tab.screenshot({ path: join(ARTIFACTS_DIR, "compare-files-200-1280.png") });
      await dialog.getByRole("button", { name: "Wipe" }).click();
      await dialog.getByLabel("Wipe").fill("40");
      expect(Math.round((await dialog.getByTestId("compare-stack").boundingBox())!.width / at100.width)).toBe(2);
      expect(await tab.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    });
  });

  it("compares two versions of a PDF: a moved, corrected phone number is the one text change, on its page", async () => {
    const body = [
      { text: "Summer fair on the market square", x: 72, y: 700 },
      { text: "Saturday 14 June, from 10 to 18", x: 72, y: 670 },
      { text: "Live music, food stalls and a raffle", x: 72, y: 640 },
    ];
    // The number is written first on the page in version 1 and last in version 2, as layout tools reorder things.
    const flyer = (phone: { text: string; x: number; y: number }, first: boolean) =>
      makeTextPdf([
        [{ text: "Cover: the summer fair", x: 72, y: 760 }],
        first ? [phone, ...body] : [...body, phone],
        [{ text: "Back page: with thanks to our sponsors", x: 72, y: 760 }],
      ]);
    const project = await sendRounds("Summer fair flyer", [
      ["fair-flyer.pdf", flyer({ text: "Call +32 2 555 01 00", x: 72, y: 760 }, true)],
      ["fair-flyer.pdf", flyer({ text: "Call +32 2 555 01 99", x: 300, y: 120 }, false)],
    ]);
    // The client's pin on round 1, page 2: shown on round 1's side of page 2 only.
    const client = await callerFor("client@atelier.local");
    const round1 = (await client.proofs.list({ projectId: project.id })).find((r) => r.round === 1)!;
    await client.annotations.create({
      proofId: round1.id,
      fileId: round1.files[0]!.id,
      page: 2,
      x: 0.2,
      y: 0.1,
      body: "Phone number is wrong",
    });

    await compareOnBothScreens("client@atelier.local", project.id, async (tab, dialog, width) => {
      await dialog.getByText("Round 1 → Round 2 · fair-flyer.pdf").waitFor();

      // The text: one change, on page 2, and no other page named.
      await dialog.getByRole("button", { name: "Text", exact: true }).click();
      await expect.poll(() => dialog.getByTestId("text-summary").textContent(), { timeout: 30_000 }).toBe("1 text change on 1 page of 3");
      expect(await dialog.getByTestId("text-page").evaluateAll((pages) => pages.map((p) => p.getAttribute("data-page")))).toEqual(["2"]);
      const change = dialog.getByTestId("text-change");
      // Said to a screen reader too, not only struck through and marked.
      expect(await change.locator("del").textContent()).toBe("was: Call +32 2 555 01 00");
      expect(await change.locator("ins").textContent()).toBe("now: Call +32 2 555 01 99");
      await tab.screenshot({ path: join(ARTIFACTS_DIR, `compare-pdf-text-${width}.png`) });

      // Its page, side by side, at one zoom and scrolled together.
      await dialog.getByRole("button", { name: "Show page 2" }).click();
      expect(await dialog.getByTestId("compare-page").textContent()).toBe("Page 2 of 3");
      const panes = dialog.getByTestId("compare-pane");
      await expect.poll(() => panes.locator('[data-rendered-page="2"]').count(), { timeout: 20_000 }).toBe(2);
      await dialog.getByRole("button", { name: "Zoom in" }).click();
      await dialog.getByRole("button", { name: "Zoom in" }).click();
      expect(await dialog.getByTestId("compare-zoom").textContent()).toBe("200 %");
      // Each round's pins on its own side; hidden on request.
      expect(await panes.first().getByTestId("compare-pin").getAttribute("aria-label")).toBe("Pin 1: Phone number is wrong");
      expect(await panes.last().getByTestId("compare-pin").count()).toBe(0);
      await dialog.getByLabel("Pins (1)").uncheck();
      expect(await dialog.getByTestId("compare-pin").count()).toBe(0);
      await dialog.getByLabel("Pins (1)").check();
      const widths = await panes.evaluateAll((els) =>
        els.map((el) => el.firstElementChild!.getBoundingClientRect().width / el.clientWidth),
      );
      for (const w of widths) expect(w).toBeCloseTo(2, 1);
      await panes
        .first()
        .evaluate((el) => el.scrollTo({ left: (el.scrollWidth - el.clientWidth) / 2, top: el.scrollHeight - el.clientHeight }));
      await expect
        .poll(() =>
          panes
            .last()
            .evaluate((el) => [
              Math.round((el.scrollLeft / (el.scrollWidth - el.clientWidth)) * 100),
              Math.round((el.scrollTop / (el.scrollHeight - el.clientHeight)) * 100),
            ]),
        )
        .toEqual([50, 100]);
      await tab.screenshot({ path: join(ARTIFACTS_DIR, `compare-pdf-side-${width}.png`) });
      await panes.first().evaluate((el) => el.scrollTo({ left: 0, top: 0 }));
      await tab.screenshot({ path: join(ARTIFACTS_DIR, `compare-pdf-pins-${width}.png`) });

      // The pixels: the page with the moved number differs where the number was and where it is; page 1 does not.
      await dialog.getByRole("button", { name: "Differences" }).click();
      await expect.poll(() => dialog.getByTestId("compare-count").textContent(), { timeout: 30_000 }).toBe("2 changed regions");
      const stackBox = (await dialog.getByTestId("compare-stack").boundingBox())!;
      const tops = await dialog
        .getByTestId("compare-region")
        .evaluateAll((regions) => regions.map((r) => Number.parseFloat((r as HTMLElement).style.top)));
      // Fractions of the page from the top: the old number at 760 pt of 842 from the bottom, the new one at 120.
      expect(tops[0]).toBeLessThan(15);
      expect(tops[1]).toBeGreaterThan(80);
      expect(stackBox.width).toBeGreaterThan(0);
      await tab.screenshot({ path: join(ARTIFACTS_DIR, `compare-pdf-difference-${width}.png`) });
      await dialog.getByRole("button", { name: "Previous page" }).click();
      await expect.poll(() => dialog.getByTestId("compare-count").textContent(), { timeout: 30_000 }).toBe("No changes found");
      // Nothing wider than the screen, the page's or the dialog's.
      expect(await tab.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
      // Round 2 waits for the client: answered from inside compare, on the phone (the last screen).
      const decision = dialog.getByTestId("compare-decision");
      await decision.getByRole("button", { name: "Request changes" }).waitFor();
      await decision.scrollIntoViewIfNeeded();
      await tab.screenshot({ path: join(ARTIFACTS_DIR, `compare-pdf-decision-${width}.png`) });
      if (width < 500) {
        await decision.getByRole("button", { name: "Approve", exact: true }).click();
        await tab
          .getByRole("alertdialog", { name: "Approve exactly these files for print?" })
          .getByRole("button", { name: "Approve" })
          .click();
        await decision.waitFor({ state: "detached" });
        await dialog.getByRole("button", { name: "Close" }).click();
        await tab.locator('[data-testid="proof"][data-round="2"]').getByTestId("proof-status").filter({ hasText: "Approved" }).waitFor();
      }
    });
  });

  it("turns round 1's pins into a checklist: the open ones are listed and asked about as round 2 is sent", async () => {
    const project = await sendRounds("Menu board", [["menu-board.png", makePng(1200, 800)]]);
    const client = await callerFor("client@atelier.local");
    const [round1] = await client.proofs.list({ projectId: project.id });
    const fileId = round1!.files[0]!.id;
    const pin = (body: string, x: number) => client.annotations.create({ proofId: round1!.id, fileId, x, y: 0.4, body });
    await pin("Prices in a bigger type", 0.2);
    const done = await pin("Swap the soup of the day", 0.5);
    await pin("Logo too close to the edge", 0.8);
    const studio = await callerFor("designer@atelier.local");
    await studio.annotations.resolve({ annotationId: done.id, resolved: true });
    await addUploadedFile(studio, project.id, "menu-board-2.png", makePng(1200, 800, { x: 100, y: 100, w: 50, h: 50 }));

    // On a phone: both open items listed, asked about on sending; not yet, and one is ticked off instead.
    // On a desktop: the one left is asked about, and round 2 is sent anyway.
    for (const { width, height, open } of [
      { width: 390, height: 844, open: ["Prices in a bigger type", "Logo too close to the edge"] },
      { width: 1280, height: 800, open: ["Logo too close to the edge"] },
    ]) {
      const context = await stack.browser.newContext({
        viewport: { width, height },
        ...(width < 500 ? { isMobile: true, hasTouch: true } : {}),
      });
      try {
        await signInWithSession(stack.t.db, context, stack.app.url, "designer@atelier.local");
        const tab = await context.newPage();
        await tab.goto(`${stack.app.url}/projects/${project.id}`);
        const form = tab.getByRole("form", { name: "Send a proof" });
        const checklist = form.getByTestId("checklist");
        const items = (n: number) => `${n} item${n === 1 ? "" : "s"}`;
        await expect.poll(() => checklist.getByTestId("checklist-summary").textContent()).toBe(` · ${items(open.length)} still open`);
        expect(await checklist.locator('[data-testid="checklist-item"][data-open] p:first-child').allTextContents()).toEqual(open);
        await checklist.screenshot({ path: join(ARTIFACTS_DIR, `checklist-${width}.png`) });
        await form.getByLabel("menu-board-2.png", { exact: true }).check();
        await form.getByRole("button", { name: "Send proof" }).click();
        const ask = tab.getByRole("alertdialog", { name: `${items(open.length)} of round 1 still open` });
        await ask.waitFor();
        expect(await ask.innerText()).toContain(`${open.map((o) => `“${o}”`).join(", ")}. Send round 2 anyway?`);
        await tab.screenshot({ path: join(ARTIFACTS_DIR, `checklist-ask-${width}.png`) });
        if (open.length > 1) {
          await ask.getByRole("button", { name: "Keep working" }).click();
          await checklist.getByRole("button", { name: "Mark done" }).first().click();
          await expect.poll(() => checklist.getByTestId("checklist-summary").textContent()).toBe(" · 1 item still open");
          expect(await tab.getByTestId("proof").count()).toBe(1);
          continue;
        }
        await ask.getByRole("button", { name: "Send anyway" }).click();
        const round2 = tab.locator('[data-testid="proof"][data-round="2"]');
        await round2.waitFor();
        // Round 2 shows round 1's checklist, each item with the way to where it was addressed.
        const addressed = round2.getByTestId("addressed-checklist");
        expect(await addressed.locator("summary").textContent()).toBe("Round 1's checklist: 2 items of 3 done");
        await addressed.locator("summary").click();
        await addressed.screenshot({ path: join(ARTIFACTS_DIR, `checklist-addressed-${width}.png`) });
        await addressed
          .getByTestId("checklist-item")
          .filter({ hasText: "Logo too close" })
          .getByRole("button", { name: "See it in round 2" })
          .click();
        await tab.getByRole("dialog", { name: "menu-board-2.png" }).waitFor();
        await tab.screenshot({ path: join(ARTIFACTS_DIR, `checklist-round-2-${width}.png`) });
      } finally {
        await context.close();
      }
    }
  });

  /** The arrow's ends as fractions of the image it lies on, and the layer's width against the image's. */
  const arrowOn = async (dialog: Locator) =>
    dialog.locator('[data-testid="shape"][data-kind="arrow"] [data-testid="arrow-shaft"]').evaluate((line) => {
      const shaft = line as SVGLineElement;
      const layer = shaft.ownerSVGElement!.getBoundingClientRect();
      const image = document.querySelector('[data-testid="viewer-image"]')!.getBoundingClientRect();
      const at = (v: SVGAnimatedLength, of: number) => Math.round((v.baseVal.value / of) * 1000) / 1000;
      return {
        ends: [at(shaft.x1, layer.width), at(shaft.y1, layer.height), at(shaft.x2, layer.width), at(shaft.y2, layer.height)],
        layerOnImage:
          Math.abs(layer.left - image.left) < 1 && Math.abs(layer.top - image.top) < 1 && Math.abs(layer.width - image.width) < 1,
        width: layer.width,
      };
    });
  const endsNear = (ends: number[], expected: number[]) => {
    for (const [i, v] of ends.entries()) expect(Math.abs(v - expected[i]!), `${ends} against ${expected}`).toBeLessThan(0.012);
  };
  /** Round 1's file opened from the project page, once the dialog has stopped moving. */
  const openFile = async (tab: Page, projectId: string, name: string) => {
    await tab.goto(`${stack.app.url}/projects/${projectId}`);
    await tab
      .locator('[data-testid="proof"][data-round="1"]')
      .getByRole("button", { name: `Open ${name}` })
      .click();
    const dialog = tab.getByRole("dialog", { name });
    await dialog.getByTestId("viewer-image").waitFor();
    // Measured and drawn on once the dialog's opening animation (a zoom) has ended, or every point is off by the zoom.
    await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    return dialog;
  };
  const drag = async (tab: Page, box: { x: number; y: number; width: number; height: number }, path: [number, number][]) => {
    await tab.mouse.move(box.x + path[0]![0] * box.width, box.y + path[0]![1] * box.height);
    await tab.mouse.down();
    for (const [x, y] of path.slice(1)) await tab.mouse.move(box.x + x * box.width, box.y + y * box.height, { steps: 4 });
    await tab.mouse.up();
  };
  /** Draws with `tool` along `path`, comments on the mark, and waits for its entry in the list. */
  const markWith = async (
    tab: Page,
    dialog: Locator,
    box: { x: number; y: number; width: number; height: number },
    mark: { tool: "Pin" | "Arrow" | "Draw"; label: string; path: [number, number][]; body: string },
  ) => {
    await dialog.getByRole("button", { name: `${mark.tool} mode` }).click();
    await drag(tab, box, mark.path);
    await dialog.getByLabel(`Comment at the ${mark.label}`).fill(mark.body);
    await dialog.getByRole("button", { name: "Pin comment" }).click();
    const entry = dialog.getByTestId("pin-entry").filter({ hasText: mark.body });
    // A shape's entry names its kind; a pin's is the plain one.
    await (mark.tool === "Pin" ? entry : entry.filter({ hasText: mark.label })).waitFor();
  };

  it("an arrow drawn at 100 % holds its spot at 300 % and on a phone; a freehand mark is kept smooth", async () => {
    const project = await sendRounds("Shop window", [["shop-window.png", makePng(1200, 800)]]);
    await asPerson("designer@atelier.local", "desktop", async (tab) => {
      const dialog = await openFile(tab, project.id, "shop-window.png");
      expect(await dialog.getByTestId("viewer-image").getAttribute("data-zoom")).toBe("1");
      const box = (await dialog.getByTestId("viewer-image").boundingBox())!;
      await markWith(tab, dialog, box, {
        tool: "Arrow",
        label: "arrow",
        path: [
          [0.3, 0.4],
          [0.45, 0.55],
          [0.6, 0.7],
        ],
        body: "Move the price tag here",
      });
      // The live stream may list the new pin a moment before the answer to the click clears the one being drawn.
      await expect.poll(() => dialog.locator('[data-testid="shape"][data-kind="arrow"]').count()).toBe(1);
      const at100 = await arrowOn(dialog);
      expect(at100.layerOnImage).toBe(true);
      endsNear(at100.ends, [0.3, 0.4, 0.6, 0.7]);

      // A freehand mark: a loop around the top left, thinned and drawn as one smooth outline.
      const loop = Array.from({ length: 24 }, (_, i): [number, number] => [
        0.15 + 0.08 * Math.cos((i / 23) * 2 * Math.PI),
        0.2 + 0.1 * Math.sin((i / 23) * 2 * Math.PI),
      ]);
      await markWith(tab, dialog, box, { tool: "Draw", label: "drawing", path: loop, body: "This corner is too busy" });
      await expect.poll(() => dialog.locator('[data-testid="shape"][data-kind="freehand"]').count()).toBe(1);
      expect(await dialog.locator('[data-testid="shape"][data-kind="freehand"]').getAttribute("d")).toMatch(/^M [\d.]+ [\d.]+ Q .+ Z$/);

      // At 300 %: the same spot of the image, on a layer three times as wide.
      for (let i = 0; i < 3; i++) await dialog.getByRole("button", { name: "Zoom in" }).click();
      await expect.poll(() => dialog.getByTestId("viewer-image").getAttribute("data-zoom")).toBe("3");
      await expect.poll(async () => (await arrowOn(dialog)).width / at100.width, { timeout: 5000 }).toBeCloseTo(3, 1);
      const at300 = await arrowOn(dialog);
      expect(at300.layerOnImage).toBe(true);
      endsNear(at300.ends, at100.ends);
      await tab.screenshot({ path: join(ARTIFACTS_DIR, "markup-300-1280.png") });
    });

    await asPerson("client@atelier.local", "phone", async (tab) => {
      const dialog = await openFile(tab, project.id, "shop-window.png");
      await dialog.locator('[data-testid="shape"][data-kind="arrow"]').waitFor();
      const onPhone = await arrowOn(dialog);
      expect(onPhone.layerOnImage).toBe(true);
      endsNear(onPhone.ends, [0.3, 0.4, 0.6, 0.7]);
      await tab.screenshot({ path: join(ARTIFACTS_DIR, "markup-390.png") });

      // Drawing on the phone: the file holds still under the stroke; the comment form comes when the stroke ends.
      await dialog.getByRole("button", { name: "Arrow mode" }).click();
      const image = dialog.getByTestId("viewer-image");
      const before = (await image.boundingBox())!;
      await tab.mouse.move(before.x + 0.75 * before.width, before.y + 0.2 * before.height);
      await tab.mouse.down();
      await tab.mouse.move(before.x + 0.9 * before.width, before.y + 0.5 * before.height, { steps: 4 });
      expect(await image.boundingBox()).toEqual(before);
      expect(await dialog.getByLabel("Comment at the arrow").count()).toBe(0);
      await tab.mouse.up();
      await dialog.getByLabel("Comment at the arrow").waitFor();
    });
  });
  it("the author redraws a mark and removes one, its comment kept; nobody else is offered either", async () => {
    const project = await sendRounds("Redraw", [["redraw.png", makePng(1200, 800)]]);
    await asPerson("designer@atelier.local", "desktop", async (tab) => {
      const dialog = await openFile(tab, project.id, "redraw.png");
      const box = (await dialog.getByTestId("viewer-image").boundingBox())!;
      // An arrow, and a box pin.
      const path = (from: number, to: number): [number, number][] => [
        [from, from],
        [to, to],
      ];
      await markWith(tab, dialog, box, { tool: "Arrow", label: "arrow", path: path(0.2, 0.4), body: "Price tag here" });
      await markWith(tab, dialog, box, { tool: "Pin", label: "pin", path: path(0.7, 0.8), body: "Too tight" });
      await expect.poll(() => dialog.locator('[data-testid="shape"][data-kind="arrow"]').count()).toBe(1);

      // By the keyboard: at 300 % each entry of the list, focused in turn, brings its pin into the frame's view.
      for (let i = 0; i < 3; i++) await dialog.getByRole("button", { name: "Zoom in" }).click();
      await expect.poll(() => dialog.getByTestId("viewer-image").getAttribute("data-zoom")).toBe("3");
      const inView = async (name: RegExp) => {
        const [frame, marker] = [
          (await dialog.getByTestId("viewer").boundingBox())!,
          (await dialog.getByRole("button", { name }).boundingBox())!,
        ];
        return (
          marker.x >= frame.x &&
          marker.y >= frame.y &&
          marker.x + marker.width <= frame.x + frame.width &&
          marker.y + marker.height <= frame.y + frame.height
        );
      };
      const entries = dialog.getByTestId("pin-entry");
      await entries.nth(1).focus();
      await expect.poll(() => inView(/^Pin 2: Too tight/)).toBe(true);
      expect(await inView(/^Pin 1: Price tag here/)).toBe(false);
      expect(await entries.nth(1).getAttribute("aria-current")).toBe("true");
      await tab.keyboard.press("Shift+Tab");
      await tab.keyboard.press("Shift+Tab");
      await tab.keyboard.press("Shift+Tab");
      await expect.poll(() => entries.nth(0).evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await expect.poll(() => inView(/^Pin 1: Price tag here/)).toBe(true);
      await dialog.getByRole("button", { name: "Fit" }).click();

      // Redrawn: the arrow's tool is picked, the new arrow replaces the old one once saved.
      await dialog.getByRole("button", { name: "Redraw pin 1" }).click();
      expect(await dialog.getByRole("button", { name: "Arrow mode" }).getAttribute("aria-pressed")).toBe("true");
      await drag(tab, box, [
        [0.5, 0.3],
        [0.6, 0.6],
      ]);
      await tab.screenshot({ path: join(ARTIFACTS_DIR, "redraw-1280.png") });
      await dialog.getByTestId("redraw").getByRole("button", { name: "Save mark" }).click();
      await dialog.getByTestId("redraw").waitFor({ state: "detached" });
      await expect.poll(async () => (await arrowOn(dialog)).ends.map((v) => Math.round(v * 10) / 10)).toEqual([0.5, 0.3, 0.6, 0.6]);
      expect(await dialog.locator('[data-testid="shape"][data-kind="arrow"]').count()).toBe(1);

      // Removed, after a question: the box leaves the file, the comment stays in the conversation.
      await dialog.getByRole("button", { name: "Remove the mark of pin 2" }).click();
      const ask = tab.getByRole("alertdialog", { name: "Remove the mark of pin 2?" });
      await ask.getByRole("button", { name: "Remove" }).click();
      await expect.poll(() => dialog.getByTestId("pin-entry").count()).toBe(1);
      expect(await dialog.getByTestId("pin").count()).toBe(1);
      await dialog.getByRole("button", { name: "Close" }).click();
      await tab.getByTestId("comment").filter({ hasText: "Too tight" }).waitFor();
    });

    // The client sees the designer's arrow where it was redrawn, with no way to change it.
    await asPerson("client@atelier.local", "phone", async (tab) => {
      const dialog = await openFile(tab, project.id, "redraw.png");
      await dialog.getByTestId("pin-entry").filter({ hasText: "Price tag here" }).waitFor();
      endsNear((await arrowOn(dialog)).ends, [0.5, 0.3, 0.6, 0.6]);
      expect(await dialog.getByRole("button", { name: /^(Redraw|Remove)/ }).count()).toBe(0);
      await tab.screenshot({ path: join(ARTIFACTS_DIR, "redraw-390.png") });
    });
  });
  it("words chosen on a PDF's page are highlighted and commented on, the quote kept, in place on a phone", async () => {
    const flyer = makeTextPdf([
      [
        { text: "Summer fair, 12 July", x: 72, y: 760 },
        { text: "Call +32 2 555 01 00", x: 72, y: 600 },
      ],
    ]);
    const project = await sendRounds("Highlight", [["highlight.pdf", flyer]]);
    await asPerson("client@atelier.local", "desktop", async (tab) => {
      await tab.goto(`${stack.app.url}/projects/${project.id}`);
      await tab.locator('[data-testid="proof"][data-round="1"]').getByRole("button", { name: "Open highlight.pdf" }).click();
      const dialog = tab.getByRole("dialog", { name: "highlight.pdf" });
      await dialog.locator('[data-testid="pdf-page"][data-rendered-page="1"]').waitFor();
      await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      await dialog.getByRole("button", { name: "Highlight mode" }).click();
      const words = dialog.getByTestId("pdf-text").getByText("Call +32 2 555 01 00");
      await dialog.locator('[data-testid="pdf-text"][data-rendered-page="1"]').waitFor();
      // Chosen with the mouse, from the left edge of the first letter to the right edge of the last.
      const box = (await words.boundingBox())!;
      await tab.mouse.move(box.x + 1, box.y + box.height / 2);
      await tab.mouse.down();
      await tab.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 6 });
      await tab.mouse.up();
      await dialog.getByLabel("Comment at the highlight").fill("The number changed: 555 01 99");
      await dialog.getByRole("button", { name: "Pin comment" }).click();
      const entry = dialog.getByTestId("pin-entry").filter({ hasText: "The number changed" });
      await entry.waitFor();
      expect(await entry.locator("blockquote").innerText()).toBe("“Call +32 2 555 01 00”");
      // The tint lies over the words.
      const tint = dialog.locator('[data-testid="shape"][data-kind="highlight"] rect');
      await expect.poll(() => tint.count()).toBe(1);
      const over = (await tint.boundingBox())!;
      // Over the words as drawn: Helvetica's widths make the line 166.6 pt of the page's 595, 18 pt high of 842.
      const drawn = (await dialog.locator('[data-testid="pdf-page"]').boundingBox())!;
      expect(Math.abs(over.width / drawn.width - 166.6 / 595)).toBeLessThan(0.015);
      expect(over.height / drawn.height).toBeGreaterThan((0.8 * 18) / 842);
      expect(over.height / drawn.height).toBeLessThan((1.5 * 18) / 842);
      expect(Math.abs(over.x - box.x)).toBeLessThan(6);
      expect(Math.abs(over.x + over.width - (box.x + box.width))).toBeLessThan(6);
      expect(Math.abs(over.y + over.height / 2 - (box.y + box.height / 2))).toBeLessThan(6);
      await tab.screenshot({ path: join(ARTIFACTS_DIR, "highlight-1280.png") });
    });

    // On a phone, in the same place on the page: 72 pt in from the left of 595, on the line 600 pt up of 842.
    await asPerson("designer@atelier.local", "phone", async (tab) => {
      await tab.goto(`${stack.app.url}/projects/${project.id}`);
      await tab.locator('[data-testid="proof"][data-round="1"]').getByRole("button", { name: "Open highlight.pdf" }).click();
      const dialog = tab.getByRole("dialog", { name: "highlight.pdf" });
      await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      const tint = dialog.locator('[data-testid="shape"][data-kind="highlight"] rect');
      await tint.waitFor();
      await dialog.locator('[data-testid="pdf-page"][data-rendered-page="1"]').waitFor();
      const pageBox = (await dialog.locator('[data-testid="pdf-page"]').boundingBox())!;
      const over = (await tint.boundingBox())!;
      expect(Math.abs((over.x - pageBox.x) / pageBox.width - 72 / 595)).toBeLessThan(0.01);
      expect(Math.abs(over.width / pageBox.width - 166.6 / 595)).toBeLessThan(0.015);
      const middle = (over.y + over.height / 2 - pageBox.y) / pageBox.height;
      expect(middle).toBeGreaterThan((842 - 600 - 18) / 842);
      expect(middle).toBeLessThan((842 - 600) / 842);
      await dialog.getByTestId("pin-entry").filter({ hasText: "Call +32 2 555 01 00" }).waitFor();
      await tab.screenshot({ path: join(ARTIFACTS_DIR, "highlight-390.png") });
    });
  });
  it("words on a page turned a quarter by its /Rotate are chosen where they are drawn", async () => {
    // A portrait page shown in landscape: the line runs down the page, 600 pt in from its left of 842, 72 pt down of 595.
    const turned = makeTextPdf([[{ text: "Call +32 2 555 01 00", x: 72, y: 600 }]], { rotate: 90 });
    const project = await sendRounds("Turned page", [["turned.pdf", turned]]);
    await asPerson("client@atelier.local", "desktop", async (tab) => {
      await tab.goto(`${stack.app.url}/projects/${project.id}`);
      await tab.locator('[data-testid="proof"][data-round="1"]').getByRole("button", { name: "Open turned.pdf" }).click();
      const dialog = tab.getByRole("dialog", { name: "turned.pdf" });
      await dialog.locator('[data-testid="pdf-page"][data-rendered-page="1"]').waitFor();
      await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      await dialog.getByRole("button", { name: "Highlight mode" }).click();
      await dialog.locator('[data-testid="pdf-text"][data-rendered-page="1"]').waitFor();
      const page = (await dialog.locator('[data-testid="pdf-page"]').boundingBox())!;
      expect(page.width).toBeGreaterThan(page.height);
      // The words' run is upright on the screen where the drawing has them.
      const box = (await dialog.getByTestId("pdf-text").getByText("Call +32 2 555 01 00").boundingBox())!;
      expect(box.height).toBeGreaterThan(4 * box.width);
      expect(Math.abs((box.y - page.y) / page.height - 72 / 595)).toBeLessThan(0.02);
      expect(Math.abs((box.y + box.height - page.y) / page.height - (72 + 166.6) / 595)).toBeLessThan(0.03);
      const across = (box.x + box.width / 2 - page.x) / page.width;
      expect(across).toBeGreaterThan(590 / 842);
      expect(across).toBeLessThan(620 / 842);
      await tab.mouse.move(box.x + box.width / 2, box.y + 1);
      await tab.mouse.down();
      await tab.mouse.move(box.x + box.width / 2, box.y + box.height - 1, { steps: 6 });
      await tab.mouse.up();
      await dialog.getByLabel("Comment at the highlight").fill("Turned, still found");
      await dialog.getByRole("button", { name: "Pin comment" }).click();
      const entry = dialog.getByTestId("pin-entry").filter({ hasText: "Turned, still found" });
      await entry.waitFor();
      expect(await entry.locator("blockquote").innerText()).toBe("“Call +32 2 555 01 00”");
      const tint = (await dialog.locator('[data-testid="shape"][data-kind="highlight"] rect').first().boundingBox())!;
      expect(Math.abs(tint.x + tint.width / 2 - (box.x + box.width / 2))).toBeLessThan(6);
      await tab.screenshot({ path: join(ARTIFACTS_DIR, "highlight-turned-1280.png") });
    });
  });
});
