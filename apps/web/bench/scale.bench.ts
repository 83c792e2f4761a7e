// The product at a real studio's size, through the real HTTP endpoint: seeds a studio (seed:scale), starts the built
// web server as the end-to-end tests do, signs in a client and a staff member with database sessions, and times the
// bell's calls, the first page of projects.list and the palette's search beside users.me (the baseline: a session lookup and nothing else)
// at concurrency 1 and 32, in rounds that take every call in turn so each meets the same machine. Prints throughput,
// p50, p95, answer size, the ratios against users.me of the same role and concurrency, and the issue's targets; and
// the CPU each request cost: the web server's, its main thread's apart (the one that runs every request's JavaScript)
// with how busy that thread was (at 100 % a call's throughput is bound by its main-thread time per request),
// PostgreSQL's, and this client's. All three share this machine's cores, so each weighs on every ratio.
//
//   npm run bench                              (turbo runs every bench; this one seeds the full size: about 3 min)
//   cd apps/web && npx tsx bench/scale.bench.ts --scale 0.05 --rounds 2
//   ... --profile /tmp/prof                    (also writes the web server's CPU profile there when it stops)
//   ... --calls projects.list --roles client   (only these calls, beside users.me, and roles: to profile one call)
//
// Without DATABASE_URL a throwaway PostgreSQL server is started and removed. With it, that database is used: seeded
// when it holds no studio yet, taken as it is when it does (so a seeded database can be benchmarked again).
// Needs the web app's build (apps/web/dist/serve.js and .next): `npx turbo run build --filter=@atelier/web`.
import { randomBytes, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { Agent, get as httpGet } from "node:http";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { gunzipSync } from "node:zlib";
import { createCaller, wireTransformer } from "@atelier/api";
import { getSessionUser } from "@atelier/auth";
import { createDb, type Db, DEMO_USERS, sql } from "@atelier/db";
import { seedScale } from "@atelier/db/seed-scale";
import { type PostgresServer, startPostgres } from "../../../tooling/scripts/postgres";
import { cpuSecondsOf } from "../../../tooling/scripts/proc-cpu";
import { type RunningApp, startApp } from "../e2e/harness";
import { requireBuilds } from "./require-builds";
import { stopOnSignals } from "./stop-on-signals";

const { values: args } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    rounds: { type: "string", default: "3" },
    // A batch stops starting requests after this many seconds (a slow call still finishes the ones it started).
    budget: { type: "string", default: "10" },
    // A folder for the web server's CPU profile (node --cpu-prof), written when it stops: where the time goes.
    profile: { type: "string" },
    // Only these calls (names as printed, comma-separated; users.me is always kept) and roles: a profile of one call.
    calls: { type: "string" },
    roles: { type: "string", default: "client,staff" },
  },
});
const ROUNDS = Number(args.rounds);
const BUDGET_MS = Number(args.budget) * 1000;
/** Requests per batch: a few waves at each concurrency, so the count is bounded whatever a call costs. */
const BATCH = { 1: 60, 32: 640 } as const;
const CONCURRENCIES = [1, 32] as const;
/** Unmeasured requests of each call and role before the rounds. */
const WARM_UP = 256;

interface Call {
  name: string;
  procedure: string;
  input?: unknown;
  /** The issue's targets apply: throughput and p95 against users.me; `maxBytes` for a first page. */
  target: boolean;
  maxBytes?: number;
}

const ALL_CALLS: Call[] = [
  { name: "users.me", procedure: "users.me", target: false },
  { name: "comments.findMany", procedure: "comments.findMany", target: true },
  { name: "findMany unread", procedure: "comments.findMany", input: { filter: "unread" }, target: true },
  { name: "comments.unreadCount", procedure: "comments.unreadCount", target: true },
  { name: "comments.unreadByProject", procedure: "comments.unreadByProject", target: true },
  { name: "projects.list", procedure: "projects.list", target: true, maxBytes: 64 * 1024 },
  // The palette's search: words in a fifth of the comments (found among the newest), and words in none of them
  // (found through the index of words: people named "Client 12…").
  { name: "search frequent", procedure: "search.query", input: { q: "headline larg" }, target: true },
  { name: "search rare", procedure: "search.query", input: { q: "client 12" }, target: true },
];
const CALLS = args.calls ? ALL_CALLS.filter((c, i) => i === 0 || args.calls!.split(",").includes(c.name)) : ALL_CALLS;

