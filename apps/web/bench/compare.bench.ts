// Seeing the change on a slow phone (docs/compare.md): Chromium at 390 x 844 with the CPU slowed 4x. Prints
//  - the time to the first page of a 40-page PDF in the viewer, beside a 1-page PDF's (the baseline: what opening
//    any PDF costs), from the viewer's own clock (data-first-page-ms);
//  - the time to the changed regions of two 4000 x 3000 images in compare (fetch, decode, draw at the compare size,
//    compare; data-ms), worked out in the worker beside on the main thread (the baseline: the page without
//    OffscreenCanvas), with the longest task on the page's main thread meanwhile.
//
//   npm run bench                                     (turbo runs every bench)
//   cd apps/web && npx tsx bench/compare.bench.ts --rounds 3
//
// Without DATABASE_URL a throwaway PostgreSQL server is started and removed. Needs the builds of the web app and of the
// upload server (npx turbo run build), and Debian's chromium.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createCaller } from "@atelier/api";
import { addUploadedFile } from "@atelier/api/testing/rounds";
import { DEMO_BUSINESS, findUserByEmail, seedDemo } from "@atelier/db";
import { createTestDatabase, makeProject, type TestDatabase } from "@atelier/db/testing";
import { createFsStore } from "@atelier/storage";
import type { Browser } from "playwright-core";
import { type PostgresServer, startPostgres } from "../../../tooling/scripts/postgres";
import { makePdf, makePng } from "../e2e/fixtures";
import { freePort, launchBrowser, signInWithSession, startApp, startTogether, startUploadServers } from "../e2e/harness";
import { requireBuilds } from "./require-builds";
import { stopOnSignals } from "./stop-on-signals";

