import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFsStore, type ObjectStore } from "@atelier/storage";
import { startS3Server, type TestS3Server } from "@atelier/storage/testing";
import { type FetchLike, fromBytes } from "@atelier/upload-engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, download, patternBytes, sha256Hex, startCluster } from "./support/cluster";

const MiB = 1024 * 1024;
const SIZES = [0, 1, 10_485_760, 25 * MiB + 1];

function describeRoundTrips(name: string, makeStore: () => Promise<{ store: ObjectStore; close(): Promise<void> }>) {
  describe(`round trips through the balancer (${name})`, () => {
    let cluster: Cluster;
    let closeStore: () => Promise<void>;

    beforeAll(async () => {
      const made = await makeStore();
      closeStore = made.close;
      cluster = await startCluster({ store: made.store });
    });
    afterAll(async () => {
      await cluster.close();
      await closeStore();
    });

    it.each(SIZES)("uploads %i bytes byte-exact", async (size) => {
      const data = patternBytes(size, size + 7);
      const [outcome] = await cluster.uploader().upload([
        {
          source: fromBytes(data, { name: `f-${size}.bin`, type: "application/octet-stream" }),
          urlPath: `ACME/rt/${name}/f-${size}.bin`,
        },
      ]);
      expect(outcome?.ok).toBe(true);
      if (!outcome?.ok) return;
      expect(outcome.sha256).toBe(sha256Hex(data));
      const got = await download(outcome.url, cluster.ticket());
      expect(got.status).toBe(200);
      expect(sha256Hex(got.body)).toBe(sha256Hex(data));
    });

    it("uploads byte-exact without per-part digests, and still answers the file’s sha256", async () => {
      const data = patternBytes(25 * MiB + 1, 41);
      const sent: string[] = [];
      const watching: FetchLike = (url, init) => {
        if (url.endsWith("/api/chunked")) sent.push(...Object.keys(init.headers).map((key) => key.toLowerCase()));
        return (globalThis.fetch as unknown as FetchLike)(url, init);
      };
      const [outcome] = await cluster
        .uploader({ fetch: watching, partDigests: false })
        .upload([{ source: fromBytes(data, { name: "no-digest.bin" }), urlPath: `ACME/rt/${name}/no-digest.bin` }]);
      expect(sent).toContain("part");
      expect(sent).not.toContain("x-content-sha256");
      expect(outcome?.ok && outcome.sha256).toBe(sha256Hex(data));
      const got = await download((outcome as { url: string }).url, cluster.ticket());
      expect(sha256Hex(got.body)).toBe(sha256Hex(data));
    });

    it("spreads the parts of one file over different servers", async () => {
      for (const log of cluster.written) log.length = 0;
      const data = patternBytes(25 * MiB + 1, 99);
      const [outcome] = await cluster
        .uploader()
        .upload([{ source: fromBytes(data, { name: "spread.bin" }), urlPath: `ACME/rt/${name}/spread.bin` }]);
      expect(outcome?.ok).toBe(true);
      const tookParts = cluster.written.filter((log) => log.some((key) => /\/parts\/\d+$/.test(key)));
      expect(tookParts.length).toBe(2);
    });

    it("counts on /health the parts each server took", async () => {
      const received = async () => {
        let sum = 0;
        for (const url of cluster.serverUrls)
          sum += ((await (await fetch(`${url}/health`)).json()) as { partsReceived: number }).partsReceived;
        return sum;
      };
      const before = await received();
      const data = patternBytes(21 * MiB, 8);
      const [outcome] = await cluster
        .uploader()
        .upload([{ source: fromBytes(data, { name: "counted.bin" }), urlPath: `ACME/rt/${name}/counted.bin` }]);
      expect(outcome?.ok).toBe(true);
      expect((await received()) - before).toBe(3);
    });

    it("accepts a retried part whose first answer was lost", async () => {
      let dropped = 0;
      const lossy: FetchLike = async (url, init) => {
        const answer = await (globalThis.fetch as unknown as FetchLike)(url, init);
        if (url.endsWith("/api/chunked") && init.headers.part === "2" && dropped === 0) {
          dropped += 1;
          await answer.text();
          throw new TypeError("fetch failed: connection reset after the server stored the part");
        }
        return answer;
      };
      const data = patternBytes(21 * MiB, 5);
      const [outcome] = await cluster
        .uploader({ fetch: lossy })
        .upload([{ source: fromBytes(data, { name: "retry.bin" }), urlPath: `ACME/rt/${name}/retry.bin` }]);
      expect(dropped).toBe(1);
      expect(outcome?.ok && outcome.sha256).toBe(sha256Hex(data));
      const got = await download((outcome as { url: string }).url, cluster.ticket());
      expect(sha256Hex(got.body)).toBe(sha256Hex(data));
    });

    it.each([
      ["a single upload", 1000],
      ["a chunked upload", 21 * MiB],
    ])("never stores %s over another file: a taken name gives the next free one", async (_, size) => {
      const urlPath = `ACME/rt/${name}/taken-${size}.pdf`;
      const upload = async (userId: string, seed: number) => {
        const data = patternBytes(size, seed);
        const [outcome] = await cluster.uploader({ userId }).upload([{ source: fromBytes(data, { name: "taken.pdf" }), urlPath }]);
        if (!outcome?.ok) throw new Error(`upload failed: ${JSON.stringify(outcome)}`);
        expect(outcome.sha256).toBe(sha256Hex(data));
        return { url: outcome.url, data };
      };
      const alices = await upload("alice", 1);
      const bobs = await upload("bob", 2);
      const alicesAgain = await upload("alice", 3);
      expect(new URL(alices.url).pathname).toBe(`/files/${urlPath}`);
      expect(new URL(bobs.url).pathname).toBe(`/files/ACME/rt/${name}/taken-${size}-2.pdf`);
      expect(new URL(alicesAgain.url).pathname).toBe(`/files/ACME/rt/${name}/taken-${size}-3.pdf`);
      for (const file of [alices, bobs, alicesAgain]) {
        const got = await download(file.url, cluster.ticket());
        expect(sha256Hex(got.body)).toBe(sha256Hex(file.data));
      }
    });
  });
}

describeRoundTrips("filesystem", async () => {
  const root = await mkdtemp(join(tmpdir(), "upload-rt-"));
  return { store: createFsStore({ root }), close: () => rm(root, { recursive: true, force: true }) };
});

let s3: TestS3Server | undefined;
describeRoundTrips("s3", async () => {
  s3 = await startS3Server();
  const server = s3;
  return { store: server.createStore(), close: () => server.close() };
});
