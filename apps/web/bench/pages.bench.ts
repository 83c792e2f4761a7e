// The first load of each main page, per role, on a slow phone: Chromium at 390 x 844, a slow-4G-like link (150 ms
// latency, 1.6 Mbit/s down, 750 kbit/s up) and the CPU slowed 4x, cold cache, against the demo studio. Prints per page
//  - the JavaScript on the wire of the first load (the compressed bodies of the scripts asked for before the page's
//    load event: what it needs to draw itself and answer) and its requests, and apart from it the scripts fetched
//    after it (code the page fetches when quiet, for what may be used next, and what the interaction loaded),
//  - all requests and all bytes,
//  - the Largest Contentful Paint, on a page whose fields wait for its code when they answer, and the interaction to next paint of one typical interaction (the bell opened;
//    on the login page, the e-mail field typed into),
// beside the budgets of docs/performance.md: 250 KB of JavaScript per page (the login page 200 KB; the same budgets
// `page-weight.e2e.test.ts` holds the build to), LCP at most 2.5 s, INP at most 200 ms. Bytes are the same run to run
// for one build; times are medians of the rounds.
//
//   npm run bench                                     (turbo runs every bench)
//   cd apps/web && npx tsx bench/pages.bench.ts --rounds 3
//
// Without DATABASE_URL a throwaway PostgreSQL server is started and removed. Needs the web app's build
// (npx turbo run build) and Debian's chromium.
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { findUserByEmail, seedLivingDemo } from "@atelier/db";
import { createTestDatabase, type TestDatabase } from "@atelier/db/testing";
import type { Browser, Page } from "playwright-core";
import { type PostgresServer, startPostgres } from "../../../tooling/scripts/postgres";
import { launchBrowser, signInWithSession, startApp } from "../e2e/harness";
import { budgetOf } from "../e2e/page-weight";
import { requireBuilds } from "./require-builds";
import { stopOnSignals } from "./stop-on-signals";

const { values: args } = parseArgs({
  options: { rounds: { type: "string", default: "3" }, only: { type: "string" }, "lcp-element": { type: "boolean", default: false } },
});
const ROUNDS = Number(args.rounds);
/** `--only "a project"` measures only the pages of that name; `--lcp-element` names each page's largest element. */
const ONLY = args.only;

/** The link and the phone of the issue's profile. */
const PROFILE = { latencyMs: 150, downBytesPerSecond: 1_600_000 / 8, upBytesPerSecond: 750_000 / 8, cpuSlowdown: 4 };
const LCP_BUDGET_MS = 2500;
const INP_BUDGET_MS = 200;

/** A page as a role opens it; `route` names its budget. */
type Visit = { role: string; email: string | null; path: (ids: Ids) => string; name: string; route: string };
type Ids = { projectId: string };

const VISITS: Visit[] = [
  { role: "anyone", email: null, path: () => "/login", name: "login", route: "/login" },
  { role: "client", email: "client@atelier.local", path: () => "/", name: "projects", route: "/" },
  {
    role: "client",
    email: "client@atelier.local",
    path: (ids) => `/projects/${ids.projectId}`,
    name: "a project",
    route: "/projects/[id]",
  },
  { role: "client", email: "client@atelier.local", path: () => "/invoices", name: "invoices", route: "/invoices" },
  { role: "creative", email: "designer@atelier.local", path: () => "/", name: "projects", route: "/" },
  {
    role: "creative",
    email: "designer@atelier.local",
    path: (ids) => `/projects/${ids.projectId}`,
    name: "a project",
    route: "/projects/[id]",
  },
  { role: "creative", email: "designer@atelier.local", path: () => "/workload", name: "workload", route: "/workload" },
  { role: "admin", email: "admin@atelier.local", path: () => "/", name: "projects", route: "/" },
  { role: "admin", email: "admin@atelier.local", path: () => "/clients", name: "businesses", route: "/clients" },
  { role: "admin", email: "admin@atelier.local", path: () => "/users", name: "users", route: "/users" },
  { role: "admin", email: "admin@atelier.local", path: () => "/invoices", name: "invoices", route: "/invoices" },
  { role: "admin", email: "admin@atelier.local", path: () => "/archives", name: "archive", route: "/archives" },
];