const { values: args } = parseArgs({ options: { rounds: { type: "string", default: "3" } } });
const ROUNDS = Number(args.rounds);
const CPU_SLOWDOWN = 4;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main(): Promise<void> {
  requireBuilds({ uploads: true });
  const work = mkdtempSync(join(tmpdir(), "atelier-compare-bench-"));
  let pg: PostgresServer | undefined;
  let t: TestDatabase | undefined;
  let browser: Browser | undefined;
  const started: { stop(): Promise<void> }[] = [];
  const stopAll = stopOnSignals(async () => {
    await browser?.close().catch(() => undefined);
    await Promise.allSettled(started.map((s) => s.stop()));
    await t?.destroy().catch(() => undefined);
    pg?.stop();
    rmSync(work, { recursive: true, force: true });
  });
  try {
    if (!process.env.DATABASE_URL) {
      pg = await startPostgres();
      process.env.DATABASE_URL = pg.url;
    }
    const secret = randomBytes(24).toString("hex");
    const port = await freePort();
    const [db, chromium, uploads] = await startTogether([
      createTestDatabase(),
      launchBrowser({ ownSignals: true }),
      startUploadServers({ secret, webOrigin: `http://localhost:${port}` }),
    ]);
    t = db;
    browser = chromium;
    started.push(uploads);
    await seedDemo(t.db);
    const app = await startApp(
      { DATABASE_URL: t.url, DANGEROUSLY_ALLOW_DEV_MAILBOX: "true", UPLOAD_SECRET: secret, UPLOAD_BALANCER_URL: uploads.balancerUrl },
      { port },
    );
    started.push(app);

    const designer = (await findUserByEmail(t.db, "designer@atelier.local"))!;
    const studio = createCaller({
      db: t.db,
      user: {
        id: designer.id,
        name: designer.name,
        email: designer.email!,
        image: null,
        emailNotification: true,
        role: "creative",
        businessId: null,
      },
      now: () => new Date(),
      files: { store: createFsStore({ root: work }), secret, balancerUrl: uploads.balancerUrl },
    });
    const testDb = t;
    /** A project with one round sent per file, in order. */
    async function rounds(title: string, files: [string, Buffer][]) {
      const project = await makeProject(testDb.db, { businessId: DEMO_BUSINESS.id, title });
      await testDb.db.updateTable("projects").set({ stage: "in_progress" }).where("id", "=", project.id).execute();
      for (const [name, bytes] of files) {
        const file = await addUploadedFile(studio, project.id, name, bytes);
        await studio.proofs.create({ projectId: project.id, fileIds: [file.id] });
      }
      return project.id;
    }
    const pdf40 = makePdf(40);
    const pdfs = {
      "1 page": { name: "one-page.pdf", project: await rounds("One-page leaflet", [["one-page.pdf", makePdf(1)]]) },
      "40 pages": { name: "catalogue.pdf", project: await rounds("Forty-page catalogue", [["catalogue.pdf", pdf40]]) },
    };
    const images = await rounds("Billboard", [
      ["billboard-v1.png", makePng(4000, 3000)],
      ["billboard-v2.png", makePng(4000, 3000, { x: 1800, y: 1200, w: 400, h: 300 })],
    ]);

    /** A phone with its CPU slowed, signed in as the demo client; `withoutOffscreen` takes OffscreenCanvas away. */
    async function phone(withoutOffscreen = false) {
      const context = await browser!.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      await signInWithSession(testDb.db, context, app.url, "client@atelier.local");
      if (withoutOffscreen) await context.addInitScript(() => Reflect.deleteProperty(globalThis, "OffscreenCanvas"));
      // The page's long tasks, kept from its start.
      await context.addInitScript(() => {
        const tasks: number[] = [];
        Object.assign(globalThis, { __longTasks: tasks });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push(entry.duration);
        }).observe({ type: "longtask", buffered: true });
      });
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      return { context, tab };
    }

    console.log(
      `Chromium at 390 x 844, CPU slowed ${CPU_SLOWDOWN}x, ${ROUNDS} rounds; the 40-page PDF is ${(pdf40.length / 1e6).toFixed(1)} MB; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    const firstPage: Record<string, number[]> = { "1 page": [], "40 pages": [] };
    const regions: Record<"worker" | "main", { ms: number[]; longest: number[] }> = {
      worker: { ms: [], longest: [] },
      main: { ms: [], longest: [] },
    };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [which, { name, project }] of Object.entries(pdfs)) {
        const { context, tab } = await phone();
        try {
          await tab.goto(`${app.url}/projects/${project}`);
          await tab
            .getByRole("button", { name: `Open ${name}` })
            .first()
            .click();
          await tab.locator('[data-testid="pdf-page"][data-rendered-page="1"]').waitFor({ timeout: 120_000 });
          const ms = Number(await tab.getByTestId("pdf-page").getAttribute("data-first-page-ms"));
          firstPage[which]!.push(ms);
          console.log(`round ${round + 1}  first page, ${which.padEnd(8)}  ${String(ms).padStart(6)} ms`);
        } finally {
          await context.close();
        }
      }
      for (const engine of ["worker", "main"] as const) {
        const { context, tab } = await phone(engine === "main");
        try {
          await tab.goto(`${app.url}/projects/${images}`);
          await tab.getByRole("button", { name: "Compare rounds" }).click();
          const before = await tab.evaluate(() => (globalThis as unknown as { __longTasks: number[] }).__longTasks.length);
          await tab.getByTestId("compare").getByRole("button", { name: "Differences" }).click();
          const count = tab.getByTestId("compare-count");
          await count.waitFor({ timeout: 180_000 });
          if ((await count.getAttribute("data-engine")) !== engine) throw new Error(`expected the ${engine} engine`);
          const ms = Number(await count.getAttribute("data-ms"));
          const longest = await tab.evaluate(
            (from) => Math.max(0, ...(globalThis as unknown as { __longTasks: number[] }).__longTasks.slice(from)),
            before,
          );
          regions[engine].ms.push(ms);
          regions[engine].longest.push(longest);
          console.log(
            `round ${round + 1}  differences, ${engine.padEnd(6)}  ${String(ms).padStart(6)} ms (${await count.textContent()}), longest main-thread task ${longest.toFixed(0)} ms`,
          );
        } finally {
          await context.close();
        }
      }
    }
    const one = median(firstPage["1 page"]!);
    const forty = median(firstPage["40 pages"]!);
    console.log("\nmeasure (median)                                   figure     baseline  ratio");
    console.log(
      `first page of a 40-page PDF vs a 1-page PDF   ${`${forty} ms`.padStart(10)}  ${`${one} ms`.padStart(10)}  ${(forty / one).toFixed(2)}x`,
    );
    const worker = median(regions.worker.ms);
    const main = median(regions.main.ms);
    console.log(
      `differences of 4000 x 3000, worker vs main    ${`${worker} ms`.padStart(10)}  ${`${main} ms`.padStart(10)}  ${(worker / main).toFixed(2)}x`,
    );
    const wl = median(regions.worker.longest);
    const ml = median(regions.main.longest);
    console.log(
      `longest main-thread task meanwhile            ${`${wl.toFixed(0)} ms`.padStart(10)}  ${`${ml.toFixed(0)} ms`.padStart(10)}  ${(wl / Math.max(1, ml)).toFixed(2)}x`,
    );
  } finally {
    await stopAll();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