interface Sample {
  /** CPU-seconds of the web server during the batch: its main thread's, and the whole process's. */
  mainCpu: number;
  webCpu: number;
  pgCpu: number;
  clientCpu: number;
  ms: number[];
  bytes: number;
  seconds: number;
  count: number;
  items?: number;
  lastBody: string;
}

/** How many projects an answer of projects.list holds: an array today, a page `{ items, nextCursor }` once it pages. */
function itemsOf(data: unknown): number | undefined {
  if (Array.isArray(data)) return data.length;
  if (data && typeof data === "object" && Array.isArray((data as { items?: unknown }).items))
    return (data as { items: unknown[] }).items.length;
  return undefined;
}

function callUrl(base: string, call: Call): string {
  const query = call.input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: call.input }))}`;
  return `${base}/api/trpc/${call.procedure}${query}`;
}

/**
 * The client: node's HTTP client on kept-alive sockets, one per concurrent request, accepting gzip and inflating what
 * comes gzipped, as a browser does. Not fetch: its web streams cost this process 0.4-1.4 ms a request, on the same two
 * cores as the server, and more for a gzipped answer (its inflate is a stream too), which put the client's weight
 * into every ratio.
 */
const agent = new Agent({ keepAlive: true, maxSockets: Math.max(...CONCURRENCIES) });

async function request(url: string, cookie: string): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpGet(url, { agent, headers: { cookie, "accept-encoding": "gzip" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        try {
          const raw = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
          const text = (res.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString("utf8");
          resolve({ status: res.statusCode ?? 0, body: text });
        } catch (error) {
          reject(error);
        }
      });
    });
    req.on("error", reject);
  });
  const ms = performance.now() - started;
  if (status !== 200) throw new Error(`${url} answered ${status}: ${body.slice(0, 300)}`);
  return { ms, body };
}

/** CPU-seconds of each PostgreSQL process on this machine, by process id (its backends serve the web server's pool). */
function postgresCpu(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let comm: string;
    try {
      comm = readFileSync(`/proc/${entry}/comm`, "utf8").trim();
    } catch {
      continue;
    }
    if (comm !== "postgres") continue;
    const seconds = cpuSecondsOf(Number(entry));
    if (Number.isFinite(seconds)) byPid.set(Number(entry), seconds);
  }
  return byPid;
}

/** PostgreSQL's CPU-seconds between two readings: a process started meanwhile counts from zero, one gone is left out. */
function postgresCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/**
 * CPU-seconds of the web server's main thread (its thread id is its process id) and of the whole process, of the
 * PostgreSQL server, and of this process (the client sending the requests).
 */
const cpuOf = (pid: number) => {
  const self = process.cpuUsage();
  return { main: cpuSecondsOf(pid, pid), all: cpuSecondsOf(pid), pg: postgresCpu(), client: (self.user + self.system) / 1e6 };
};

/** Up to `total` requests, `concurrency` at a time, starting no new one after the budget. */
async function batch(url: string, cookie: string, concurrency: number, total: number, webPid: number): Promise<Sample> {
  const cpuBefore = cpuOf(webPid);
  const ms: number[] = [];
  let lastBody = "";
  let started = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (started < total && (started < concurrency || performance.now() - t0 < BUDGET_MS)) {
      started++;
      const r = await request(url, cookie);
      ms.push(r.ms);
      lastBody = r.body;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const cpuAfter = cpuOf(webPid);
  return {
    ms,
    bytes: Buffer.byteLength(lastBody),
    lastBody,
    seconds: (performance.now() - t0) / 1000,
    count: ms.length,
    mainCpu: cpuAfter.main - cpuBefore.main,
    webCpu: cpuAfter.all - cpuBefore.all,
    pgCpu: postgresCpuBetween(cpuBefore.pg, cpuAfter.pg),
    clientCpu: cpuAfter.client - cpuBefore.client,
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;

const tokens: string[] = [];

async function signIn(db: Db, userId: string): Promise<string> {
  const sessionToken = randomBytes(32).toString("hex");
  tokens.push(sessionToken);
  await db
    .insertInto("sessions")
    .values({ id: randomUUID(), sessionToken, userId, expires: new Date(Date.now() + 86_400_000) })
    .execute();
  // The cookie next-auth sets on http (SESSION_COOKIE of @atelier/auth).
  return `next-auth.session-token=${sessionToken}`;
}

async function prepareDatabase(url: string, scale: number): Promise<void> {
  const db = await createDb({ databaseUrl: url });
  try {
    const seeded = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_name = 'projects'`
      .execute(db)
      .then(async (r) => (r.rows[0]?.n ? (await sql<{ n: number }>`select count(*)::int as n from projects`.execute(db)).rows[0]?.n : 0));
    if (seeded) {
      console.log(`Using the studio already in the database (${seeded.toLocaleString("en-US")} projects).`);
      return;
    }
    console.log(`Seeding at scale ${scale} ...`);
    const report = await seedScale(db, { scale });
    console.log(
      `  ${Object.entries(report.counts)
        .map(([table, n]) => `${table} ${n.toLocaleString("en-US")}`)
        .join(", ")} in ${report.seconds.toFixed(0)} s`,
    );
  } finally {
    await db.destroy();
  }
}

