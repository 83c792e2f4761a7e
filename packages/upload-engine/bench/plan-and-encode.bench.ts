// Plans, reads, hashes and base64-encodes a large synthetic file through the uploader and a no-op fetch,
// beside a naive per-part Buffer base64 baseline, and checks the engine's peak RSS.
import { fork } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "tsup";
import { base64Length, partConcurrency } from "../src/index";
import { CHUNK_SIZE, expectedEncodedBytes, SCENARIOS, type Scenario, type ScenarioResult } from "./scenario";

const MiB = 1024 * 1024;
const RSS_LIMIT_MiB = 256;

const argument = (name: string): string | undefined => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
};
const sizeMiB = Number(argument("size-mib") ?? 1024);
const size = sizeMiB * MiB;

// The scenarios run as bundled JavaScript under plain node: the TypeScript loader alone
// adds about 50 MiB of RSS, which would be measured as if it were the engine's.
async function bundleScenario(outDir: string): Promise<string> {
  await build({
    entry: { scenario: join(dirname(fileURLToPath(import.meta.url)), "scenario.ts") },
    outDir,
    format: ["esm"],
    platform: "node",
    target: "node20",
    silent: true,
    dts: false,
    clean: false,
    external: [/^node:/],
    noExternal: ["@atelier/domain", "p-limit", "p-retry"],
  });
  return join(outDir, "scenario.js");
}

function runInChild(script: string, scenario: Scenario): Promise<ScenarioResult> {
  return new Promise((resolve, reject) => {
    const child = fork(script, [scenario, String(size)], { execArgv: [] });
    let result: ScenarioResult | undefined;
    child.once("message", (message) => {
      result = message as ScenarioResult;
    });
    child.once("error", reject);
    child.once("exit", (code) => (result && code === 0 ? resolve(result) : reject(new Error(`${scenario} exited with ${code}`))));
  });
}

const throughput = (result: ScenarioResult) => result.bytes / MiB / (result.ms / 1000);
const mib = (value: number) => `${value.toFixed(0)} MiB`;

async function main(): Promise<void> {
  const outDir = await mkdtemp(join(tmpdir(), "upload-engine-bench-"));
  try {
    const script = await bundleScenario(outDir);
    console.log(
      `plan + read + encode ${sizeMiB} MiB as ${Math.ceil(size / CHUNK_SIZE)} parts of ${CHUNK_SIZE / MiB} MiB through a no-op fetch; node ${process.version}, each scenario in its own process`,
    );
    const results: ScenarioResult[] = [];
    for (const scenario of SCENARIOS) results.push(await runInChild(script, scenario));

    console.log("");
    console.log(
      `${"scenario".padEnd(32)} ${"MiB/s".padStart(7)} ${"time".padStart(8)} ${"start RSS".padStart(10)} ${"peak RSS".padStart(9)}`,
    );
    for (const result of results) {
      console.log(
        `${result.scenario.padEnd(32)} ${throughput(result).toFixed(0).padStart(7)} ${`${(result.ms / 1000).toFixed(2)} s`.padStart(8)} ${mib(result.startRssMiB).padStart(10)} ${mib(result.peakRssMiB).padStart(9)}`,
      );
    }
    const byName = (name: Scenario) => results.find((result) => result.scenario === name)!;
    const naive = byName("naive-buffer-base64");
    console.log("");
    for (const name of ["engine", "engine+sha256", "engine, fetch holds body 1 turn", "node adapters, holds body 1 turn"] as const) {
      const result = byName(name);
      console.log(
        `${`${name} / naive:`.padEnd(42)} throughput ${(throughput(result) / throughput(naive)).toFixed(2)}x, peak RSS ${(result.peakRssMiB / naive.peakRssMiB).toFixed(2)}x`,
      );
    }

    const expected = expectedEncodedBytes(size);
    // The limit is on the engine itself, through a fetch that lets go of each body at
    // once. The held-body scenario is informational: with ten parts in flight, fetch's
    // own ten 13.3 MiB bodies are live by design (see its line above).
    const engines = results.filter((result) => result.scenario === "engine" || result.scenario === "engine+sha256");
    const held = byName("engine, fetch holds body 1 turn");
    const adapters = byName("node adapters, holds body 1 turn");
    const problems = [
      ...[...engines, held, adapters, naive]
        .filter((result) => result.encodedBytes !== expected)
        .map((result) => `${result.scenario} encoded ${result.encodedBytes} bytes, expected ${expected}`),
      ...engines
        .filter((result) => result.peakRssMiB >= RSS_LIMIT_MiB)
        .map((result) => `${result.scenario} peaked at ${mib(result.peakRssMiB)} RSS, limit ${RSS_LIMIT_MiB} MiB`),
    ];
    const inFlight = partConcurrency(1);
    console.log(
      `note: '${held.scenario}' keeps all ${inFlight} parallel bodies alive as real requests do (${mib((inFlight * base64Length(CHUNK_SIZE)) / MiB)} of base64); informational, not held to the limit`,
    );
    console.log(
      `note: '${adapters.scenario}' is a Node client's setup (nodeBase64, reuseBodies: a body goes back to a pool once its request settles); informational`,
    );
    console.log("");
    for (const problem of problems) console.error(`FAIL ${problem}`);
    if (problems.length > 0) process.exitCode = 1;
    else console.log(`OK: every base64 byte accounted for; the engine peaked under ${RSS_LIMIT_MiB} MiB RSS`);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

await main();
