// Benchmark client in a process of its own: the upload engine over node:http uploads one file
// through the balancer and prints one JSON line with its time, CPU and the stored file's sha256.
// Usage: ours-client.ts <balancerUrl> <file> [fetch|node-http] [no-part-digests] [binary|base64];
// UPLOAD_SECRET signs the tickets. With no-part-digests the engine gets no sha256 function, so its
// parts carry no x-content-sha256 and neither side hashes a part, as with tus; the server still
// hashes the whole file once at completion for the sha256 it answers. binary (the default) sends
// raw parts to servers that offer them; base64 always sends the base wire (docs/upload-protocol.md). The printed line
// names the encodings the parts went in.
import { createHash } from "node:crypto";
import { Agent, request as httpRequest } from "node:http";
import { issueUploadTicket } from "@atelier/storage";
import { bytesOf, createUploader, type FetchLike, WIRE_HEADERS } from "@atelier/upload-engine";
import { nodeBase64, openFileSource } from "@atelier/upload-engine/node";
import { measured } from "./machine";

// Keep-alive matters: ten parts in flight would otherwise each pay a new connection.
const agent = new Agent({ keepAlive: true, maxSockets: 32 });

// The FetchLike contract over node:http, the cheapest client transport Node has: on two cores
// every CPU-second the client spends is taken from the servers it is measuring.
const nodeHttpFetch: FetchLike = (url, init) =>
  new Promise((resolve, reject) => {
    const body = bytesOf(init.body);
    const target = new URL(url);
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: init.method,
        agent,
        headers: { ...init.headers, ...(body ? { "content-length": String(body.length) } : {}) },
        signal: init.signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const status = res.statusCode ?? 0;
          resolve({ ok: status >= 200 && status < 300, status, json: async () => JSON.parse(text), text: async () => text });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });

async function main(): Promise<void> {
  const [balancerUrl, file, transport, digests, encoding = "binary"] = process.argv.slice(2);
  const secret = process.env.UPLOAD_SECRET;
  if (!balancerUrl || !file || !secret)
    throw new Error(
      "usage: ours-client.ts <balancerUrl> <file> [fetch|node-http] [no-part-digests] [binary|base64], with UPLOAD_SECRET set",
    );
  const source = await openFileSource(file, { type: "application/octet-stream" });
  try {
    const transportFetch = transport === "fetch" ? (globalThis.fetch as unknown as FetchLike) : nodeHttpFetch;
    const encodings = new Set<string>();
    const uploader = createUploader({
      balancerUrl,
      fetch: (url, init) => {
        if (init.body) encodings.add(init.headers[WIRE_HEADERS.bodyEncoding] ?? "base64");
        return transportFetch(url, init);
      },
      binaryParts: encoding === "binary",
      sha256: digests === "no-part-digests" ? undefined : (bytes) => createHash("sha256").update(bytes).digest(),
      // What a Node client of the engine uses: Node's own encoder instead of the portable one,
      // and part bodies reused, since node:http sends them without a copy.
      base64: nodeBase64,
      reuseBodies: true,
      headers: () => ({ Authorization: `Bearer ${issueUploadTicket({ userId: "bench" }, secret, Date.now()).ticket}` }),
    });
    const { result, ...timing } = await measured(() => uploader.upload([{ source, urlPath: "BENCH/bench.bin" }]));
    const outcome = result[0];
    if (!outcome?.ok) throw new Error(`upload failed: ${outcome ? String(outcome.error) : "no outcome"}`);
    console.log(JSON.stringify({ ...timing, sha256: outcome.sha256, encodings: [...encodings] }));
  } finally {
    await source.close();
    agent.destroy();
  }
}

await main();
