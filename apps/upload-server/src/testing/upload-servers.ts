// The real upload balancer and two upload servers on loopback, sharing one store in a temporary
// directory, for tests of what hands out tickets, links and deletions for them (the API's routers).
// Here, not in packages/api: a package never imports an app, but its tests may start this one through
// @atelier/upload-server/testing, a devDependency, as the real thing.
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFsStore, type ObjectStore } from "@atelier/storage";
import { createBalancer } from "../balancer";
import type { HttpServer as Server } from "../http";
import { createUploadServer } from "../upload-server";

export interface UploadServers {
  balancerUrl: string;
  serverUrls: string[];
  /** The store of the web app's image buckets, in the same temporary directory. */
  imageStore: ObjectStore;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

export async function startUploadServers(secret: string): Promise<UploadServers> {
  const root = mkdtempSync(join(tmpdir(), "atelier-api-uploads-"));
  const store = createFsStore({ root: join(root, "uploads") });
  const servers: Server[] = [];
  try {
    const serverUrls: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const server = createUploadServer({ secret, store, cleanupIntervalMs: 0 });
      servers.push(server);
      serverUrls.push(await listen(server));
    }
    const balancer = createBalancer({ servers: serverUrls, healthIntervalMs: 200 });
    servers.push(balancer);
    const balancerUrl = await listen(balancer);
    return {
      balancerUrl,
      serverUrls,
      imageStore: createFsStore({ root: join(root, "images") }),
      close: async () => {
        await Promise.all(servers.map(stop));
        rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all(servers.filter((s) => s.listening).map(stop));
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}
