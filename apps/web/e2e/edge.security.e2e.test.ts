// Attacks on the web app's edge, against the built server: the dev mailbox from afar, huge bodies, the login redirect.
import { readFileSync } from "node:fs";
import { createServer as createHttpServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createNetNamespace,
  keepScreenshot,
  launchBrowser,
  type NetNamespace,
  type RunningApp,
  signInByMail,
  startApp,
  startTogether,
} from "./harness";

interface Answer {
  status: number;
  body: string;
}

/** A GET with exactly these headers (fetch would not let us set Host), and the path exactly as given (no URL parsing). */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const [, origin = "", path = "/"] = /^(https?:\/\/[^/]+)(.*)$/.exec(url) ?? [];
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

function rssBytes(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) * 1024;
}

/**
 * Streams `total` bytes as a chunked POST (no Content-Length) until the server answers, and reports the
 * answer and the server's largest resident size seen meanwhile.
 */
function streamPost(url: string, headers: Record<string, string>, total: number, pid: number) {
  return new Promise<Answer & { peakRss: number }>((resolve, reject) => {
    let peakRss = rssBytes(pid);
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssBytes(pid))), 20);
    let answered = false;
    const req = httpRequest(url, { method: "POST", headers: { ...headers, "transfer-encoding": "chunked" } }, (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => {
        clearInterval(sampler);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, peakRss: Math.max(peakRss, rssBytes(pid)) });
      });
    });
    req.on("error", (error) => {
      if (answered) return;
      clearInterval(sampler);
      reject(error);
    });
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    let sent = 0;
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

const MB = 1024 * 1024;

