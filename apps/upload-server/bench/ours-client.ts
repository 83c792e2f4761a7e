// Benchmark client in a process of its own: the upload engine over node:http uploads one file
// through the balancer and prints one JSON line with its time, CPU and the stored file's sha256.
// Usage: ours-client.ts <balancerUrl> <file> [fetch]; UPLOAD_SECRET signs the tickets.
import { createHash } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { issueUploadTicket } from '@atelier/storage';
import { createUploader, type FetchLike } from '@atelier/upload-engine';
import { openFileSource } from '@atelier/upload-engine/node';
import { measured } from './machine';

// Keep-alive matters: ten parts in flight would otherwise each pay a new connection.
const agent = new Agent({ keepAlive: true, maxSockets: 32 });

// The FetchLike contract over node:http, the cheapest client transport Node has: on two cores
// every CPU-second the client spends is taken from the servers it is measuring.
export const nodeHttpFetch: FetchLike = (url, init) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: init.method,
        agent,
        headers: { ...init.headers, ...(init.body ? { 'content-length': String(init.body.length) } : {}) },
        signal: init.signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          resolve({ ok: status >= 200 && status < 300, status, json: async () => JSON.parse(text), text: async () => text });
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });

async function main(): Promise<void> {
  const [balancerUrl, file, transport] = process.argv.slice(2);
  const secret = process.env.UPLOAD_SECRET;
  if (!balancerUrl || !file || !secret) throw new Error('usage: ours-client.ts <balancerUrl> <file> [fetch], with UPLOAD_SECRET set');
  const source = await openFileSource(file, { type: 'application/octet-stream' });
  try {
    const uploader = createUploader({
      balancerUrl,
      fetch: transport === 'fetch' ? (globalThis.fetch as unknown as FetchLike) : nodeHttpFetch,
      sha256: (bytes) => createHash('sha256').update(bytes).digest(),
      headers: () => ({ Authorization: `Bearer ${issueUploadTicket({ userId: 'bench' }, secret, Date.now()).ticket}` }),
    });
    const { result, ...timing } = await measured(() => uploader.upload([{ source, urlPath: 'BENCH/bench.bin' }]));
    const outcome = result[0];
    if (!outcome?.ok) throw new Error(`upload failed: ${outcome ? String(outcome.error) : 'no outcome'}`);
    console.log(JSON.stringify({ ...timing, sha256: outcome.sha256 }));
  } finally {
    await source.close();
    agent.destroy();
  }
}

await main();
