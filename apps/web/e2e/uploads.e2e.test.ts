// Project files from the browser: a 25 MiB + 1 byte file and a PNG through the real balancer and upload servers; and
// from another app, with an app's token and the engine installed from its tarball.
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { DEMO_BUSINESS, DEMO_USERS, seedDemo } from "@atelier/db";
import { makeProject } from "@atelier/db/testing";
import { packEngine } from "@atelier/upload-engine/testing/pack";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { jpegSize, makePng } from "./fixtures";
import {
  callTrpc,
  chooseOption,
  keepScreenshot,
  openLink,
  type Stack,
  signInByMail,
  signInWithSession,
  startStack,
  storedFileLocation,
} from "./harness";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const [ADMIN, , CLIENT] = DEMO_USERS;
const run = promisify(execFile);
const UPLOAD_SCRIPT = fileURLToPath(new URL("../../../docs/examples/upload-from-app.mjs", import.meta.url));
const STACK = { database: true, smtp: true, uploads: true, browser: true } as const;

/** The stack with the demo users, and the demo client signed in by mail in a browser page of its own. */
async function clientsStack(): Promise<{ stack: Stack<typeof STACK>; page: Page }> {
  const stack = await startStack(STACK, { seed: ({ t }) => seedDemo(t.db) });
  try {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInByMail(page, stack.app.url, CLIENT.email, stack.smtp);
    await page.getByTestId("sidebar").waitFor();
    return { stack, page };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

describe("uploading project files (PostgreSQL, real upload servers)", () => {
  let stack: Stack<typeof STACK>;
  let page: Page;

  beforeAll(async () => {
    ({ stack, page } = await clientsStack());
  });
  afterAll(async () => {
    await stack?.stop();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail") await keepScreenshot(page, ctx.task.name);
  });

  /** A project of the client's business, made as the client's own, open in the page. */
  async function openNewProject(title: string): Promise<string> {
    const project = await makeProject(stack.t.db, { businessId: DEMO_BUSINESS.id, title, createdBy: CLIENT.id });
    await page.goto(`${stack.app.url}/projects/${project.id}`);
    await page.getByRole("heading", { name: title }).waitFor();
    return project.id;
  }

  it("a client creates a project for its business", async () => {
    await page.goto(stack.app.url);
    await page.getByRole("link", { name: "Create Project" }).first().click();
    await page.getByLabel("Title").fill("Autumn menu card");
    await chooseOption(page.getByLabel("Kind of work"), "Print");
    await page.getByRole("button", { name: "Create Project" }).click();
    await page.getByRole("heading", { name: "Autumn menu card" }).waitFor();
    expect(page.url()).toMatch(/\/projects\/[0-9a-f-]{36}$/);
  });

  it("uploads a 25 MiB + 1 byte file and a PNG; the server holds them byte-exact, with the PNG's thumbnail and blur", async () => {
    const projectId = await openNewProject("Winter menu card");
    const filesOfProject = () => stack.t.db.selectFrom("projectFiles").where("projectId", "=", projectId);
    const big = randomBytes(25 * 1024 * 1024 + 1);
    const png = makePng(640, 480);
    await page.getByRole("button", { name: "Upload Materials" }).click();
    await page
      .locator(".uppy-Dashboard-input")
      .first()
      .setInputFiles([
        { name: "layout.bin", mimeType: "application/octet-stream", buffer: big },
        { name: "photo.png", mimeType: "image/png", buffer: png },
      ]);
    // Handing 25 MiB to the page and Uppy's reading of it can outlast the default 30 s on a loaded machine.
    await page.getByRole("button", { name: /^Upload 2 files/ }).click({ timeout: 90_000 });
    await page.getByRole("status").filter({ hasText: "2 files added" }).first().waitFor({ timeout: 90_000 });
    const cards = page.getByRole("region", { name: "Materials" }).getByTestId("project-file");
    await expect.poll(() => cards.count()).toBe(2);

    const rows = await filesOfProject().selectAll().orderBy("name").execute();
    expect(rows.map((r) => [r.name, r.kind, r.size])).toEqual([
      ["layout.bin", "materials", big.length],
      ["photo.png", "materials", png.length],
    ]);
    // The servers' own hashes, and the bytes they serve back through the signed download links.
    expect(rows.map((r) => r.sha256)).toEqual([sha256(big), sha256(png)]);
    for (const [name, bytes] of [
      ["layout.bin", big],
      ["photo.png", png],
    ] as const) {
      const href = await page.getByRole("link", { name: `Download ${name}` }).getAttribute("href");
      const res = await openLink(page, href!);
      expect(res.status).toBe(200);
      expect(sha256(new Uint8Array(res.bytes))).toBe(sha256(bytes));
    }
    // Kept by key, in the business's and the project's own folder.
    expect(rows[0]!.key).toMatch(new RegExp(`^Acme_Coffee-demo-business/[0-9]{4}/[^/]+-${projectId}/MATERIALS/layout\\.bin$`));

    const photo = rows[1]!;
    expect(rows[0]!.thumbnail).toBe("/placeholder.svg");
    for (const [url, size] of [
      [photo.thumbnail, 300],
      [photo.blur, 24],
    ] as const) {
      expect(url).toMatch(new RegExp(`^${stack.app.url}/storage/v1/object/public/(thumbnails|blur)/`));
      const res = await fetch(url);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
      expect(jpegSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: size, height: size });
    }
    await page.locator(`img[src="${photo.thumbnail}"]`).waitFor();

    // Whoever uploaded a file may take it off the project again, after confirming; its bytes go too.
    const photoLink = await page.getByRole("link", { name: "Download photo.png" }).getAttribute("href");
    const photoBytes = await storedFileLocation(page, photoLink!);
    await page.getByRole("button", { name: "Remove photo.png" }).click();
    // Removing asks first, in the kit's alert dialog.
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await page.getByRole("status").filter({ hasText: "photo.png removed" }).first().waitFor();
    await expect.poll(() => cards.count()).toBe(1);
    expect((await filesOfProject().select("name").execute()).map((r) => r.name)).toEqual(["layout.bin"]);
    expect((await openLink(page, photoLink!)).status).toBe(404);
    expect((await fetch(photoBytes)).status).toBe(404);
    expect(
      (await openLink(page, (await page.getByRole("link", { name: "Download layout.bin" }).getAttribute("href"))!, "HEAD")).status,
    ).toBe(200);
  });

  it("another app uploads a file with an app's token and the packed engine (docs/examples/upload-from-app.mjs)", async () => {
    const projectId = await openNewProject("Shop window banner");
    // The admin makes a studio app and its token, through the same procedures as the tokens page.
    const admin = await stack.browser.newContext();
    let token: string;
    let uploadOnly: string;
    let appId: string;
    try {
      const cookie = `next-auth.session-token=${await signInWithSession(stack.t.db, admin, stack.app.url, ADMIN.email)}`;
      ({ id: appId } = (await callTrpc(stack.app.url, cookie, "tokens.createApp", { name: "Print shop", role: "creative" })) as {
        id: string;
      });
      ({ token } = (await callTrpc(stack.app.url, cookie, "tokens.create", {
        name: "Press uploads",
        scopes: ["projects:read", "files:write"],
        appId,
      })) as { token: string });
      ({ token: uploadOnly } = (await callTrpc(stack.app.url, cookie, "tokens.create", {
        name: "Blind",
        scopes: ["files:write"],
        appId,
      })) as {
        token: string;
      });
    } finally {
      await admin.close();
    }

    const scratch = await mkdtemp(join(tmpdir(), "atelier-app-upload-"));
    try {
      const { appDir } = await packEngine(scratch);
      await copyFile(UPLOAD_SCRIPT, join(appDir, "upload-from-app.mjs"));
      // Three parts: the engine's part size is 10 MiB.
      const bytes = randomBytes(25 * 1024 * 1024 + 7);
      await writeFile(join(appDir, "Banner final.pdf"), bytes);
      const { stdout, stderr } = await run(process.execPath, ["upload-from-app.mjs", projectId, "Banner final.pdf"], {
        cwd: appDir,
        env: { NODE_ENV: "production", PATH: process.env.PATH, ATELIER_URL: stack.app.url, ATELIER_TOKEN: token },
      });
      const answer = JSON.parse(stdout) as { id: string; sha256: string; size: number };
      expect(answer).toMatchObject({ sha256: sha256(bytes), size: bytes.length });
      expect(stderr).toContain("100 %");

      const row = await stack.t.db.selectFrom("projectFiles").selectAll().where("id", "=", answer.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ projectId, kind: "print_ready", name: "Banner final.pdf", size: bytes.length, uploadedBy: appId });
      expect(row.sha256).toBe(sha256(bytes));
      expect(row.key).toMatch(new RegExp(`-${projectId}/PRINT-READY/Banner_final\\.pdf$`));
      // A studio app's print-ready files are a delivery: the thread says so, in the app's name.
      const note = await stack.t.db.selectFrom("comments").select(["userId", "body"]).where("projectId", "=", projectId).execute();
      expect(note).toEqual([{ userId: appId, body: expect.stringContaining("Banner final.pdf") }]);

      // The file's link in the API's answer opens with the same token (and only with a token that may read projects).
      const listed = await fetch(`${stack.app.url}/api/v1/projects/${projectId}/files`, { headers: { authorization: `Bearer ${token}` } });
      const link = ((await listed.json()) as { items: { id: string; downloadUrl: string }[] }).items.find(
        (f) => f.id === answer.id,
      )?.downloadUrl;
      expect(link).toBeDefined();
      const followed = await fetch(new URL(link!, stack.app.url), { headers: { authorization: `Bearer ${token}` } });
      expect(followed.status).toBe(200);
      expect(sha256(new Uint8Array(await followed.arrayBuffer()))).toBe(sha256(bytes));
      expect((await fetch(new URL(link!, stack.app.url))).status).toBe(401);
      expect((await fetch(new URL(link!, stack.app.url), { headers: { authorization: `Bearer ${uploadOnly}` } })).status).toBe(403);

      // The client sees it on the project page and downloads the same bytes.
      await page.reload();
      const href = await page.getByRole("link", { name: "Download Banner final.pdf" }).getAttribute("href");
      const download = await openLink(page, href!);
      expect(sha256(new Uint8Array(download.bytes))).toBe(sha256(bytes));
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });
});

// Killing the upload servers leaves nothing to upload to: this test has a stack of its own, so no other test meets it.
describe("uploading project files when no upload server is healthy (PostgreSQL, upload servers killed)", () => {
  let stack: Stack<typeof STACK>;
  let page: Page;

  beforeAll(async () => {
    ({ stack, page } = await clientsStack());
  });
  afterAll(async () => {
    await stack?.stop();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail") await keepScreenshot(page, ctx.task.name);
  });

  it("shows 'No servers available' as a destructive toast when no upload server is healthy", async () => {
    const project = await makeProject(stack.t.db, { businessId: DEMO_BUSINESS.id, title: "Autumn menu card", createdBy: CLIENT.id });
    await page.goto(`${stack.app.url}/projects/${project.id}`);
    stack.uploads.killServers();
    await page.getByRole("button", { name: "Upload Briefing files" }).click();
    await page
      .locator(".uppy-Dashboard-input")
      .first()
      .setInputFiles({ name: "brief.txt", mimeType: "text/plain", buffer: Buffer.from("brief") });
    await page.getByRole("button", { name: /^Upload 1 file/ }).click();
    const toast = page.getByRole("status").filter({ hasText: "No servers available. Please try again later." });
    await toast.first().waitFor({ timeout: 30_000 });
    expect(await toast.first().getAttribute("data-variant")).toBe("destructive");
    expect(await stack.t.db.selectFrom("projectFiles").select("name").where("projectId", "=", project.id).execute()).toEqual([]);
  });
});
