import { spawn } from 'node:child_process';
import { startChildServer } from '../test/support/child-server';
import { TEST_SECRET } from '../test/support/cluster';
const file = process.argv[2]!;
const script = process.argv[3] ?? 'dist/main.js';
const xargs = process.env.XARGS ? process.env.XARGS.split(' ') : [];
const servers = [];
for (let i = 0; i < 2; i++) servers.push(await startChildServer(script, ['--role', 'server', '--port', '0', '--store', '/tmp/memstore'], {}, ['--import', 'data:text/javascript,setInterval(()=>{const m=process.memoryUsage();console.error("MEM",JSON.stringify(Object.fromEntries(Object.entries(m).map(([k,v])=>[k,Math.round(v/1048576)]))))},100).unref()', ...xargs]));
const bal = await startChildServer(script, ['--role', 'balancer', '--port', '0', '--servers', servers.map((s) => s.url).join(',')]);
const child = spawn(process.execPath, ['--import', 'tsx', 'bench/ours-client.ts', bal.url, file], { env: { ...process.env, UPLOAD_SECRET: TEST_SECRET }, stdio: ['ignore', 'inherit', 'inherit'] });
await new Promise((r) => child.once('exit', r));
for (const s of servers) {
  const mems = s.output.join('').split('\n').filter((l) => l.startsWith('MEM')).map((l) => JSON.parse(l.slice(4)));
  const max: Record<string, number> = {};
  for (const m of mems) for (const [k, v] of Object.entries(m)) max[k] = Math.max(max[k] ?? 0, v as number);
  const atPeak = mems.reduce((a, b) => (b.rss > a.rss ? b : a), mems[0]);
  console.log('series', mems.map((m) => m.rss + '/' + m.heapTotal + '/' + m.arrayBuffers).join(' '));
  console.log('max', JSON.stringify(max), 'at peak rss', JSON.stringify(atPeak));
}
import { readFileSync, writeFileSync } from 'node:fs';
writeFileSync('/tmp/gcout.txt', servers.map((s) => s.output.join('\n')).join('\n=====\n'));
for (const s of servers) {
  const smaps = readFileSync(`/proc/${s.process.pid}/smaps`, 'utf8').split('\n');
  const rows: [number, string][] = []; let cur = '';
  for (const l of smaps) { if (/^[0-9a-f]+-/.test(l)) cur = l; else if (l.startsWith('Rss:')) rows.push([Number(l.split(/\s+/)[1]) / 1024, cur]); }
  rows.sort((a, b) => b[0] - a[0]);
  console.log('total', rows.reduce((a, r) => a + r[0], 0).toFixed(0));
  for (const r of rows.slice(0, 8)) console.log(r[0].toFixed(1), r[1]);
}
await bal.stop(); for (const s of servers) await s.stop();
