// Uploads one large file on loopback three ways (ours, tus, a plain copy) and prints MiB/s, ratios and peak RSS.
// BENCH_MIB sets the size (default 1024); BENCH_CPU=1 and BENCH_TRACE=1 print where the time went.
import { createHash } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { issueUploadTicket } from '@atelier/storage';
import { createUploader, type FetchLike, type UploadSource } from '@atelier/upload-engine';
import * as tus from 'tus-js-client';
import { createBalancer } from '../src/balancer';
import { startChildServer, type ChildServer } from '../test/support/child-server';
import { TEST_SECRET } from '../test/support/cluster';

const MiB = 1024 * 1024;
const sizeMiB = Number(process.env.BENCH_MIB ?? 1024);
const size = sizeMiB * MiB;

async function cpuSeconds(pid: number | undefined): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function rssMiB(pid: number | undefined, field: 'VmHWM' | 'VmRSS'): Promise<number> {
  if (pid === undefined) return Number.NaN;
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
  return match?.[1] ? Number(match[1]) / 1024 : Number.NaN;
}

const peakRssMiB = (pid: number | undefined) => rssMiB(pid, 'VmHWM');

async function writeTestFile(path: string): Promise<string> {
  const hash = createHash('sha256');
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
    if (!out.write(piece)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return hash.digest('hex');
}

async function timed<T>(run: () => Promise<T>): Promise<{ seconds: number; result: T }> {
  const started = process.hrtime.bigint();
  const result = await run();
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, result };
}

async function plainCopy(source: string, work: string): Promise<number> {
  const target = join(work, 'copy.bin');
  const { seconds } = await timed(() => pipeline(createReadStream(source), createWriteStream(target)));
  await rm(target);
  return seconds;
}

async function viaTus(source: string, work: string): Promise<{ seconds: number; rss: number }> {
  const server = await startChildServer('bench/tus-server.ts', [join(work, 'tus')]);
  try {
    const { seconds } = await timed(
      () =>
        new Promise<void>((resolve, reject) => {
          const upload = new tus.Upload(createReadStream(source), {
            endpoint: `${server.url}/files`,
            uploadSize: size,
            metadata: { filename: 'bench.bin' },
            retryDelays: [],
            onError: reject,
            onSuccess: () => resolve(),
          });
          upload.start();
        }),
    );
    return { seconds, rss: await peakRssMiB(server.process.pid) };
  } finally {
    await server.stop();
    await rm(join(work, 'tus'), { recursive: true, force: true });
  }
}