describe("the web app's edge (embedded run, loopback)", () => {
  let app: RunningApp;
  let browser: Browser;
  /** Signed in as the demo client: the attacks below come from an ordinary account. */
  let client: BrowserContext;
  let cookie: string;
  let port: string;
  beforeAll(async () => {
    [app, browser] = await startTogether([startApp({}), launchBrowser()]);
    port = new URL(app.url).port;
    client = await browser.newContext();
    const page = await client.newPage();
    await signInByMail(page, app.url, "client@atelier.local");
    await page.getByTestId("sidebar").waitFor();
    await page.close();
    cookie = (await client.cookies(app.url)).map((c) => `${c.name}=${c.value}`).join("; ");
  });
  afterAll(async () => {
    await client?.close();
    await browser?.close();
    await app?.stop();
  });

  it("shows the dev mailbox to a browser on this machine, and to nobody through a proxy or another host name", async () => {
    expect((await get(`http://127.0.0.1:${port}/dev/mailbox`, { host: `localhost:${port}` })).status).toBe(200);
    const refused: Record<string, string>[] = [
      { host: "atelier.example" },
      { host: `localhost.evil.example:${port}` },
      { host: `localhost:${port}`, "x-forwarded-for": "203.0.113.7" },
      { host: `localhost:${port}`, "x-forwarded-host": "localhost" },
      { host: `localhost:${port}`, forwarded: "for=203.0.113.7" },
      { host: `localhost:${port}`, "x-real-ip": "203.0.113.7" },
      { host: `localhost:${port}`, via: "1.1 proxy" },
    ];
    for (const headers of refused) {
      for (const path of ["/dev/mailbox", "/dev/mailbox?_rsc=1", "/dev/%6dailbox", "/DEV/mailbox"]) {
        const answer = await get(`http://127.0.0.1:${port}${path}`, headers);
        expect({ headers, path, status: answer.status }).toEqual({ headers, path, status: 404 });
        expect(answer.body).not.toContain("Dev mailbox");
      }
    }
  });

  it("refuses every spelling of the mailbox's path that a router would read as it, from anywhere", async () => {
    const spellings = [
      "/x/../dev/mailbox",
      "/./dev/mailbox",
      "/%2e/dev/mailbox",
      "/x/%2e%2e/dev/mailbox",
      "/x/%2E%2E/dev/mailbox",
      "/x/.%2e/dev/mailbox",
      "/x/..%2fdev/mailbox",
      "/x/..%5cdev/mailbox",
      "/x/..\\dev/mailbox",
      "//dev/mailbox",
      "/dev//mailbox/",
      "/login/../dev/mailbox?_rsc=1",
    ];
    const senders: Record<string, string>[] = [
      { host: "atelier.example", "x-forwarded-for": "203.0.113.7" },
      { host: `localhost:${port}`, "x-forwarded-for": "203.0.113.7" },
      // Even from this machine: a path in any but its normal form is refused before routing.
      { host: `localhost:${port}` },
    ];
    for (const headers of senders) {
      for (const path of spellings) {
        const answer = await get(`http://127.0.0.1:${port}${path}`, headers);
        expect({ headers, path, status: answer.status }).toEqual({ headers, path, status: 400 });
        expect(answer.body).not.toContain("Dev mailbox");
        expect(answer.body).not.toMatch(/api\/auth\/callback/);
      }
    }
  });

  it("refuses an unauthenticated oversized tRPC body before reading it into memory, and checks origin and type first", async () => {
    const route = `${app.url}/api/trpc/projects.addFiles`;
    const json = { "content-type": "application/json", origin: app.url };
    // Eight strangers at once, each under the signed-in cap of 32 MiB: none may cost the server its body.
    const before = rssBytes(app.pid);
    const answers = await Promise.all(Array.from({ length: 8 }, () => streamPost(route, json, 30 * MB, app.pid)));
    for (const answer of answers) expect(answer.status).toBe(413);
    expect(Math.max(...answers.map((a) => a.peakRss)) - before).toBeLessThan(64 * MB);
    // Origin and content type are refused before a byte of the body is read.
    expect((await streamPost(route, { "content-type": "application/json", origin: "http://evil.example" }, 30 * MB, app.pid)).status).toBe(
      403,
    );
    expect((await streamPost(route, { "content-type": "text/plain", origin: app.url }, 30 * MB, app.pid)).status).toBe(415);
    // A signed-in client's other calls get the small cap too.
    expect((await streamPost(`${app.url}/api/trpc/comments.create`, { ...json, cookie }, 30 * MB, app.pid)).status).toBe(413);
  });

  for (const [route, headers] of [
    ["/api/trpc/projects.addFiles", { "content-type": "application/json" }],
    ["/api/auth/signin/email", { "content-type": "application/x-www-form-urlencoded" }],
  ] as const) {
    it(`refuses a 200 MB streamed body on ${route} with 413, without holding it in memory`, async () => {
      const before = rssBytes(app.pid);
      const answer = await streamPost(`${app.url}${route}`, { ...headers, origin: app.url, cookie }, 200 * MB, app.pid);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
      expect(answer.peakRss - before).toBeLessThan(100 * MB);
      // The server is still there.
      expect((await get(`${app.url}/api/auth/providers`)).status).toBe(200);
    });
  }

  it("refuses a body whose Content-Length is over the cap before reading it", async () => {
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = httpRequest(
        `${app.url}/api/trpc/projects.addFiles`,
        { method: "POST", headers: { "content-type": "application/json", origin: app.url, cookie, "content-length": String(200 * MB) } },
        (res) => {
          let body = "";
          res.on("data", (c: Buffer) => (body += c.toString()));
          res.on("end", () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body });
          });
        },
      );
      req.on("error", reject);
      // The answer must come without the rest of the body: a server that waits for it would never answer.
      req.setTimeout(15_000, () => req.destroy(new Error("no answer while the announced body was not sent")));
      req.write("{");
    });
    expect(answer.status).toBe(413);
  });

  it("sets the security headers on pages and routes", async () => {
    for (const path of ["/login", "/api/auth/providers", "/dev/mailbox", "/no-such-page"]) {
      const res = await fetch(`${app.url}${path}`);
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("keeps the login redirect on the site", async () => {
    // Another origin on loopback stands in for the attacker's site.
    const hits: string[] = [];
    const evil: Server = createHttpServer((req, res) => {
      hits.push(req.url ?? "");
      res.end("evil");
    });
    await new Promise<void>((r) => evil.listen(0, "127.0.0.2", r));
    const evilHost = `127.0.0.2:${(evil.address() as AddressInfo).port}`;
    const page = await client.newPage();
    try {
      await page.goto(`${app.url}/login?callbackUrl=${encodeURIComponent(`${app.url}//${evilHost}/stolen`)}`);
      await page.waitForURL((u) => u.pathname !== "/login");
      expect(new URL(page.url()).origin).toBe(new URL(app.url).origin);
      await page.getByTestId("sidebar").waitFor();
      expect(hits).toEqual([]);
    } catch (error) {
      await keepScreenshot(page, "security-login-redirect");
      throw error;
    } finally {
      await page.close();
      await new Promise((r) => evil.close(r));
    }
  });
});

describe("the dev mailbox on a public bind", () => {
  it("refuses to start with the dev mailbox on a public address unless told loudly", async () => {
    await expect(startApp({ HOST: "0.0.0.0" })).rejects.toThrow(/HOST: is 0\.0\.0\.0, not loopback[\s\S]*DANGEROUSLY_ALLOW_DEV_MAILBOX/);
  });

  it("refuses to start with the dev mailbox on a real database unless told loudly", async () => {
    await expect(startApp({ DATABASE_URL: "postgres://127.0.0.1:1/none" })).rejects.toThrow(/SMTP_URL: is required with DATABASE_URL/);
  });

  it("does not serve the dev mailbox under HOST=0.0.0.0, even to loopback", async () => {
    const app = await startApp({ HOST: "0.0.0.0", DANGEROUSLY_ALLOW_DEV_MAILBOX: "true" });
    try {
      const port = new URL(app.url).port;
      expect((await get(`http://127.0.0.1:${port}/login`, { host: `localhost:${port}` })).status).toBe(200);
      expect((await get(`http://127.0.0.1:${port}/dev/mailbox`, { host: `localhost:${port}` })).status).toBe(404);
    } finally {
      await app.stop();
    }
  });

  describe("from another machine (a network namespace of our own)", () => {
    let ns: NetNamespace | undefined;
    let app: RunningApp | undefined;
    beforeAll(async () => {
      ns = createNetNamespace();
      if (ns) app = await startApp({ HOST: "0.0.0.0", DANGEROUSLY_ALLOW_DEV_MAILBOX: "true" }, { netns: ns });
    });
    afterAll(async () => {
      await app?.stop();
      ns?.remove();
    });

    it("is unreachable from a non-loopback socket, whatever Host it names", async (ctx) => {
      if (!app) return ctx.skip("network namespaces need root; the socket check is covered by dev-mailbox-gate.test.ts");
      const port = new URL(app.url).port;
      expect((await get(`${app.url}/login`)).status).toBe(200);
      for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, new URL(app.url).host]) {
        const answer = await get(`${app.url}/dev/mailbox`, { host });
        expect({ host, status: answer.status }).toEqual({ host, status: 404 });
      }
    });
  });
});
