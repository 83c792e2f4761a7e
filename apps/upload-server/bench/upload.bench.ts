// Uploads one large file on loopback six ways, every one in every round, and prints MiB/s,
// ratios, CPU-seconds per GiB of every process and the upload servers' peak RSS:
//   ours binary, integrity on: the upload-engine client with a sha256 function sending raw parts
//     (x-body-encoding: binary), every part with x-content-sha256 that the server checks in the
//     pass that writes it;
//   ours base64, integrity on: the same, forced to base64, the base wire of docs/upload-protocol.md;
//   ours binary and ours base64, like for like with tus: without the sha256 function, so parts carry
//     no digest and nobody hashes them;
//   tus (@tus/server, tus-js-client), which hashes nothing; and a plain copy on the same disk.
// All of ours still get the whole file's sha256 in the completing answer (one server-side pass,
// taken while the parts arrive).
// BENCH_MIB sets the size (default 1024), BENCH_ROUNDS the rounds (default 5: tus alone varies by a
// third between rounds here), BENCH_CLIENT=fetch runs our client over fetch instead of node:http,
// BENCH_PROF_DIR keeps the servers' CPU profiles there, BENCH_PERF=1 has them write the map that
// perf needs to name their JavaScript (node --perf-basic-prof), BENCH_ONLY=binary,tus runs those
// contenders alone (their short names, as in the rounds' lines), and BENCH_BUNDLE / BENCH_CLIENT_SCRIPT
// run another build of the server or client (A/B).
// It also prints the most that integrity on could reach on this machine: every byte hashed three
// times at the SHA-256 speed measured here, on top of tus's own CPU per GiB.
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { closeSync, createReadStream, createWriteStream, existsSync, openSync, writeSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { cpuSecondsOf } from "../../../tooling/scripts/proc-cpu";
import { UPLOAD_SERVER_NODE_FLAGS } from "../src/node-flags";
import { APP_DIR, type ChildServer, startChildServer } from "../test/support/child-server";
import { TEST_SECRET } from "../test/support/cluster";
import { machineBusySeconds, measured } from "./machine";

const MiB = 1024 * 1024;
const sizeMiB = Number(process.env.BENCH_MIB ?? 1024);
const size = sizeMiB * MiB;
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const BUNDLE = process.env.BENCH_BUNDLE ?? join(APP_DIR, "dist", "main.js");
const OURS_CLIENT = process.env.BENCH_CLIENT_SCRIPT ?? "bench/ours-client.ts";

interface Run {
  seconds: number;
  // CPU-seconds of every process taking part, so the total says how busy the two cores were.
  cpu: Record<string, number>;
  // CPU-seconds of everything else on the machine meanwhile: kernel threads writing back the
  // page cache, and on a shared machine other people's work.
  rest: number;
  peakRss: number;
}

interface ClientReport {
  seconds: number;
  cpuSeconds: number;
  machineSeconds: number;
  sha256?: string;
  encodings?: string[];
}

type OursMode = { encoding: "binary" | "base64"; partDigests: boolean };

// Other work on a shared machine skews any figure: wait (up to 20 s) for a quiet second.
async function waitForQuiet(): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const before = await machineBusySeconds();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const busy = (await machineBusySeconds()) - before;
    if (busy < 0.15) return;
    if (Date.now() > deadline) {
      console.log(`  (the machine stayed busy: ${busy.toFixed(2)} cores used by other processes)`);
      return;
    }
  }
}

