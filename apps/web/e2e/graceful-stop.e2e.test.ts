// SIGTERM to a web instance (README, "Monitoring"; a deploy or `npm start` stopping it): an open live stream is told
// to reconnect and ended, a request in flight (a backup being streamed) is answered in full, and the process exits.
// With a notice (SHUTDOWN_NOTICE_S) it first says "draining" on /readyz while it goes on serving.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, type RunningApp, signInByMail, startApp, startTogether } from "./harness";

describe("a web instance stopped with SIGTERM", () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await startTogether([startApp({ SHUTDOWN_NOTICE_S: "1" }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("ends live streams with a reconnect hint, answers what is in flight, and exits", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInByMail(page, app.url, "client@atelier.local");
    await page.waitForURL((u) => !u.pathname.startsWith("/login"));
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    await context.close();

    const events = await fetch(`${app.url}/api/events`, { headers: { cookie } });
    expect(events.headers.get("content-type")).toContain("text/event-stream");
    const reader = (events.body as ReadableStream<Uint8Array>).getReader();
    const streamed = (async () => {
      let text = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return text;
        text += new TextDecoder().decode(value);
      }
    })();
    const backup = fetch(`${app.url}/ops/backup`).then(async (r) => ({ status: r.status, bytes: Buffer.from(await r.arrayBuffer()) }));
    await new Promise((r) => setTimeout(r, 100));
    const exited = new Promise<number | null>((resolve) => {
      const check = setInterval(() => {
        try {
          process.kill(app.pid, 0);
        } catch {
          clearInterval(check);
          resolve(null);
        }
      }, 50);
    });
    process.kill(app.pid, "SIGTERM");
    // The notice: a balancer's health check hears it is going, and a request sent meanwhile is still served.
    await new Promise((r) => setTimeout(r, 200));
    const ready = await fetch(`${app.url}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([503, { status: "draining" }]);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);

    // The stream's last words are a reconnect hint; it ends instead of hanging.
    const text = await streamed;
    expect(text.startsWith("retry: ")).toBe(true);
    expect(text.trimEnd().split("\n\n").at(-1)).toMatch(/^retry: \d+$/);
    expect(text.match(/retry: /g)?.length).toBe(2);
    // The backup started before the stop is whole: it ends with its manifest.
    const { status, bytes } = await backup;
    expect(status).toBe(200);
    expect(bytes.includes(Buffer.from('"files": ['))).toBe(true);
    await exited;
    // No new connection once it has gone.
    await expect(fetch(`${app.url}/healthz`)).rejects.toThrow();
  });
});