/** A CPU figure of the samples (`pick`, in seconds) per request, in milliseconds. */
function msPerRequest(samples: Sample[], pick: (s: Sample) => number): number {
  return (samples.reduce((a, s) => a + pick(s), 0) / samples.reduce((a, s) => a + s.count, 0)) * 1000;
}

/** Prints rows as columns: the first `textColumns` and the last to the left, the figures between to the right. */
function printTable(rows: string[][], textColumns: number): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const row of rows)
    console.log(
      row.map((cell, i) => (i < textColumns || i === row.length - 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "),
    );
}

/** Passes over every call and role in process, and calls of each in a pass: the least CPU per call of the passes is kept. */
const IN_PROCESS_PASSES = 4;
const IN_PROCESS_CALLS = 500;

/**
 * What each call costs this process's CPU with no HTTP, no Next and no session lookup: the procedure through tRPC's
 * caller, its answer written as the wire carries it (superjson, then JSON text), one call at a time. users.me's is
 * the caller's own overhead, so a call's cost above users.me's is its own work: its query, its rows and its answer.
 * Measured before the web server starts, so nothing else runs; the least of several passes (the first ones also pay
 * for V8 compiling the code, and one pass to the next differed by up to a third).
 */
async function inProcessCosts(db: Db, cookies: Record<string, string>, roles: string[]): Promise<Map<string, number>> {
  const costs = new Map<string, number>();
  const callers = new Map<string, ReturnType<typeof createCaller>>();
  for (const role of roles) {
    const user = await getSessionUser(db, cookies[role]!, new Date());
    if (!user) throw new Error(`the ${role}'s session was not found`);
    // None of the calls measured touches files.
    callers.set(role, createCaller({ db, user, now: () => new Date(), files: { store: undefined as never, secret: "", balancerUrl: "" } }));
  }
  for (let pass = 0; pass < IN_PROCESS_PASSES; pass++) {
    for (const role of roles) {
      for (const call of CALLS) {
        const [namespace, name] = call.procedure.split(".") as [string, string];
        const procedures = callers.get(role) as unknown as Record<string, Record<string, (input?: unknown) => Promise<unknown>>>;
        const procedure = procedures[namespace]![name]!;
        const before = process.cpuUsage();
        for (let i = 0; i < IN_PROCESS_CALLS; i++)
          JSON.stringify({ result: { data: wireTransformer.serialize(await procedure(call.input)) } });
        const used = process.cpuUsage(before);
        const ms = (used.user + used.system) / 1000 / IN_PROCESS_CALLS;
        const key = `${role}/${call.name}`;
        costs.set(key, Math.min(costs.get(key) ?? Number.POSITIVE_INFINITY, ms));
      }
    }
  }
  return costs;
}

/**
 * The floor of the throughput target on this machine, from two bounds that hold whatever is done around a call's own
 * work (HTTP, Next, compression). A call's own work is its cost above users.me: in this process (inProcessCosts) and
 * in PostgreSQL (per request at 32 at once). (1) The web server's main thread runs every request's JavaScript and is
 * what bounds users.me at 32 at once; for a call to reach 0.7x, its work on that thread may be at most users.me's
 * main-thread time x (1/0.7 - 1). (2) However many processes serve, the machine's cores are shared by the web
 * server, PostgreSQL and this client; for 0.7x, a call's work on them may be at most users.me's whole CPU per
 * request x (1/0.7 - 1). A call whose work alone is over a bound cannot reach 0.7x under it.
 */
function reportFloor(results: Map<string, Sample[]>, costs: Map<string, number>, roles: string[]): void {
  const perRequest = (key: string, pick: (s: Sample) => number) => msPerRequest(results.get(key) ?? [], pick);
  const rows: string[][] = [["role", "call", "in process ms", "work ms", "pg work ms", "main budget ms", "cpu budget ms", "0.7x possible"]];
  const spare = 1 / 0.7 - 1;
  for (const role of roles) {
    const base = `${role}/32/${CALLS[0]!.name}`;
    const mainBudget = perRequest(base, (s) => s.mainCpu) * spare;
    const cpuBudget = perRequest(base, (s) => s.webCpu + s.pgCpu + s.clientCpu) * spare;
    const basePg = perRequest(base, (s) => s.pgCpu);
    const baseCost = costs.get(`${role}/${CALLS[0]!.name}`) ?? Number.NaN;
    for (const call of CALLS.filter((c) => c.target)) {
      const cost = costs.get(`${role}/${call.name}`) ?? Number.NaN;
      const work = cost - baseCost;
      const pgWork = Math.max(0, perRequest(`${role}/32/${call.name}`, (s) => s.pgCpu) - basePg);
      const verdict =
        work + pgWork > cpuBudget ? "no, on any number of processes" : work > mainBudget ? "not on one process" : "not ruled out";
      rows.push([role, call.name, ...[cost, work, pgWork, mainBudget, cpuBudget].map((n) => n.toFixed(3)), verdict]);
    }
  }
  printTable(rows, 2);
  console.log(
    "in process: CPU per call through tRPC's caller with its answer serialised, no HTTP; work: that above users.me's; pg work: " +
      "PostgreSQL's CPU per request above users.me's at 32 at once; budgets: what 0.7x leaves for a call's work, on the main " +
      "thread (users.me's main ms x (1/0.7 - 1)) and on the machine (users.me's web + pg + client ms x (1/0.7 - 1))",
  );
}

function report(results: Map<string, Sample[]>, roles: string[]): boolean {
  const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "-");
  let allMet = true;
  const rows: string[][] = [
    [
      "role",
      "conc",
      "call",
      "req/s",
      "p50 ms",
      "p95 ms",
      "answer",
      "items",
      "web ms",
      "main ms",
      "main busy",
      "pg ms",
      "client ms",
      "thr x",
      "p95 x",
      "targets",
    ],
  ];
  for (const role of roles) {
    for (const concurrency of CONCURRENCIES) {
      const summary = (call: Call) => {
        const samples = results.get(`${role}/${concurrency}/${call.name}`) ?? [];
        const ms = samples.flatMap((s) => s.ms).sort((a, b) => a - b);
        const seconds = samples.reduce((a, s) => a + s.seconds, 0);
        const count = samples.reduce((a, s) => a + s.count, 0);
        return {
          rps: count / seconds,
          web: msPerRequest(samples, (s) => s.webCpu),
          main: msPerRequest(samples, (s) => s.mainCpu),
          busy: samples.reduce((a, s) => a + s.mainCpu, 0) / seconds,
          pg: msPerRequest(samples, (s) => s.pgCpu),
          client: msPerRequest(samples, (s) => s.clientCpu),
          p50: quantile(ms, 0.5),
          p95: quantile(ms, 0.95),
          bytes: samples.at(-1)?.bytes ?? 0,
          items: samples.at(-1)?.items,
        };
      };
      const base = summary(CALLS[0]!);
      for (const call of CALLS) {
        const s = summary(call);
        const thr = s.rps / base.rps;
        const p95 = s.p95 / base.p95;
        const verdicts: string[] = [];
        if (call.target) {
          verdicts.push(thr >= 0.7 ? "thr met" : "thr MISSED");
          verdicts.push(p95 <= 1.5 ? "p95 met" : "p95 MISSED");
        }
        if (call.maxBytes !== undefined) verdicts.push(s.bytes < call.maxBytes ? "<64KB met" : "<64KB MISSED");
        if (verdicts.some((v) => v.includes("MISSED"))) allMet = false;
        rows.push([
          role,
          String(concurrency),
          call.name,
          fmt(s.rps),
          fmt(s.p50),
          fmt(s.p95),
          s.bytes >= 10_240 ? `${(s.bytes / 1024).toFixed(0)} KB` : `${s.bytes} B`,
          s.items === undefined ? "" : String(s.items),
          fmt(s.web, 2),
          fmt(s.main, 2),
          `${(s.busy * 100).toFixed(0)} %`,
          fmt(s.pg, 2),
          fmt(s.client, 2),
          call.target ? fmt(thr, 2) : "1.00",
          call.target ? fmt(p95, 2) : "1.00",
          verdicts.join(", "),
        ]);
      }
    }
  }
  printTable(rows, 3);
  console.log(
    "targets: throughput >= 0.7x users.me, p95 <= 1.5x users.me (same role, concurrency and run), projects.list first page < 64 KB\n" +
      "web ms, main ms: the web server's CPU per request, all of its threads and its main thread alone (10 ms ticks, summed over the rounds); " +
      "main busy: how much of the time that thread was running; pg ms: PostgreSQL's CPU per request (all its processes); " +
      "client ms: this process's, which sends the requests",
  );
  return allMet;
}

