// Benchmark peer client in a process of its own, like ours: tus-js-client uploads one file and
// prints one JSON line with its time and CPU. Usage: tus-client.ts <tusServerUrl> <file>
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import * as tus from 'tus-js-client';

async function main(): Promise<void> {
  const [serverUrl, file] = process.argv.slice(2);
  if (!serverUrl || !file) throw new Error('usage: tus-client.ts <tusServerUrl> <file>');
  const { size } = await stat(file);
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  await new Promise<void>((resolve, reject) => {
    const upload = new tus.Upload(createReadStream(file), {
      endpoint: `${serverUrl}/files`,
      uploadSize: size,
      metadata: { filename: 'bench.bin' },
      retryDelays: [],
      onError: reject,
      onSuccess: () => resolve(),
    });
    upload.start();
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  console.log(JSON.stringify({ seconds, cpuSeconds: (used.user + used.system) / 1e6 }));
}

await main();
