// Starts a real S3-protocol server (s3rver) on loopback for tests, with a fresh bucket and directory.
/// <reference path="./s3rver.d.ts" />
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import type { ObjectStore } from "../object-store";
import { createS3Store } from "../s3-store";

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  createStore(options?: { partSize?: number }): ObjectStore;
  close(): Promise<void>;
}

export const TEST_S3_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export async function startS3Server(bucket = "atelier-test"): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    createStore: (options = {}) =>
      createS3Store({
        bucket,
        endpoint,
        forcePathStyle: true,
        region: "us-east-1",
        credentials: TEST_S3_CREDENTIALS,
        ...options,
      }),
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
