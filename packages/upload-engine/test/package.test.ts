// The engine as other apps install it: built, packed with npm, installed from the tarball into a
// project outside the workspace, then used from plain Node (ESM, no TypeScript loader) and from a
// browser bundle made by esbuild, run in Chromium, against a real balancer and upload servers.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PackedEngine, packEngine } from "../src/testing/pack";

const run = promisify(execFile);
const PACKAGE_DIR = fileURLToPath(new URL("..", import.meta.url));
const ROOT = join(PACKAGE_DIR, "../..");
const BIN = join(ROOT, "node_modules/.bin");
const UPLOAD_SERVER_DIR = join(ROOT, "apps/upload-server");
const MiB = 1024 * 1024;

// The same bytes in Node and in the page: a 25 MiB file is three parts.
const FILE_BYTES = 25 * MiB + 5;
const fill = (i: number) => (i * 31 + (i >>> 9)) & 255;
function patternBytes(size: number): Buffer {
  const bytes = Buffer.allocUnsafe(size);
  for (let i = 0; i < size; i += 1) bytes[i] = fill(i);
  return bytes;
}
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let scratch: string;
let site: Server;
let cluster: ChildProcess | undefined;
let browser: Browser | undefined;
let backend: { balancerUrl: string; ticket: string };

// Starts the balancer and upload servers as the upload server's own tests do, allowing `origin`.
async function startCluster(origin: string): Promise<typeof backend> {
  const child = spawn(process.execPath, ["--import", "tsx", "test/fixtures/serve-cluster.ts", origin], {
    cwd: UPLOAD_SERVER_DIR,
    stdio: ["ignore", "pipe", "inherit"],
  });
  cluster = child;
  return new Promise((resolve, reject) => {
    let buffered = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      const line = buffered.split("\n").find((candidate) => candidate.startsWith("{"));
      if (line) resolve(JSON.parse(line) as typeof backend);
    });
    child.once("exit", (code) => reject(new Error(`the cluster exited early (${code})`)));
  });
}