// On this kind of virtual machine, memory the guest freed a few seconds ago has been handed back to the host, and
// touching it again costs a fault in the host per page: writing 1 GiB into the page cache cost 0.2 CPU-seconds right
// after 1 GiB had been freed and 1.1-1.4 when the freed memory had been left for 5 s (measured with a 1 GiB write
// of 1 MiB blocks). Which contender met which kind of memory then depended on how long it took to start, and the
// upload that wrote into host-faulting pages spent up to 1.2 CPU-seconds per GiB more in the kernel for it. So every
// contender starts on the same footing, as on a real server whose page cache recycles its memory: just before its
// transfer, a file of the upload's size is written and deleted, and the transfer's pages are ones that were just freed.
async function warmMemory(work: string): Promise<void> {
  const path = join(work, "warm.bin");
  const block = Buffer.alloc(4 * MiB, 0x77);
  const fd = openSync(path, "w");
  try {
    for (let written = 0; written < size; written += block.length) writeSync(fd, block, 0, Math.min(block.length, size - written));
  } finally {
    closeSync(fd);
  }
  // Deleted before it is written back, its pages go straight back to the free lists.
  await rm(path);
}

/** Waits for a quiet machine, then leaves just-freed memory for the transfer that starts next. */
async function readyToMeasure(work: string): Promise<void> {
  await waitForQuiet();
  await warmMemory(work);
}

async function peakRssMiB(pid: number | undefined): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const match = /VmHWM:\s+(\d+) kB/.exec(status);
  return match?.[1] ? Number(match[1]) / 1024 : Number.NaN;
}

async function newestMtime(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(".ts")) {
      newest = Math.max(newest, (await stat(join(entry.parentPath, entry.name))).mtimeMs);
    }
  }
  return newest;
}

// The servers run from the bundle, as in production; a missing or stale one is rebuilt so the
// figures always describe the code in the tree.
async function ensureBundle(): Promise<void> {
  if (process.env.BENCH_BUNDLE) return;
  if (existsSync(BUNDLE)) {
    const built = (await stat(BUNDLE)).mtimeMs;
    const sources = ["src", "../../packages/storage/src", "../../packages/upload-engine/src", "../../packages/domain/src"];
    const newest = Math.max(...(await Promise.all(sources.map((dir) => newestMtime(join(APP_DIR, dir))))));
    if (newest < built) return;
  }
  console.log("building dist/main.js ...");
  execFileSync("npx", ["tsup"], { cwd: APP_DIR, stdio: ["ignore", "ignore", "inherit"] });
}

async function writeTestFile(path: string): Promise<string> {
  const hash = createHash("sha256");
  const out = createWriteStream(path);
  const block = Buffer.allocUnsafe(4 * MiB);
  let x = 0x9e3779b9;
  for (let written = 0; written < size; written += block.length) {
    for (let i = 0; i < block.length; i += 4) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      block.writeUInt32LE(x >>> 0, i);
    }
    const piece = block.subarray(0, Math.min(block.length, size - written));
    hash.update(piece);
    if (!out.write(piece)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return hash.digest("hex");
}

// CPU-seconds per GiB of one SHA-256 pass on this machine (node's, as every side here uses), over 256 MiB in 4 MiB updates.
function sha256SecondsPerGiB(): number {
  const block = Buffer.alloc(4 * MiB, 0x5a);
  const hash = createHash("sha256");
  const started = process.cpuUsage();
  for (let i = 0; i < 64; i += 1) hash.update(block);
  hash.digest();
  const used = process.cpuUsage(started);
  return ((used.user + used.system) / 1e6) * 4;
}

// The previous run's dirty pages are written back before the next one starts, not during it.
function settle(): void {
  execFileSync("sync");
}

// Runs a client script in its own process and answers the JSON line it prints last.
async function runClient(script: string, args: string[]): Promise<ClientReport> {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: APP_DIR,
    env: { ...process.env, UPLOAD_SECRET: TEST_SECRET },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString("utf8");
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`${script} exited with ${code}: ${out}`);
  return JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as ClientReport;
}

async function plainCopy(source: string, work: string): Promise<Run> {
  const target = join(work, "copy.bin");
  await readyToMeasure(work);
  const run = await measured(() => pipeline(createReadStream(source), createWriteStream(target)));
  settle();
  await rm(target);
  return { seconds: run.seconds, cpu: { copy: run.cpuSeconds }, rest: run.machineSeconds - run.cpuSeconds, peakRss: Number.NaN };
}

