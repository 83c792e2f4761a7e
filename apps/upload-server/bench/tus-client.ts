// Benchmark peer client in a process of its own, like ours: tus-js-client uploads one file and
// prints one JSON line with its time and CPU. Usage: tus-client.ts <tusServerUrl> <file>
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import * as tus from "tus-js-client";
import { measured } from "./machine";

function upload(serverUrl: string, file: string, size: number): Promise<void> {
  return new Promise((resolve, reject) => {
    new tus.Upload(createReadStream(file), {
      endpoint: `${serverUrl}/files`,
      uploadSize: size,
      metadata: { filename: "bench.bin" },
      retryDelays: [],
      onError: reject,
      onSuccess: () => resolve(),
    }).start();
  });
}

async function main(): Promise<void> {
  const [serverUrl, file] = process.argv.slice(2);
  if (!serverUrl || !file) throw new Error("usage: tus-client.ts <tusServerUrl> <file>");
  const { size } = await stat(file);
  const { result: _, ...timing } = await measured(() => upload(serverUrl, file, size));
  console.log(JSON.stringify(timing));
}

await main();