type Measured = {
  jsBytes: number;
  jsRequests: number;
  laterJsBytes: number;
  bytes: number;
  requests: number;
  lcpMs: number;
  lcpElement: string;
  inpMs: number | null;
  /** When the page's fields, drawn disabled on the server, were enabled; null on a page without such fields. */
  readyMs: number | null;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** One cold first load of `url` under the profile, and its interaction. */
async function measure(
  browser: Browser,
  url: string,
  signIn: ((context: import("playwright-core").BrowserContext) => Promise<void>) | null,
) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    if (signIn) await signIn(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Page.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: PROFILE.latencyMs,
      downloadThroughput: PROFILE.downBytesPerSecond,
      uploadThroughput: PROFILE.upBytesPerSecond,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: PROFILE.cpuSlowdown });
    // Per response, its kind and the bytes of its headers: a script's JavaScript is its compressed body, all bytes
    // are everything received. A script asked for before the load event is the first load's; one asked for after it
    // is counted apart (both on the browser's one monotonic clock).
    const requestedAt = new Map<string, number>();
    const responses = new Map<string, { type: string; headerBytes: number }>();
    let loadedAt = Number.POSITIVE_INFINITY;
    const totals = { jsBytes: 0, jsRequests: 0, laterJsBytes: 0, bytes: 0, requests: 0 };
    cdp.on("Network.requestWillBeSent", (e) => requestedAt.set(e.requestId, e.timestamp));
    cdp.on("Page.loadEventFired", (e) => {
      loadedAt = Math.min(loadedAt, e.timestamp);
    });
    cdp.on("Network.responseReceived", (e) => responses.set(e.requestId, { type: e.type, headerBytes: e.response.encodedDataLength }));
    cdp.on("Network.loadingFinished", (e) => {
      totals.requests += 1;
      totals.bytes += e.encodedDataLength;
      const response = responses.get(e.requestId);
      if (response?.type !== "Script") return;
      const body = e.encodedDataLength - response.headerBytes;
      if ((requestedAt.get(e.requestId) ?? 0) < loadedAt) {
        totals.jsRequests += 1;
        totals.jsBytes += body;
      } else totals.laterJsBytes += body;
    });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number; __lcpElement: string; __inp: number; __ready: number | null };
      w.__lcp = 0;
      w.__lcpElement = "";
      w.__inp = 0;
      // A page drawn on the server whose fields wait for its code (a disabled fieldset): when they are enabled.
      w.__ready = null;
      let waiting = false;
      new MutationObserver(() => {
        const disabled = document.querySelector("fieldset[disabled]") !== null;
        if (disabled) waiting = true;
        else if (waiting && w.__ready === null) w.__ready = performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["disabled"] });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null; size?: number })[]) {
          w.__lcp = entry.startTime;
          const element = entry.element;
          w.__lcpElement = element
            ? `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}> ${entry.size} px², "${(element.textContent ?? "").trim().slice(0, 40)}"`
            : "(removed)";
        }
      }).observe({ type: "largest-contentful-paint", buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
          if (entry.interactionId) w.__inp = Math.max(w.__inp, entry.duration);
        }
      }).observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
    });
    await page.goto(url, { waitUntil: "networkidle", timeout: 120_000 });
    const interacted = await interact(page);
    const { lcp, lcpElement, inp, ready } = await page.evaluate(() => {
      const w = window as unknown as { __lcp: number; __lcpElement: string; __inp: number; __ready: number | null };
      return { lcp: w.__lcp, lcpElement: w.__lcpElement, inp: w.__inp, ready: w.__ready };
    });
    return { ...totals, lcpMs: lcp, lcpElement, inpMs: interacted ? inp : null, readyMs: ready } satisfies Measured;
  } finally {
    await context.close();
  }
}

