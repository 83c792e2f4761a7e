// The upload dialog in Chromium against upload servers on TLS: the browser speaks HTTP/2 to them, so a file's parts share
// one connection per server instead of queueing behind HTTP/1.1's six; the bytes arrive and come back exact.
import { createHash, randomBytes } from "node:crypto";
import { DEMO_BUSINESS, seedDemo } from "@atelier/db";
import { makeProject, type TestDatabase } from "@atelier/db/testing";
import { type LoopbackTls, loopbackTls } from "@atelier/upload-server/testing";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  keepScreenshot,
  type RunningApp,
  type Stack,
  signInWithSession,
  startStack,
  storedFileLocation,
  type UploadServers,
} from "./harness";

const MiB = 1024 * 1024;

describe("uploading over HTTP/2 (TLS upload servers, PostgreSQL, Chromium)", () => {
  let tls: LoopbackTls;
  let stack: Stack<{ database: true; uploads: object; browser: true }>;
  let t: TestDatabase;
  let uploads: UploadServers;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    tls = await loopbackTls();
    stack = await startStack(
      { database: true, uploads: { tls }, browser: true },
      {
        seed: ({ t }) => seedDemo(t.db),
        // The web server asks the balancer for download links and deletes files on the servers: it trusts their certificate.
        env: { DANGEROUSLY_ALLOW_DEV_MAILBOX: "true", NODE_EXTRA_CA_CERTS: tls.certFile },
      },
    );
    ({ t, uploads, app } = stack);
    // The certificate is the test's own: this browser takes it as a real deployment's would be taken.
    context = await stack.browser.newContext({ viewport: { width: 1280, height: 800 }, ignoreHTTPSErrors: true });
    page = await context.newPage();
  });
  afterAll(async () => {
    await stack?.stop();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail" && page) await keepScreenshot(page, `uploads-http2-${ctx.task.name}`);
  });

  it("sends every part of a 45 MiB file over HTTP/2 and stores it byte-exact; the download link serves it back", async () => {
    expect(uploads.balancerUrl).toMatch(/^https:/);
    const project = await makeProject(t.db, { businessId: DEMO_BUSINESS.id, title: "Trade fair banner", event: "flyer" });
    await signInWithSession(t.db, context, app.url, "client@atelier.local");
    // The protocol of each answer, as the browser's network layer saw it.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const protocols: { url: string; type: string; protocol: string | undefined }[] = [];
    cdp.on("Network.responseReceived", (event) =>
      protocols.push({ url: event.response.url, type: event.type, protocol: event.response.protocol }),
    );

    await page.goto(`${app.url}/projects/${project.id}`);
    const bytes = randomBytes(45 * MiB + 1);
    await page.getByRole("button", { name: "Upload Materials" }).click();
    // Handing 45 MiB to the page can outlast the default 30 s on a loaded machine.
    await page
      .locator(".uppy-Dashboard-input")
      .first()
      .setInputFiles([{ name: "banner.tif", mimeType: "image/tiff", buffer: bytes }], { timeout: 90_000 });
    await page.getByRole("button", { name: /^Upload 1 file/ }).click({ timeout: 90_000 });
    await page.getByRole("status").filter({ hasText: "1 file added" }).first().waitFor({ timeout: 90_000 });

    // Five parts, and the CORS preflights before them: all of them on HTTP/2.
    const chunked = protocols.filter((p) => p.url.endsWith("/api/chunked"));
    const parts = chunked.filter((p) => p.type !== "Preflight");
    // Read, hashed (and for base64 servers encoded) in the page's worker, not on its main thread.
    expect(page.workers().map((worker) => worker.url())).toEqual([expect.stringMatching(/turbopack-worker|part-worker/)]);
    expect(parts.length).toBe(5);
    expect(new Set(chunked.map((p) => p.protocol))).toEqual(new Set(["h2"]));
    expect(parts.every((p) => uploads.serverUrls.some((server) => p.url.startsWith(server)))).toBe(true);

    const sha256 = createHash("sha256").update(bytes).digest("hex");
    const row = await t.db
      .selectFrom("projectFiles")
      .select(["name", "size", "sha256"])
      .where("projectId", "=", project.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "banner.tif", size: bytes.length, sha256 });
    await page.keyboard.press("Escape");
    const href = await page.getByRole("link", { name: "Download banner.tif" }).getAttribute("href");
    expect(await storedFileLocation(page, href!)).toMatch(/^https:/);
    const served = await page.evaluate(async (url) => {
      const answer = await fetch(url);
      const digest = await crypto.subtle.digest("SHA-256", await answer.arrayBuffer());
      return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    }, href!);
    expect(served).toBe(sha256);
  });
});
