// `npm run backup` and `npm run restore` on an embedded run (README, "Backups"): a backup taken through the running web
// process holds what was written a moment before; the folder wiped and restored, Atelier starts on it with the same
// rows and byte-identical files (SHA-256).
import { execFile } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTrpc, launchBrowser, type RunningApp, signInByMail, startApp, startTogether } from "./harness";

const ROOT = new URL("../../..", import.meta.url).pathname;
const TSX = join(ROOT, "node_modules/.bin/tsx");

/** One of the commands, as an operator types it, on this app's folder and port; answers its exit code and output. */
async function command(script: "backup" | "restore", args: string[], app: { dataDir: string; url: string }) {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production" as const,
    DATA_DIR: app.dataDir,
    HOST: "127.0.0.1",
    PORT: new URL(app.url).port,
  };
  try {
    const { stdout, stderr } = await promisify(execFile)(TSX, [join(ROOT, `tooling/scripts/${script}.ts`), ...args], { env, cwd: ROOT });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** Every file of the folder a backup holds, with its SHA-256 (the database's own folder aside: it is compared by rows). */
async function digests(root: string, dir = root): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const rel = relative(root, path);
    if (["pglite", "npm-start.pid", "uploads/tmp", "uploads/staging"].includes(rel)) continue;
    if (entry.isDirectory()) Object.assign(result, await digests(root, path));
    else
      result[rel] = createHash("sha256")
        .update(await readFile(path))
        .digest("hex");
  }
  return result;
}

describe("backup and restore of a running embedded run", () => {
  let app: RunningApp | undefined;
  let browser: Browser;
  const work = mkdtempSync(join(tmpdir(), "atelier-backup-e2e-"));
  beforeAll(async () => {
    [app, browser] = await startTogether([startApp({}), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await rm(work, { recursive: true, force: true });
  });

  async function clientCookie(url: string): Promise<string> {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInByMail(page, url, "client@atelier.local");
    await page.waitForURL((u) => !u.pathname.startsWith("/login"));
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    await context.close();
    return cookie;
  }

  it("backs up without stopping, and brings the same rows and files back into a wiped folder", async () => {
    const running = app as RunningApp;
    const cookie = await clientCookie(running.url);
    const list = (await callTrpc(running.url, cookie, "projects.list", {}, "GET")) as { items: Array<{ id: string }> };
    const projectId = list.items[0]?.id as string;
    const body = `Written just before the backup ${randomUUID()}`;
    await callTrpc(running.url, cookie, "comments.create", { projectId, body, requestId: randomUUID() });

    const archive = join(work, "atelier.tar");
    const backup = await command("backup", ["--out", archive], running);
    expect(backup).toEqual({ code: 0, output: `Backed up ${running.dataDir} to ${archive}.\n` });
    // While it runs, nothing is restored over it.
    const refused = await command("restore", [archive, "--force"], running);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("stop it before restoring");

    const files = await digests(running.dataDir);
    expect(Object.keys(files).filter((f) => f.startsWith("uploads/")).length).toBeGreaterThan(5);
    const dataDir = running.dataDir;
    await running.stop();
    app = undefined;
    await rm(dataDir, { recursive: true, force: true });

    const restored = await command("restore", [archive], { dataDir, url: running.url });
    expect(restored.code).toBe(0);
    expect(restored.output).toMatch(/^Restored .* every one checked against its SHA-256\.\n$/);
    expect(await digests(dataDir)).toEqual(files);

    app = await startApp({ DATA_DIR: dataDir });
    const again = await clientCookie(app.url);
    const thread = (await callTrpc(app.url, again, "comments.byProject", { projectId }, "GET")) as Array<{ body: string }>;
    expect(thread.map((c) => c.body)).toContain(body);
    const after = (await callTrpc(app.url, again, "projects.list", {}, "GET")) as { items: Array<{ id: string }> };
    expect(after.items.map((p) => p.id)).toEqual(list.items.map((p) => p.id));
  });
});
