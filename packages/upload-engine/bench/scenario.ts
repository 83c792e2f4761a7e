// One benchmark scenario, run in its own plain-node process so its peak RSS is its own.
import { CHUNK_SIZE, createUploader, type FetchLike, type FetchResponse, planParts } from "../src/index";
import { nodeBase64, nodeSha256 } from "../src/node";
// Not the ./testing barrel: that loads msw, which would inflate the RSS being measured.
import { syntheticSource } from "../src/testing/synthetic-source";

export const SCENARIOS = [
  "source-only",
  "naive-buffer-base64",
  "engine",
  "engine+sha256",
  "engine, fetch holds body 1 turn",
  "node adapters, holds body 1 turn",
] as const;
export type Scenario = (typeof SCENARIOS)[number];

export interface ScenarioResult {
  readonly scenario: Scenario;
  readonly bytes: number;
  readonly encodedBytes: number;
  readonly ms: number;
  readonly startRssMiB: number;
  readonly peakRssMiB: number;
}

const MiB = 1024 * 1024;

// What fetch itself does with a body before it reaches the socket: undici turns a string
// into UTF-8 bytes (one more full copy) and takes bytes as they are.
const encoder = new TextEncoder();
function consumeBody(body: string | Uint8Array | undefined): number {
  if (body === undefined) return 0;
  return typeof body === "string" ? encoder.encode(body).length : body.length;
}

function answer(value: unknown): FetchResponse {
  return { ok: true, status: 200, json: async () => value, text: async () => "" };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function runScenario(scenario: Scenario, size: number): Promise<ScenarioResult> {
  const source = syntheticSource(size, { name: "bench.bin" });
  const startRssMiB = process.memoryUsage.rss() / MiB;
  let encodedBytes = 0;
  const started = performance.now();
  if (scenario === "source-only") {
    for (const part of planParts(size)) encodedBytes += (await source.slice(part.start, part.end)).length;
  } else if (scenario === "naive-buffer-base64") {
    for (const part of planParts(size)) {
      const bytes = await source.slice(part.start, part.end);
      encodedBytes += consumeBody(Buffer.from(bytes).toString("base64"));
    }
  } else {
    // A real request keeps its body (fetch's copy) until the answer comes; the held scenarios
    // show that cost with all ten parallel parts in flight at once. The last one is a Node
    // client's setup: the native encoder, and bodies reused once their request has settled.
    const nodeAdapters = scenario === "node adapters, holds body 1 turn";
    const holdBody = nodeAdapters || scenario === "engine, fetch holds body 1 turn";
    const noopFetch: FetchLike = async (_url, init) => {
      if (init.method === "GET") return answer({ url: "http://noop.invalid" });
      encodedBytes += consumeBody(init.body instanceof Uint8Array ? init.body : undefined);
      if (holdBody) await nextTurn();
      return answer({ id: "group-1", url: "http://noop.invalid/file", part: Number(init.headers.part) });
    };
    const uploader = createUploader({
      balancerUrl: "http://noop.invalid",
      fetch: noopFetch,
      ...(scenario === "engine+sha256" ? { sha256: nodeSha256 } : {}),
      ...(nodeAdapters ? { base64: nodeBase64, reuseBodies: true } : {}),
    });
    const [outcome] = await uploader.upload([{ source, urlPath: "bench/bench.bin" }]);
    if (!outcome?.ok) throw new Error(`The upload failed: ${outcome?.error.message}`);
  }
  const ms = performance.now() - started;
  return { scenario, bytes: size, encodedBytes, ms, startRssMiB, peakRssMiB: process.resourceUsage().maxRSS / 1024 };
}

export function expectedEncodedBytes(size: number): number {
  return planParts(size).reduce((sum, part) => sum + Math.ceil((part.end - part.start) / 3) * 4, 0);
}

export { CHUNK_SIZE };

// Entry when run as a child: `node scenario.js <scenario> <bytes>`.
if (process.send && process.argv[2] !== undefined) {
  const result = await runScenario(process.argv[2] as Scenario, Number(process.argv[3]));
  process.send(result, () => process.exit(0));
}
