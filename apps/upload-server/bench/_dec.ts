import { decodeBase64 } from '@atelier/upload-engine';
const raw = Buffer.alloc(48 * 1024 * 1024); for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
const text = Buffer.from(raw.toString('base64'), 'latin1');
const CH = 65536;
const chunks: Buffer[] = []; for (let i = 0; i < text.length; i += CH) chunks.push(text.subarray(i, i + CH));
const mib = raw.length / 1048576;
function run(name: string, f: (c: Buffer) => unknown) {
  const t = performance.now(); for (const c of chunks) f(c); console.log(name.padEnd(30), (mib / ((performance.now() - t) / 1000)).toFixed(0), 'MiB/s decoded');
}
const out = Buffer.allocUnsafe(CH);
for (let r = 0; r < 3; r++) {
  run('from(latin1 string)', (c) => Buffer.from(c.toString('latin1'), 'base64'));
  run('latin1Slice + write', (c) => out.write(c.latin1Slice(0, c.length), 0, 'base64'));
  run('asciiSlice + from', (c) => Buffer.from((c as any).asciiSlice(0, c.length), 'base64'));
  run('engine decodeBase64', (c) => decodeBase64(c));
  run('4x indexOf', (c) => [0x0a, 0x0d, 0x20, 0x09].every((b) => c.indexOf(b) === -1));
  run('concat copy', (c) => Buffer.concat([c.subarray(0, 2), c]));
}