/** The page's typical interaction: the bell opened, or on the login page the e-mail field typed into. */
async function interact(page: Page): Promise<boolean> {
  const bell = page.locator('[data-shortcut="inbox"]');
  if (await bell.count()) {
    await bell.click();
    await page.getByRole("dialog").first().waitFor({ timeout: 30_000 });
  } else {
    const email = page.getByLabel(/e-?mail/i).first();
    if (!(await email.count())) return false;
    await email.click();
    await page.keyboard.type("a");
  }
  // Long enough for the next paint to be recorded.
  await page.waitForTimeout(1000);
  return true;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} KB`;
const ms = (value: number | null) => (value === null ? "—" : `${(value / 1000).toFixed(2)} s`);

async function main(): Promise<void> {
  requireBuilds({ uploads: false });
  let pg: PostgresServer | undefined;
  let t: TestDatabase | undefined;
  let browser: Browser | undefined;
  let app: { stop(): Promise<void> } | undefined;
  const stopAll = stopOnSignals(async () => {
    await browser?.close().catch(() => undefined);
    await app?.stop().catch(() => undefined);
    await t?.destroy().catch(() => undefined);
    pg?.stop();
  });
  try {
    if (!process.env.DATABASE_URL) {
      pg = await startPostgres();
      process.env.DATABASE_URL = pg.url;
    }
    t = await createTestDatabase();
    await seedLivingDemo(t.db, new Date());
    const running = await startApp({ DATABASE_URL: t.url, DANGEROUSLY_ALLOW_DEV_MAILBOX: "true" });
    app = running;
    browser = await launchBrowser({ ownSignals: true });
    const client = (await findUserByEmail(t.db, "client@atelier.local"))!;
    const project = await t.db
      .selectFrom("projects")
      .select("id")
      .where("businessId", "=", client.businessId!)
      .orderBy("createdAt", "desc")
      .executeTakeFirstOrThrow();
    const ids: Ids = { projectId: project.id };

    console.log(
      `Pages on a slow phone: 390 x 844, ${PROFILE.latencyMs} ms, 1.6 Mbit/s, CPU / ${PROFILE.cpuSlowdown}, cold cache; ` +
        `median of ${ROUNDS}; load ${loadavg()[0]?.toFixed(2)}\n`,
    );
    console.log(
      "role      page         first-load JS (x budget) JS req  JS after load  all req  all bytes  LCP (≤ 2.50 s)  INP (≤ 200 ms)",
    );
    let over = 0;
    const visits = VISITS.filter((v) => !ONLY || v.name === ONLY);
    for (const visit of visits) {
      const runs: Measured[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const db = t.db;
        runs.push(
          await measure(
            browser,
            `${running.url}${visit.path(ids)}`,
            visit.email ? async (context) => void (await signInWithSession(db, context, running.url, visit.email!)) : null,
          ),
        );
      }
      const budget = budgetOf(visit.route);
      const js = median(runs.map((r) => r.jsBytes));
      const lcp = median(runs.map((r) => r.lcpMs));
      const inps = runs.map((r) => r.inpMs).filter((v): v is number => v !== null);
      const inp = inps.length ? median(inps) : null;
      const flags = [js > budget && "JS", lcp > LCP_BUDGET_MS && "LCP", inp !== null && inp > INP_BUDGET_MS && "INP"].filter(Boolean);
      if (flags.length) over += 1;
      console.log(
        [
          visit.role.padEnd(9),
          visit.name.padEnd(12),
          `${kb(js)} (${(js / budget).toFixed(2)}x)`.padEnd(24),
          String(median(runs.map((r) => r.jsRequests))).padStart(6),
          kb(median(runs.map((r) => r.laterJsBytes))).padStart(14),
          String(median(runs.map((r) => r.requests))).padStart(8),
          kb(median(runs.map((r) => r.bytes))).padStart(10),
          ms(lcp).padStart(15),
          ms(inp).padStart(15),
          flags.length ? `  over: ${flags.join(", ")}` : "",
        ].join(" "),
      );
      const readies = runs.map((r) => r.readyMs).filter((v): v is number => v !== null);
      if (readies.length) console.log(`    its fields and buttons answer from ${ms(median(readies))}`);
      if (args["lcp-element"]) for (const r of runs) console.log(`    largest element at ${ms(r.lcpMs)}: ${r.lcpElement}`);
    }
    console.log(`\n${over} of ${visits.length} pages over a budget.`);
  } finally {
    await stopAll();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