async function main(): Promise<void> {
  requireBuilds({ uploads: false });
  let pg: PostgresServer | undefined;
  let app: RunningApp | undefined;
  let db: Db | undefined;
  // Ctrl+C or a kill stops what the run started too (the web server runs in its own process group).
  const stopAll = stopOnSignals(async () => {
    agent.destroy();
    await app?.stop();
    // The sessions made here open the database to whoever holds their tokens: they go with the run.
    if (tokens.length > 0) await db?.deleteFrom("sessions").where("sessionToken", "in", tokens).execute();
    await db?.destroy();
    pg?.stop();
  });
  try {
    let databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) {
      pg = await startPostgres();
      databaseUrl = pg.url;
      console.log(`Started a throwaway PostgreSQL server at ${databaseUrl}`);
    }
    await prepareDatabase(databaseUrl, Number(args.scale));
    db = await createDb({ databaseUrl });
    const client = DEMO_USERS.find((u) => u.role === "client")!;
    const staff = DEMO_USERS.find((u) => u.role === "admin")!;
    const cookies: Record<string, string> = { client: await signIn(db, client.id), staff: await signIn(db, staff.id) };
    const roles = Object.keys(cookies).filter((role) => args.roles.split(",").includes(role));
    const costs = await inProcessCosts(db, cookies, roles);
    app = await startApp(
      { DATABASE_URL: databaseUrl, DANGEROUSLY_ALLOW_DEV_MAILBOX: "true" },
      args.profile ? { nodeFlags: ["--cpu-prof", `--cpu-prof-dir=${args.profile}`] } : {},
    );
    console.log(
      `web server at ${app.url}; client ${client.id}, staff ${staff.id}; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );

    // Every call once, to check it answers; then a few hundred of each, unmeasured, so that the server's code is
    // compiled by V8's optimising tiers before any batch is timed (the first rounds were slower by up to half).
    for (const role of roles) for (const call of CALLS) await request(callUrl(app.url, call), cookies[role]!);
    for (const role of roles) for (const call of CALLS) await batch(callUrl(app.url, call), cookies[role]!, 32, WARM_UP, app.pid);

    const results = new Map<string, Sample[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const concurrency of CONCURRENCIES) {
        // Each round starts one call later, so no call always runs first or right after a heavy one.
        for (let i = 0; i < CALLS.length * roles.length; i++) {
          const index = (i + round) % (CALLS.length * roles.length);
          const call = CALLS[index % CALLS.length]!;
          const role = roles[Math.floor(index / CALLS.length)]!;
          const sample = await batch(callUrl(app.url, call), cookies[role]!, concurrency, BATCH[concurrency], app.pid);
          if (call.procedure === "projects.list")
            sample.items = itemsOf((JSON.parse(sample.lastBody) as { result: { data: { json: unknown } } }).result.data.json);
          const key = `${role}/${concurrency}/${call.name}`;
          results.set(key, [...(results.get(key) ?? []), sample]);
        }
      }
      console.log(
        `round ${round + 1} of ${ROUNDS} done; load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")}`,
      );
    }
    const met = report(results, roles);
    reportFloor(results, costs, roles);
    console.log(met ? "every target met" : "some targets missed");
  } finally {
    await stopAll();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
