import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFsStore } from "@atelier/storage";
import { describe, expect, it } from "vitest";
import { partKey, readManifest, sweepExpiredGroups, writeManifest } from "./groups";

const DAY = 24 * 60 * 60 * 1000;

describe("sweepExpiredGroups", () => {
  it("removes groups older than the time to live and keeps younger ones", async () => {
    const root = await mkdtemp(join(tmpdir(), "groups-"));
    try {
      const store = createFsStore({ root });
      const base = { userId: "u", urlPath: "a/b", parts: 2, contentType: "x/y" };
      await writeManifest(store, { ...base, id: "old", createdAt: 0 });
      await store.put(partKey("old", 1), "part");
      await writeManifest(store, { ...base, id: "young", createdAt: DAY });
      expect(await sweepExpiredGroups(store, DAY + 1, DAY)).toBe(1);
      expect(await readManifest(store, "old")).toBeNull();
      expect(await store.stat(partKey("old", 1))).toBeNull();
      expect(await readManifest(store, "young")).not.toBeNull();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