async function stopCluster(): Promise<void> {
  const child = cluster;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "engine-package-"));
  // The page's origin, which the servers' CORS must allow.
  site = createServer(async (req, res) => {
    const file = req.url === "/bundle.js" ? "bundle.js" : "index.html";
    res.writeHead(200, { "Content-Type": file.endsWith(".js") ? "text/javascript" : "text/html" });
    res.end(await readFile(join(scratch, "app", file)));
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  backend = await startCluster(`http://127.0.0.1:${(site.address() as AddressInfo).port}`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stopCluster();
  await new Promise((resolve) => site?.close(resolve));
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe("the packed engine", () => {
  // Packed and installed once, for every test here: the uploads run from that install, and the first test looks at
  // what the tarball holds and what the install put where.
  let packed: PackedEngine;
  const appDir = () => packed.appDir;

  beforeAll(async () => {
    packed = await packEngine(scratch);
  }, 180_000);

  it("packs built ESM with declarations and source maps, @atelier/domain inside and nothing from ./testing", async () => {
    const files = packed.files;
    for (const file of ["package.json", "README.md", "index.js", "index.d.ts", "index.js.map", "node.js", "node.d.ts"]) {
      expect(files).toContain(file);
    }
    expect(files.some((file) => file.includes("testing") || (file.endsWith(".ts") && !file.endsWith(".d.ts")))).toBe(false);

    const installed = join(appDir(), "node_modules/@atelier/upload-engine");
    const manifest = JSON.parse(await readFile(join(installed, "package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest.dependencies).toBeUndefined();
    const code = (
      await Promise.all((await readdir(installed)).filter((f) => f.endsWith(".js")).map((f) => readFile(join(installed, f), "utf8")))
    ).join("\n");
    expect(code).not.toMatch(/@atelier\/domain|msw/);
    expect(existsSync(join(appDir(), "node_modules/@atelier/domain"))).toBe(false);
  });

  it("uploads a file from plain Node, as binary parts", async () => {
    const app = appDir();
    const data = patternBytes(FILE_BYTES);
    await writeFile(join(app, "file.bin"), data);
    await writeFile(
      join(app, "upload.mjs"),
      `import { createUploader } from "@atelier/upload-engine";
import { nodeBase64, nodeSha256, openFileSource } from "@atelier/upload-engine/node";

const encodings = new Set();
const source = await openFileSource(process.argv[2]);
try {
  const uploader = createUploader({
    balancerUrl: process.env.BALANCER_URL,
    fetch: (url, init) => {
      if (init.body) encodings.add(init.headers["x-body-encoding"] ?? "base64");
      return fetch(url, init);
    },
    sha256: nodeSha256,
    base64: nodeBase64,
    headers: () => ({ Authorization: \`Bearer \${process.env.UPLOAD_TICKET}\` }),
  });
  const [outcome] = await uploader.upload([{ source, urlPath: "ACME/package/from-node.bin" }]);
  console.log(JSON.stringify({ ok: outcome.ok, url: outcome.url, sha256: outcome.sha256, encodings: [...encodings] }));
} finally {
  await source.close();
}
`,
    );
    const { stdout } = await run(process.execPath, ["upload.mjs", "file.bin"], {
      cwd: app,
      env: { PATH: process.env.PATH, BALANCER_URL: backend.balancerUrl, UPLOAD_TICKET: backend.ticket },
    });
    const result = JSON.parse(stdout) as { ok: boolean; url: string; sha256: string; encodings: string[] };
    expect(result).toMatchObject({ ok: true, sha256: sha256(data), encodings: ["binary"] });
    const stored = await fetch(result.url, { headers: { Authorization: `Bearer ${backend.ticket}` } });
    expect(sha256(new Uint8Array(await stored.arrayBuffer()))).toBe(sha256(data));
  }, 120_000);

  it("uploads a file from a browser bundle built by esbuild, in Chromium", async () => {
    const app = appDir();
    await writeFile(
      join(app, "page.js"),
      `import { createUploader, fromBlob, webCryptoSha256 } from "@atelier/upload-engine";

const params = new URLSearchParams(location.search);
const fill = ${fill.toString()};
const bytes = new Uint8Array(${FILE_BYTES});
for (let i = 0; i < bytes.length; i += 1) bytes[i] = fill(i);
const file = new File([bytes], "from-browser.bin", { type: "application/pdf" });
const uploader = createUploader({
  balancerUrl: params.get("balancer"),
  fetch: (url, init) => fetch(url, init),
  sha256: webCryptoSha256(crypto.subtle),
  headers: () => ({ Authorization: "Bearer " + params.get("ticket") }),
});
uploader.upload([{ source: fromBlob(file), urlPath: "ACME/package/from-browser.bin" }]).then(
  ([outcome]) => { window.result = outcome.ok ? { ok: true, url: outcome.url, sha256: outcome.sha256 } : { ok: false, error: String(outcome.error) }; },
  (error) => { window.result = { ok: false, error: String(error) }; },
);
`,
    );
    await writeFile(join(app, "index.html"), `<!doctype html><meta charset="utf-8"><script type="module" src="/bundle.js"></script>`);
    await run(join(BIN, "esbuild"), ["page.js", "--bundle", "--format=esm", "--platform=browser", "--outfile=bundle.js"], { cwd: app });
    const bundle = await readFile(join(app, "bundle.js"), "utf8");
    expect(bundle).not.toMatch(/node:crypto|node:fs/);

    browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    const page = await browser.newPage();
    const encodings = new Set<string>();
    page.on("request", (request) => {
      if (request.method() === "POST") encodings.add(request.headers()["x-body-encoding"] ?? "base64");
    });
    const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    await page.goto(`${origin}/?balancer=${encodeURIComponent(backend.balancerUrl)}&ticket=${encodeURIComponent(backend.ticket)}`);
    await page.waitForFunction(() => (globalThis as { result?: unknown }).result !== undefined, undefined, { timeout: 120_000 });
    const result = (await page.evaluate(() => (globalThis as { result?: unknown }).result)) as { ok: boolean; url: string; sha256: string };
    const data = patternBytes(FILE_BYTES);
    expect(result).toMatchObject({ ok: true, sha256: sha256(data) });
    expect([...encodings]).toEqual(["binary"]);
    const stored = await fetch(result.url, { headers: { Authorization: `Bearer ${backend.ticket}` } });
    expect(sha256(new Uint8Array(await stored.arrayBuffer()))).toBe(sha256(data));
  }, 180_000);
});
