import { describe, expect, it, vi } from "vitest";
import { bodyBytesReceived, COLLECT_EVERY_BYTES } from "./young-garbage";

describe("collecting the young generation as body bytes pass", () => {
  it("collects once per COLLECT_EVERY_BYTES received, whatever the size of the reads, and only the young generation", () => {
    const collect = vi.fn();
    // Flush what earlier calls in this process counted.
    bodyBytesReceived(COLLECT_EVERY_BYTES, () => undefined);
    const read = 64 * 1024;
    const reads = (3 * COLLECT_EVERY_BYTES) / read;
    for (let i = 0; i < reads; i++) bodyBytesReceived(read, collect);
    expect(collect).toHaveBeenCalledTimes(3);
    expect(collect).toHaveBeenCalledWith({ type: "minor" });
    bodyBytesReceived(COLLECT_EVERY_BYTES - 1, collect);
    expect(collect).toHaveBeenCalledTimes(3);
  });

  it("does nothing when node was started without --expose-gc", () => {
    expect(() => bodyBytesReceived(2 * COLLECT_EVERY_BYTES, undefined)).not.toThrow();
  });
});
