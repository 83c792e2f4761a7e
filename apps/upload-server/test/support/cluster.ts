// Starts a balancer and upload servers in this process on loopback port 0, for integration tests.
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { Server as TlsServer } from "node:tls";
import { issueUploadTicket, type ObjectStore } from "@atelier/storage";
import { createUploader, type FetchLike, type Uploader } from "@atelier/upload-engine";
import { type BalancerConfig, createBalancer } from "../../src/balancer";
import type { BaseHttpServer as Server } from "../../src/http";
import { createUploadServer, type UploadServerConfig } from "../../src/upload-server";

export const TEST_SECRET = "integration-test-secret-0123456789";

export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const scheme = server instanceof TlsServer ? "https" : "http";
  return `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

// Records every key a server wrote, so a test can tell which server took which part.
function recordingStore(store: ObjectStore, written: string[]): ObjectStore {
  return {
    ...store,
    put: async (key, body, options) => {
      const info = await store.put(key, body, options);
      written.push(key);
      return info;
    },
  };
}

export interface Cluster {
  balancerUrl: string;
  serverUrls: string[];
  // The upload servers themselves, so a test can stop one or watch its requests.
  uploadServers: Server[];
  written: string[][];
  ticket(userId?: string): string;
  // binaryParts false is a client from before binary parts: base64 whatever the servers offer.
  uploader(options?: { userId?: string; fetch?: FetchLike; partDigests?: boolean; binaryParts?: boolean }): Uploader;
  close(): Promise<void>;
}

export async function startCluster(options: {
  store: ObjectStore;
  servers?: number;
  server?: Partial<UploadServerConfig>;
  balancer?: Partial<BalancerConfig>;
  // Sees each upload server before the balancer starts checking it.
  onServer?: (server: Server, index: number) => void;
}): Promise<Cluster> {
  const written: string[][] = [];
  const uploadServers: Server[] = [];
  const serverUrls: string[] = [];
  for (let index = 0; index < (options.servers ?? 2); index += 1) {
    const log: string[] = [];
    written.push(log);
    const server = createUploadServer({
      secret: TEST_SECRET,
      cleanupIntervalMs: 0,
      ...options.server,
      store: recordingStore(options.store, log),
    });
    options.onServer?.(server, index);
    uploadServers.push(server);
    serverUrls.push(await listen(server));
  }
  const balancer = createBalancer({ servers: serverUrls, healthIntervalMs: 200, ...options.balancer });
  const balancerUrl = await listen(balancer);
  const ticket = (userId = "user-1") => issueUploadTicket({ userId }, TEST_SECRET, Date.now()).ticket;
  return {
    balancerUrl,
    serverUrls,
    uploadServers,
    written,
    ticket,
    uploader: (uploaderOptions = {}) =>
      createUploader({
        balancerUrl,
        fetch: uploaderOptions.fetch ?? (globalThis.fetch as unknown as FetchLike),
        // Without a digest function the client sends no x-content-sha256 on its parts.
        sha256: uploaderOptions.partDigests === false ? undefined : (bytes) => createHash("sha256").update(bytes).digest(),
        headers: () => ({ Authorization: `Bearer ${ticket(uploaderOptions.userId)}` }),
        binaryParts: uploaderOptions.binaryParts,
      }),
    close: async () => {
      await close(balancer);
      for (const server of uploadServers) if (server.listening) await close(server);
    },
  };
}

export function sha256Hex(data: Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

// Deterministic pseudo-random bytes: a failure can be replayed, and it is faster than crypto.
export function patternBytes(size: number, seed = 1): Buffer {
  const data = Buffer.allocUnsafe(size);
  let x = seed >>> 0 || 1;
  let offset = 0;
  for (; offset + 4 <= size; offset += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    data.writeUInt32LE(x >>> 0, offset);
  }
  for (; offset < size; offset += 1) data[offset] = offset & 0xff;
  return data;
}

export async function download(url: string, ticket: string): Promise<{ status: number; body: Buffer; headers: Headers }> {
  const answer = await fetch(url, { headers: { Authorization: `Bearer ${ticket}` } });
  return { status: answer.status, body: Buffer.from(await answer.arrayBuffer()), headers: answer.headers };
}