async function viaTus(source: string, work: string): Promise<Run> {
  const server = await startChildServer("bench/tus-server.ts", [join(work, "tus")]);
  try {
    await readyToMeasure(work);
    const before = cpuSecondsOf(server.process.pid);
    const client = await runClient("bench/tus-client.ts", [server.url, source]);
    const serverCpu = cpuSecondsOf(server.process.pid) - before;
    const peakRss = await peakRssMiB(server.process.pid);
    settle();
    const cpu = { client: client.cpuSeconds, server: serverCpu };
    return { seconds: client.seconds, cpu, rest: client.machineSeconds - client.cpuSeconds - serverCpu, peakRss };
  } finally {
    await server.stop();
    await rm(join(work, "tus"), { recursive: true, force: true });
  }
}

// A balancer offers base64 alone until its first health check of a server; wait for its offer.
async function offersBinary(balancerUrl: string): Promise<void> {
  for (;;) {
    const answer = (await (await fetch(`${balancerUrl}/`)).json()) as { encodings?: string[] };
    if (answer.encodings?.includes("binary")) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function viaOurs(source: string, work: string, expected: string, idle: number[], mode: OursMode): Promise<Run> {
  const store = join(work, "ours");
  const profile = process.env.BENCH_PROF_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROF_DIR}`] : [];
  const servers: ChildServer[] = [];
  let balancer: ChildServer | undefined;
  try {
    for (let i = 0; i < 2; i += 1) {
      // Run as `npm start` runs them, with the node flags an upload server is deployed with.
      servers.push(
        await startChildServer(BUNDLE, ["--role", "server", "--port", "0", "--store", store], {}, [
          ...UPLOAD_SERVER_NODE_FLAGS,
          ...profile,
          ...(process.env.BENCH_PERF ? ["--perf-basic-prof"] : []),
        ]),
      );
    }
    balancer = await startChildServer(BUNDLE, ["--role", "balancer", "--port", "0", "--servers", servers.map((s) => s.url).join(",")]);
    await offersBinary(balancer.url);
    idle.push(...(await Promise.all(servers.map((s) => peakRssMiB(s.process.pid)))));
    const pids = [...servers, balancer].map((s) => s.process.pid);
    await readyToMeasure(work);
    const before = pids.map((pid) => cpuSecondsOf(pid));
    const client = await runClient(OURS_CLIENT, [
      balancer.url,
      source,
      process.env.BENCH_CLIENT ?? "node-http",
      mode.partDigests ? "part-digests" : "no-part-digests",
      mode.encoding,
    ]);
    const after = pids.map((pid) => cpuSecondsOf(pid));
    if (client.sha256 !== expected) throw new Error("our upload stored different bytes");
    if (client.encodings?.join() !== mode.encoding) throw new Error(`parts went as ${client.encodings?.join()}, not ${mode.encoding}`);
    const peakRss = Math.max(...(await Promise.all(servers.map((s) => peakRssMiB(s.process.pid)))));
    settle();
    const spent = after.map((value, i) => value - (before[i] ?? 0));
    const cpu = { client: client.cpuSeconds, servers: (spent[0] ?? 0) + (spent[1] ?? 0), balancer: spent[2] ?? 0 };
    const ours = cpu.client + cpu.servers + cpu.balancer;
    return { seconds: client.seconds, cpu, rest: client.machineSeconds - ours, peakRss };
  } finally {
    await balancer?.stop();
    for (const server of servers) await server.stop();
    await rm(store, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const rate = (run: Run) => sizeMiB / run.seconds;
const totalCpu = (run: Run) => Object.values(run.cpu).reduce((sum, value) => sum + value, 0);

// CPU-seconds per GiB: the median of the rounds, for all processes and for each.
const perGiB = (seconds: number) => (seconds * 1024) / sizeMiB;

function describe(name: string, runs: Run[]): string {
  const rates = runs.map(rate);
  const cpu = runs.map(totalCpu);
  const parts = Object.keys(runs[0]?.cpu ?? {})
    .map((key) => `${key} ${perGiB(median(runs.map((run) => run.cpu[key] ?? 0))).toFixed(1)}`)
    .join(" + ");
  const rss = runs.some((run) => !Number.isNaN(run.peakRss)) ? `  peak RSS ${Math.max(...runs.map((r) => r.peakRss)).toFixed(0)} MiB` : "";
  const seconds = median(runs.map((run) => run.seconds));
  return (
    `${name.padEnd(46)} ${median(rates).toFixed(0).padStart(5)} MiB/s (${rates.map((r) => r.toFixed(0)).join(", ")})` +
    `  CPU-s/GiB ${perGiB(median(cpu)).toFixed(1)} = ${parts}: ${(median(cpu) / seconds).toFixed(1)} cores busy, ` +
    `rest of the machine ${(median(runs.map((run) => run.rest)) / seconds).toFixed(1)}${rss}`
  );
}

async function main(): Promise<void> {
  await ensureBundle();
  const work = await mkdtemp(join(tmpdir(), "upload-bench-"));
  try {
    const source = join(work, "source.bin");
    console.log(`writing a ${sizeMiB} MiB test file in ${work} ...`);
    const expected = await writeTestFile(source);
    if ((await stat(source)).size !== size) throw new Error("test file has the wrong size");
    settle();

    const idle: number[] = [];
    const ours = (mode: OursMode) => () => viaOurs(source, work, expected, idle, mode);
    const contenders: { name: string; short: string; run: () => Promise<Run>; runs: Run[] }[] = [
      { name: "ours binary, integrity on", short: "binary", run: ours({ encoding: "binary", partDigests: true }), runs: [] },
      { name: "ours base64, integrity on", short: "base64", run: ours({ encoding: "base64", partDigests: true }), runs: [] },
      {
        name: "ours binary, like for like with tus",
        short: "binary like for like",
        run: ours({ encoding: "binary", partDigests: false }),
        runs: [],
      },
      {
        name: "ours base64, like for like with tus",
        short: "like for like",
        run: ours({ encoding: "base64", partDigests: false }),
        runs: [],
      },
      { name: "tus (@tus/server, tus-js-client)", short: "tus", run: () => viaTus(source, work), runs: [] },
    ];
    const only = process.env.BENCH_ONLY?.split(",").map((name) => name.trim());
    const copy: Run[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      // Rotating the order keeps any warm-up or write-back effect from favouring one side.
      for (let i = 0; i < contenders.length; i += 1) {
        const contender = contenders[(round - 1 + i) % contenders.length]!;
        if (only && !only.includes(contender.short)) continue;
        contender.runs.push(await contender.run());
      }
      copy.push(await plainCopy(source, work));
      const line = (run: Run) => `${rate(run).toFixed(0)} MiB/s (rest ${(run.rest / run.seconds).toFixed(1)} cores)`;
      const results = [
        ...contenders.filter((c) => c.runs.length === round).map((c) => `${c.short} ${line(c.runs.at(-1)!)}`),
        `copy ${line(copy.at(-1)!)}`,
      ];
      console.log(`round ${round}: ${results.join(", ")}`);
    }

    const ran = contenders.filter((c) => c.runs.length > 0);
    const tus = contenders.at(-1)!.runs;
    const tusRate = median(tus.map(rate));
    const copyRate = median(copy.map(rate));
    const sha256PerGiB = sha256SecondsPerGiB();
    const transport = process.env.BENCH_CLIENT === "fetch" ? "fetch" : "node:http";
    console.log(
      `\n${sizeMiB} MiB on loopback, median of ${rounds} rounds (each round in brackets); every client runs in its own process; ` +
        `ours: the engine over ${transport}, a balancer and 2 upload servers; CPU-seconds per GiB per process`,
    );
    for (const contender of ran) console.log(describe(contender.name, contender.runs));
    console.log(describe("plain copy (same disk)", copy));
    console.log(
      "  integrity on: every part carries x-content-sha256 (hashed by the client, checked by the server as it writes), plus the file's sha256 at completion\n" +
        "  like for like: no per-part digest (nothing hashed per part, as with tus), plus the file's sha256 at completion",
    );
    // Each round runs ours and tus one after the other, so a round's ratio compares the two under
    // the same conditions; the ratio of the medians mixes rounds in which the machine differed.
    // The targets: binary with integrity on at least 1.1x tus and 0.8x the plain copy, base64 with integrity on 0.9x tus.
    const TARGETS: Record<string, { tus?: number; copy?: number }> = {
      binary: { tus: 1.1, copy: 0.8 },
      base64: { tus: 0.9 },
    };
    const verdict = (met: boolean) => (met ? "met" : "MISSED");
    const ratios = (contender: (typeof contenders)[number]) => {
      const oursRate = median(contender.runs.map(rate));
      const toCopy = oursRate / copyRate;
      const target = TARGETS[contender.short];
      let toTusText = "";
      const verdicts: string[] = [];
      if (tus.length > 0) {
        const perRound = contender.runs.map((run, i) => rate(run) / rate(tus[i]!));
        const toTus = median(perRound);
        toTusText = `ours/tus ${toTus.toFixed(2)} (per round ${perRound.map((r) => r.toFixed(2)).join(", ")}; of the medians ${(oursRate / tusRate).toFixed(2)})  `;
        if (target?.tus) verdicts.push(`ours/tus >= ${target.tus} ${verdict(toTus >= target.tus)}`);
      }
      if (target?.copy) verdicts.push(`ours/copy >= ${target.copy} ${verdict(toCopy >= target.copy)}`);
      return `${contender.name.padEnd(36)} ${toTusText}ours/copy ${toCopy.toFixed(2)}${verdicts.length ? `  targets: ${verdicts.join(", ")}` : ""}`;
    };
    const oursRan = ran.filter((c) => c.short !== "tus");
    const oursRuns = oursRan.flatMap((c) => c.runs);
    console.log("\nratios, the median of the rounds'");
    for (const contender of oursRan) console.log(ratios(contender));
    if (tus.length > 0) {
      // Integrity on hashes every byte three times, which tus does not do at all: what that alone costs on this machine.
      const tusCpu = perGiB(median(tus.map(totalCpu)));
      const floor = tusCpu + 3 * sha256PerGiB;
      const cores = availableParallelism();
      const most = (cores / floor) * 1024;
      console.log(
        `integrity on hashes every byte three times (the client's part digest, the server's check of it, the file's digest), ` +
          `${sha256PerGiB.toFixed(2)} CPU-s/GiB a pass here: an upload that did that and otherwise spent no more than tus's own ` +
          `${tusCpu.toFixed(1)} CPU-s/GiB would need ${floor.toFixed(1)} CPU-s/GiB, at most ${most.toFixed(0)} MiB/s with all ${cores} cores ` +
          `busy (${(most / tusRate).toFixed(2)}x tus's median)`,
      );
    }
    const peakOf = (runs: Run[]) => Math.max(...runs.map((run) => run.peakRss)).toFixed(0);
    console.log(
      `peak RSS of an upload server: ${oursRan
        .map((c) => `${c.short} ${peakOf(c.runs)} MiB`)
        .join(", ")} (target < 150 MiB: ${verdict(Number(peakOf(oursRuns)) < 150)}), ${Math.max(...idle).toFixed(0)} MiB of it ` +
        "before the first request; the servers run from dist/main.js under plain node",
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