function fileSource(handle: Awaited<ReturnType<typeof open>>, name: string): UploadSource {
  return {
    name,
    size,
    type: 'application/octet-stream',
    async slice(start, end) {
      const buffer = Buffer.allocUnsafe(end - start);
      let filled = 0;
      while (filled < buffer.length) {
        const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, start + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return buffer.subarray(0, filled);
    },
  };
}

// The same FetchLike contract over node:http, to show how much of our time is the fetch
// implementation rather than the protocol.
const keepAlive = new Agent({ keepAlive: true, maxSockets: 64 });
const nodeHttpFetch: FetchLike = (url, init) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: init.method,
        agent: keepAlive,
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

async function viaOurs(
  source: string,
  work: string,
  expected: string,
  transport: FetchLike,
): Promise<{ seconds: number; rss: number; idleRss: number }> {
  const store = join(work, 'ours');
  const servers: ChildServer[] = [];
  for (let i = 0; i < 2; i += 1) {
    servers.push(
      await startChildServer(
        'src/main.ts',
        ['--role', 'server', '--port', '0', '--store', store],
        {},
        process.env.BENCH_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF_DIR}`] : [],
      ),
    );
  }
  const balancer = createBalancer({ servers: servers.map((s) => s.url) });
  await new Promise<void>((resolve) => balancer.listen(0, '127.0.0.1', resolve));
  const balancerUrl = `http://127.0.0.1:${(balancer.address() as AddressInfo).port}`;
  const t0 = performance.now();
  const trace: string[] = [];
  let inflight = 0;
  const traced: FetchLike = async (url, init) => {
    const start = performance.now();
    inflight += 1;
    const started = inflight;
    try {
      return await transport(url, init);
    } finally {
      inflight -= 1;
      if (process.env.BENCH_TRACE && init.method === 'POST') {
        trace.push(`${(start - t0).toFixed(0)}ms +${(performance.now() - start).toFixed(0)}ms part ${init.headers.part} inflight ${started}`);
      }
    }
  };
  const idleRss = Math.max(...(await Promise.all(servers.map((s) => rssMiB(s.process.pid, 'VmRSS')))));
  const handle = await open(source, 'r');
  const cpuBefore = await Promise.all(servers.map((s) => cpuSeconds(s.process.pid)));
  const clientBefore = process.cpuUsage();
  try {
    const uploader = createUploader({
      balancerUrl,
      fetch: traced,
      sha256: (bytes) => createHash('sha256').update(bytes).digest(),
      headers: () => ({ Authorization: `Bearer ${issueUploadTicket({ userId: 'bench' }, TEST_SECRET, Date.now()).ticket}` }),
    });
    const elu = performance.eventLoopUtilization();
    const { seconds, result } = await timed(() =>
      uploader.upload([{ source: fileSource(handle, 'bench.bin'), urlPath: 'BENCH/bench.bin' }]),
    );
    if (process.env.BENCH_TRACE) console.log(trace.join('\n'));
    if (process.env.BENCH_CPU) {
      console.log(`client event loop busy ${(performance.eventLoopUtilization(elu).utilization * 100).toFixed(0)}%`);
    }
    const outcome = result[0];
    if (!outcome?.ok) throw new Error(`our upload failed: ${outcome ? String(outcome.error) : 'no outcome'}`);
    if (outcome.sha256 !== expected) throw new Error('our upload stored different bytes');
    const rss = Math.max(...(await Promise.all(servers.map((s) => peakRssMiB(s.process.pid)))));
    if (process.env.BENCH_CPU) {
      const cpu = process.cpuUsage(clientBefore);
      const after = await Promise.all(servers.map((s) => cpuSeconds(s.process.pid)));
      const spent = after.map((value, i) => (value - (cpuBefore[i] ?? 0)).toFixed(1));
      console.log(`cpu during the upload: client+balancer ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, servers ${spent.join(' + ')} s, wall ${seconds.toFixed(1)} s`);
    }
    return { seconds, rss, idleRss };
  } finally {
    await handle.close();
    balancer.closeAllConnections();
    await new Promise<void>((resolve) => balancer.close(() => resolve()));
    for (const server of servers) await server.stop();
    await rm(store, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'upload-bench-'));
  try {
    const source = join(work, 'source.bin');
    console.log(`writing a ${sizeMiB} MiB test file in ${work} ...`);
    const expected = await writeTestFile(source);
    if ((await stat(source)).size !== size) throw new Error('test file has the wrong size');

    const copySeconds = await plainCopy(source, work);
    const tusRun = await viaTus(source, work);
    const oursRun = await viaOurs(source, work, expected, globalThis.fetch as unknown as FetchLike);
    const oursHttpRun = await viaOurs(source, work, expected, nodeHttpFetch);

    const rate = (seconds: number) => sizeMiB / seconds;
    const rows = [
      ['ours (balancer + 2 servers, upload-engine, base64, sha256)', rate(oursRun.seconds), oursRun.rss],
      ['ours, same client over node:http instead of fetch', rate(oursHttpRun.seconds), oursHttpRun.rss],
      ['tus (@tus/server + file-store, tus-js-client)', rate(tusRun.seconds), tusRun.rss],
      ['plain copy (same disk)', rate(copySeconds), Number.NaN],
    ] as const;
    console.log(`\n${sizeMiB} MiB on loopback`);
    for (const [name, mibs, rss] of rows) {
      console.log(`${name.padEnd(62)} ${mibs.toFixed(1).padStart(8)} MiB/s${Number.isNaN(rss) ? '' : `   peak RSS ${rss.toFixed(0)} MiB`}`);
    }
    console.log(`ours/tus  ${(rate(oursRun.seconds) / rate(tusRun.seconds)).toFixed(2)} (node:http transport ${(rate(oursHttpRun.seconds) / rate(tusRun.seconds)).toFixed(2)})`);
    console.log(`ours/copy ${(rate(oursRun.seconds) / rate(copySeconds)).toFixed(2)}`);
    const peak = Math.max(oursRun.rss, oursHttpRun.rss);
    console.log(
      `peak RSS of an upload server ${peak.toFixed(0)} MiB (target < 150 MiB); idle after start ${oursRun.idleRss.toFixed(0)} MiB, ` +
        `so ${(peak - oursRun.idleRss).toFixed(0)} MiB is the upload itself (the servers run under tsx, like npm start)`,
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
