// Sign-in by magic link over real SMTP, onboarding, the shell per role, theme, palette, settings and sign-out.
import { DEMO_BUSINESS, findUserByEmail, seedDemo } from "@atelier/db";
import { createTestDatabase, makeProject, makeUser, type TestDatabase } from "@atelier/db/testing";
import { extractLink, type SmtpSink, startSmtpSink } from "@atelier/mail/testing";
import { STORAGE_MAX_UPLOAD_BYTES } from "@atelier/storage";
import { AVATAR_RESTRICTIONS, AVATAR_SOURCE } from "@atelier/upload-engine";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jpegSize, makePng } from "./fixtures";
import {
  chooseOption,
  keepScreenshot,
  launchBrowser,
  openPalette,
  type RunningApp,
  signInByMail,
  signInWithSession,
  startApp,
  startTogether,
} from "./harness";

describe("sign-in and the shell (PostgreSQL, SMTP)", () => {
  let t: TestDatabase;
  let smtp: SmtpSink;
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [t, smtp, browser] = await startTogether([createTestDatabase(), startSmtpSink(), launchBrowser()]);
    // The app never seeds demo users into a real database: the test puts them there itself.
    await seedDemo(t.db);
    app = await startApp({
      DATABASE_URL: t.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: "Atelier <no-reply@atelier.test>",
      // Keys for two of the three providers: exactly those two must be offered.
      GOOGLE_CLIENT_ID: "google-id",
      GOOGLE_CLIENT_SECRET: "google-secret",
      LINKEDIN_CLIENT_ID: "linkedin-id",
      LINKEDIN_CLIENT_SECRET: "linkedin-secret",
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smtp?.close();
    await t?.destroy();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail") await keepScreenshot(page, ctx.task.name);
    await context.close();
  });

  /** Signs `email` in on the page by the link the mail server received, as a person does; answers the link. */
  const signInByLink = (email: string) => signInByMail(page, app.url, email, smtp);

  /** A session made directly in the database, for tests that are not about signing in (links are rate-limited). */
  const signInAs = (email: string, on: BrowserContext = context) => signInWithSession(t.db, on, app.url, email);

  /**
   * An admin of the test's own, made before anything the test writes: someone new has read what came before them, so
   * their bell counts this test's comments only, whatever other tests wrote or read.
   */
  const newAdmin = async () => (await makeUser(t.db, { role: "admin" })).email!;

  /** A project of the demo client's business, of the test's own. */
  const newAcmeProject = (title: string) => makeProject(t.db, { businessId: DEMO_BUSINESS.id, title });

  async function navLabels(): Promise<string[]> {
    const nav = page.getByTestId("sidebar").getByRole("navigation", { name: "Main" });
    await nav.waitFor();
    return nav.getByRole("link").allInnerTexts();
  }

  it("a new client signs in, is onboarded, sees three items, switches theme, uses the palette and signs out", async () => {
    await page.goto(app.url);
    expect(await page.title()).toMatch(/Atelier/);
    const wallpaper = Number(await page.locator("main[data-wallpaper]").getAttribute("data-wallpaper"));
    expect(wallpaper).toBeGreaterThanOrEqual(1);
    expect(wallpaper).toBeLessThanOrEqual(12);
    await expect(page.getByLabel("E-mail").getAttribute("type")).resolves.toBe("email");
    await expect(page.getByLabel("E-mail").getAttribute("required")).resolves.not.toBeNull();

    // Social sign-in is a plain form POST with the CSRF token, for the configured providers only.
    await page.getByRole("button", { name: "Continue with Google" }).waitFor();
    expect(await page.getByRole("button", { name: /^Continue with/ }).allInnerTexts()).toEqual([
      "Continue with Google",
      "Continue with LinkedIn",
    ]);
    const form = page.locator('form[action="/api/auth/signin/google"]');
    expect(await form.getAttribute("method")).toBe("post");
    await page.waitForFunction(
      () => (document.querySelector('form[action="/api/auth/signin/google"] input[name=csrfToken]') as HTMLInputElement | null)?.value,
    );
    expect(await form.locator("input[name=callbackUrl]").inputValue()).toBe("/");

    const link = await signInByLink("nina@example.com");
    expect(link.startsWith(`${app.url}/api/auth/callback/email?`)).toBe(true);

    const cookie = (await context.cookies()).find((c) => c.name === "next-auth.session-token");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    // The avatar: picked in the upload dialog, resized in the browser, stored through a signed upload.
    await page.getByRole("button", { name: "Change" }).click();
    await page
      .locator(".uppy-Dashboard-input")
      .first()
      .setInputFiles({ name: "portrait.png", mimeType: "image/png", buffer: makePng(400, 300) });
    await page.getByRole("button", { name: /^Upload 1 file/ }).click();
    await page
      .locator(".uppy-Dashboard--modal[aria-hidden='false']")
      .waitFor({ state: "detached" })
      .catch(() => undefined);
    const preview = page.locator("main img[src*='/storage/v1/object/public/avatars/users/']");
    await preview.waitFor();
    const avatarUrl = (await preview.getAttribute("src"))!;

    await page.getByLabel("Your name").fill("Nina Newclient");
    const save = page.waitForResponse((r) => r.url().includes("/api/trpc/users.update"));
    await page.getByRole("button", { name: "Continue" }).click();
    expect((await save).status()).toBe(200);
    expect(await navLabels()).toEqual(["Projects", "Archive", "Billing"]);
    expect(await findUserByEmail(t.db, "nina@example.com")).toMatchObject({ name: "Nina Newclient", image: avatarUrl });
    // The shell shows it, served by the storage service as a 128x128 JPEG.
    await page.locator(`header img[src="${avatarUrl}"]`).waitFor();
    const served = await fetch(avatarUrl);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("cache-control")).toBe("max-age=3600");
    expect(jpegSize(new Uint8Array(await served.arrayBuffer()))).toEqual({ width: 128, height: 128 });
    await expect(page.getByRole("link", { name: "Projects" }).first().getAttribute("aria-current")).resolves.toBe("page");

    await page.getByRole("button", { name: "Toggle theme" }).click();
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

    const input = await openPalette(page);
    const suggestions = page.locator("[cmdk-group-heading]", { hasText: "Suggestions" }).locator("..");
    expect(await suggestions.getByRole("option").allInnerTexts()).toEqual(["Create Project"]);
    await input.fill("zzzz-nothing");
    await page.getByText("No results found.").waitFor();
    await page.keyboard.press("Escape");
    await input.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.getByRole("button", { name: "Send me a sign-in link" }).waitFor();
  });

  it("a 12-megapixel photo picked as an avatar is compressed in a worker before upload, then cropped exactly square", async () => {
    const user = await makeUser(t.db, { role: "admin" });
    await signInAs(user.email!);
    // Every Blob a worker answers the page with, and when each avatar upload was sent, on the page's one clock. The
    // send is noted where fetch is called: a resource timing entry would appear only once the answer's body is read,
    // which the uploader never does, so on a busy machine it could still be missing.
    await context.addInitScript(() => {
      const answers: { size: number; type: string; at: number }[] = [];
      const puts: number[] = [];
      Object.assign(window, { workerBlobs: answers, avatarPuts: puts });
      const nativeFetch = window.fetch.bind(window);
      window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
        if (url.includes("/storage/v1/object/upload/sign/avatars/")) puts.push(performance.now());
        return nativeFetch(input, init);
      };
      const NativeWorker = window.Worker;
      window.Worker = class extends NativeWorker {
        constructor(url: string | URL, options?: WorkerOptions) {
          super(url, options);
          this.addEventListener("message", (event: MessageEvent) => {
            const values = event.data && typeof event.data === "object" ? Object.values(event.data) : [];
            for (const value of values)
              if (value instanceof Blob) answers.push({ size: value.size, type: value.type, at: performance.now() });
          });
        }
      };
    });
    await page.goto(`${app.url}/users/edit/${user.id}`);

    // A 4000x3000 photo: a noisy centre, with red bands at the sides that an exact centred square crop cuts away.
    const photo = Buffer.from(
      await page.evaluate(async () => {
        const [width, height, band] = [4000, 3000, 400];
        const canvas = new OffscreenCanvas(width, height);
        const context = canvas.getContext("2d")!;
        const image = context.createImageData(width, height);
        let seed = 0x9e3779b9;
        for (let i = 0; i < image.data.length; i += 4) {
          seed ^= seed << 13;
          seed ^= seed >>> 17;
          seed ^= seed << 5;
          const x = (i / 4) % width;
          const side = x < band || x >= width - band;
          image.data[i] = side ? 255 : 40 + (((seed & 255) - 128) * 60) / 256;
          image.data[i + 1] = side ? 0 : 100 + ((((seed >>> 8) & 255) - 128) * 60) / 128;
          image.data[i + 2] = side ? 0 : 160 + ((((seed >>> 16) & 255) - 128) * 60) / 128;
          image.data[i + 3] = 255;
        }
        context.putImageData(image, 0, 0);
        const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: "image/jpeg", quality: 0.9 })).arrayBuffer());
        let binary = "";
        for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(binary);
      }),
      "base64",
    );
    // As large as a phone's photo, and still a file the dialog takes.
    expect(photo.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(photo.length).toBeLessThanOrEqual(AVATAR_RESTRICTIONS.maxFileSize);

    const workers: string[] = [];
    page.on("worker", (worker) => workers.push(worker.url()));
    const saved = page.waitForResponse((r) => r.url().includes("/api/trpc/users.update"));
    await page.getByRole("button", { name: "Change" }).click();
    await page.locator(".uppy-Dashboard-input").first().setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByRole("button", { name: /^Upload 1 file/ }).click();
    expect((await saved).status()).toBe(200);

    // Compressed in a worker of this origin to the target, far below the bucket's limit, before the upload began.
    expect(workers).toEqual([expect.stringMatching(/image-worker|turbopack-worker/)]);
    expect(new URL(workers[0]!).origin).toBe(new URL(app.url).origin);
    const [compressed, ...more] = await page.evaluate(
      () => (window as unknown as { workerBlobs: { size: number; type: string; at: number }[] }).workerBlobs,
    );
    expect(more).toEqual([]);
    expect(compressed!.size).toBeLessThanOrEqual(AVATAR_SOURCE.maxBytes);
    expect(AVATAR_SOURCE.maxBytes).toBeLessThan(STORAGE_MAX_UPLOAD_BYTES);
    const puts = await page.evaluate(() => (window as unknown as { avatarPuts: number[] }).avatarPuts);
    expect(puts).toHaveLength(1);
    expect(compressed!.at).toBeLessThan(puts[0]!);

    // Stored as an exact 128x128 JPEG, the centre of the photo: no red from the bands the crop cut away.
    const avatarUrl = (await findUserByEmail(t.db, user.email!))!.image!;
    const served = new Uint8Array(await (await fetch(avatarUrl)).arrayBuffer());
    expect(jpegSize(served)).toEqual({ width: 128, height: 128 });
    expect(served.length).toBeLessThan(STORAGE_MAX_UPLOAD_BYTES);
    const reddest = await page.evaluate(async (url) => {
      const bitmap = await createImageBitmap(await (await fetch(url)).blob());
      const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext("2d")!;
      context.drawImage(bitmap, 0, 0);
      const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      let most = 0;
      for (let i = 0; i < data.length; i += 4) most = Math.max(most, data[i]! - Math.max(data[i + 1]!, data[i + 2]!));
      return most;
    }, avatarUrl);
    expect(reddest).toBeLessThan(60);
  });

  it("a page opened without a session asks for sign-in and returns there; an admin sees all eight items", async () => {
    await page.goto(`${app.url}/invoices`);
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("error") === "SessionRequired");
    expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe(`${app.url}/invoices`);
    await page.getByText("Please sign in to see that page.").waitFor();

    await signInByLink("admin@atelier.local");
    await page.waitForURL(`${app.url}/invoices`);
    expect(await navLabels()).toEqual(["Projects", "Archive", "Businesses", "Workload", "Users", "Invoices", "Billing", "Blog"]);
    await expect(page.getByRole("link", { name: "Invoices" }).first().getAttribute("aria-current")).resolves.toBe("page");

    await openPalette(page);
    const suggestions = page.locator("[cmdk-group-heading]", { hasText: "Suggestions" }).locator("..");
    await suggestions.getByRole("option").first().waitFor();
    expect(await suggestions.getByRole("option").allInnerTexts()).toEqual(["Create Project", "Create User", "Create Business"]);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Email Notifications" }).click();
    const checkbox = page.getByRole("checkbox", { name: "Send me e-mail notifications" });
    expect(await checkbox.getAttribute("aria-checked")).toBe("true");
    await checkbox.click();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect((await findUserByEmail(t.db, "admin@atelier.local"))?.emailNotification).toBe(false);
  });

  it("an admin adds a business and invites a client, who then sees that business's projects only", async () => {
    await signInByLink("admin@atelier.local");
    await page.getByTestId("sidebar").waitFor();
    await page.goto(`${app.url}/clients/create`);
    await page.getByLabel("Name").fill("Globex");
    await page.getByRole("button", { name: "Create Business" }).click();
    await page.getByText("Globex", { exact: true }).waitFor();

    await page.goto(`${app.url}/users/create`);
    await page.getByLabel("E-mail").fill("gil@globex.test");
    await chooseOption(page.getByLabel("Role"), "Client");
    await chooseOption(page.getByLabel("Business"), "Globex");
    await page.getByRole("button", { name: "Create User" }).click();
    await page.getByLabel("Business of gil@globex.test").waitFor();
    expect(await page.getByLabel("Business of gil@globex.test").innerText()).toBe("Globex");

    await page.goto(`${app.url}/projects/create`);
    await page.getByLabel("Title").fill("Acme spring poster");
    await chooseOption(page.getByLabel("Business"), "Acme Coffee");
    await page.getByRole("button", { name: "Create Project" }).click();
    await page.getByRole("heading", { name: "Acme spring poster" }).waitFor();
    const acmeProject = page.url();

    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.getByRole("button", { name: "Send me a sign-in link" }).waitFor();
    // The invitation mail carries its own sign-in link.
    const invitation = await smtp.waitFor("gil@globex.test");
    expect(invitation.raw).toMatch(/invited you to Atelier/);
    await page.goto(extractLink(invitation.raw) ?? "");
    await page.getByLabel("Your name").fill("Gil Globex");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("No projects yet").waitFor();
    await page.goto(acmeProject);
    await page.getByText("Project not found").waitFor();
  });

  it("comments reach the other side as notifications; internal notes stay in the studio", async () => {
    const admin = await newAdmin();
    const project = await newAcmeProject("Acme summer poster");
    // The studio leaves an internal note; the client sends its brief.
    await signInAs("designer@atelier.local");
    await page.goto(`${app.url}/projects/${project.id}`);
    await page.getByLabel("Your comment").fill("Their logo file is low resolution");
    await page.getByRole("switch", { name: "Internal note — the client will not see this" }).check();
    await page.getByRole("button", { name: "Post internal note" }).click();
    await page.getByTestId("comment").filter({ hasText: "Their logo file is low resolution" }).waitFor();
    // Nobody has it yet: the workload hands it to someone in place.
    await page.goto(`${app.url}/workload`);
    await chooseOption(page.getByTestId("workload-unassigned").getByLabel("Assign Acme summer poster"), "Ada Admin");
    await page.getByTestId("workload-person").filter({ hasText: "Ada Admin" }).getByRole("link", { name: "Acme summer poster" }).waitFor();
    expect(await page.getByTestId("workload-unassigned").getByRole("link", { name: "Acme summer poster" }).count()).toBe(0);
    await page.goto(`${app.url}/projects/${project.id}`);
    // The designer takes the project on; the workload shows it.
    const assigned = page.waitForResponse((r) => r.url().includes("/api/trpc/projects.assign"));
    await chooseOption(page.getByLabel("Assigned designer"), "Dora Designer");
    expect((await assigned).status()).toBe(200);
    await page.goto(`${app.url}/workload`);
    await page
      .getByTestId("workload-person")
      .filter({ hasText: "Dora Designer" })
      .getByRole("link", { name: "Acme summer poster" })
      .waitFor();
    await page.goto(`${app.url}/blog`);
    await page.getByLabel("Title").fill("New print partner");
    await page.getByLabel("Post").fill("We now print with Acme Print.");
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByTestId("post").filter({ hasText: "We now print with Acme Print." }).waitFor();
    await signInAs("client@atelier.local");
    await page.goto(`${app.url}/projects/${project.id}`);
    await page.getByRole("heading", { name: "Acme summer poster" }).waitFor();
    await page.getByLabel("Your comment").fill("Could the headline be bigger?");
    await chooseOption(page.getByLabel("Kind of comment"), "Brief");
    await page.getByRole("button", { name: "Post" }).click();
    await page.getByTestId("comment").filter({ hasText: "Could the headline be bigger?" }).waitFor();
    await page.getByTestId("project-stage").filter({ hasText: "Briefed" }).waitFor();
    expect(await page.getByTestId("comment").allInnerTexts()).not.toContainEqual(expect.stringContaining("low resolution"));
    // The admin sees both in the bell, opens one, then marks the rest read.
    await signInAs(admin);
    await page.goto(app.url);
    await page.getByTestId("unread-count").filter({ hasText: "2" }).waitFor();
    // The project list narrows by stage, by words, and is cleared in one click.
    const acmeCard = page.getByRole("link", { name: /Acme summer poster/ });
    await chooseOption(page.getByLabel("Stage"), "Approved");
    await page.getByText("No project matches").waitFor();
    await chooseOption(page.getByLabel("Stage"), "Briefed");
    await acmeCard.waitFor();
    await page.getByLabel("Search projects").fill("ACME poster");
    await acmeCard.waitFor();
    await page.getByLabel("Search projects").fill("globex");
    await page.getByText("No project matches").waitFor();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await acmeCard.waitFor();
    expect(await page.getByLabel("Search projects").inputValue()).toBe("");
    await page.getByRole("button", { name: /^Notifications/ }).click();
    await page.getByRole("heading", { name: "Unread Notifications" }).waitFor();
    // Both are on one project: one entry, the newest, standing for the other too.
    const entry = page.getByTestId("notification").filter({ hasText: "Cleo Client started the project Acme summer poster" });
    await entry.getByTestId("notification-more").filter({ hasText: "+1 more" }).waitFor();
    expect(await page.getByTestId("notification").filter({ hasText: "Acme summer poster" }).count()).toBe(1);
    await entry.click();
    await page.waitForURL((url) => url.pathname === `/projects/${project.id}` && url.searchParams.has("id"));
    // Opening the project read both.
    await page.getByTestId("unread-count").waitFor({ state: "detached" });
    await page.getByRole("button", { name: /^Notifications/ }).click();
    await page.getByText("You are all caught up.").waitFor();
    await page.getByText("Old notifications").waitFor();
    await page.keyboard.press("Escape");
  });

  it("a new comment reaches a page already open, live", async () => {
    const admin = await newAdmin();
    const project = await newAcmeProject("Acme autumn poster");
    await signInAs(admin);
    await page.goto(app.url);
    await page.getByTestId("sidebar").waitFor();
    expect(await page.getByTestId("unread-count").count()).toBe(0);
    // The palette finds projects by name.
    await (await openPalette(page)).fill("autumn poster");
    await page.getByRole("option", { name: /Acme autumn poster/ }).click();
    await page.waitForURL(`${app.url}/projects/${project.id}`);
    await page.goto(app.url);

    const clientContext = await browser.newContext();
    try {
      const other = await clientContext.newPage();
      await signInAs("client@atelier.local", clientContext);
      await other.goto(`${app.url}/projects/${project.id}`);
      await other.getByLabel("Your comment").fill("Is the proof ready?");
      await other.getByRole("button", { name: "Post" }).click();
      await other.getByTestId("comment").filter({ hasText: "Is the proof ready?" }).waitFor();
      // Well inside the one-minute fallback poll: only the live stream can bring it this soon.
      await page.getByTestId("unread-count").filter({ hasText: "1" }).waitFor({ timeout: 15_000 });
    } finally {
      await clientContext.close();
    }
  });

  it("an admin bills a business; its client sees the invoice once it is sent", async () => {
    const number = `INV-${new Date().getUTCFullYear()}-0001`;
    await newAcmeProject("Acme winter poster");
    await signInAs("admin@atelier.local");
    await page.goto(`${app.url}/invoices/create`);
    await chooseOption(page.getByLabel("Business"), "Acme Coffee");
    await chooseOption(page.getByLabel("Project", { exact: true }), "Acme winter poster");
    await page.getByLabel("Line 1 description").fill("Poster design");
    await page.getByLabel("Line 1 unit price").fill("450");
    await page.getByRole("button", { name: "Add line" }).click();
    await page.getByLabel("Line 2 description").fill("Revisions (hours)");
    await page.getByLabel("Line 2 quantity").fill("3");
    await page.getByLabel("Line 2 unit price").fill("60.50");
    expect(await page.getByTestId("invoice-total").innerText()).toBe("$631.50");
    await page.getByRole("button", { name: "Save draft" }).click();
    // Saved, the draft opens; the list has it too.
    await page.getByRole("heading", { name: number }).waitFor();
    await page.goto(`${app.url}/invoices`);
    const row = page.getByTestId("invoice-row").filter({ hasText: number });
    await row.getByText("Draft").waitFor();
    expect(await row.innerText()).toContain("$631.50");

    // While it is a draft, the client sees nothing; once sent, the invoice and what is outstanding.
    await signInAs("client@atelier.local");
    await page.goto(`${app.url}/settings`);
    await page.getByText("No invoices yet").waitFor();
    await signInAs("admin@atelier.local");
    await page.goto(`${app.url}/invoices`);
    await page.getByTestId("invoice-row").filter({ hasText: number }).getByRole("button", { name: "Send" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Send invoice" }).click();
    await page.getByTestId("invoice-row").filter({ hasText: number }).getByText("Sent").waitFor();
    // The Businesses page shows what each client owes.
    await page.goto(`${app.url}/clients`);
    await page.getByTestId("business").filter({ hasText: "Acme Coffee" }).getByText("1 unpaid invoice").waitFor();
    // Other tests start Acme projects of their own: as many as the database holds now.
    const active = (
      await t.db.selectFrom("projects").select("id").where("businessId", "=", DEMO_BUSINESS.id).where("archived", "=", false).execute()
    ).length;
    expect(await page.getByTestId("business").filter({ hasText: "Acme Coffee" }).getByTestId("business-counts").innerText()).toMatch(
      new RegExp(`^${active} active project${active === 1 ? "" : "s"} · 0 archived · \\d+ (person|people)$`),
    );
    await signInAs("client@atelier.local");
    await page.goto(`${app.url}/settings`);
    expect(await page.getByTestId("outstanding").innerText()).toBe("$631.50");
    await page.getByRole("button", { name: number }).click();
    await page.getByText("3 × $60.50").waitFor();
  });

  it("a client cannot open an admin page even by typing its address", async () => {
    await signInByLink("client@atelier.local");
    await page.goto(`${app.url}/users`);
    await page.getByText("Your role does not give access to this page.").waitFor();
    expect(await navLabels()).toEqual(["Projects", "Archive", "Billing"]);
  });

  it("refuses the sixth magic link for one address with a clear alert and resets the button", async () => {
    await page.goto(app.url);
    // Only requests that pass the CSRF check count: flood with the page's own token and cookie.
    const csrfInput = page.locator("input[name=csrfToken]").first();
    await page.waitForFunction(() => (document.querySelector("input[name=csrfToken]") as HTMLInputElement | null)?.value);
    const csrfToken = await csrfInput.inputValue();
    for (let i = 0; i < 5; i++) {
      const res = await page.request.post(`${app.url}/api/auth/signin/email`, {
        form: { email: "flood@example.com", csrfToken, json: "true" },
      });
      expect(res.status()).toBe(200);
      expect(((await res.json()) as { url: string }).url).not.toContain("csrf=true");
    }
    const alert = new Promise<string>((resolve) =>
      page.once("dialog", (d) => {
        resolve(d.message());
        void d.accept();
      }),
    );
    await page.getByLabel("E-mail").fill("flood@example.com");
    await page.getByRole("button", { name: "Send me a sign-in link" }).click();
    expect(await alert).toBe("Error: Too many sign-in links requested. Please wait a few minutes and try again.");
    await page.getByRole("button", { name: "Send me a sign-in link" }).waitFor();
    expect(await page.getByRole("button", { name: "Send me a sign-in link" }).isEnabled()).toBe(true);
  });

  it("refuses a cross-site tRPC mutation even with a valid session cookie", async () => {
    await signInByLink("client@atelier.local");
    await page.getByTestId("sidebar").waitFor();
    const res = await page.request.post(`${app.url}/api/trpc/settings.emailNotification`, {
      headers: { "content-type": "application/json", origin: "http://evil.example" },
      data: { json: { emailNotification: false } },
    });
    expect(res.status()).toBe(403);
    const plain = await page.request.post(`${app.url}/api/trpc/settings.emailNotification`, {
      headers: { "content-type": "text/plain", origin: app.url },
      data: JSON.stringify({ json: { emailNotification: false } }),
    });
    expect(plain.status()).toBe(415);
    expect((await findUserByEmail(t.db, "client@atelier.local"))?.emailNotification).toBe(true);
  });
});
