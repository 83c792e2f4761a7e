// Blob and in-memory upload sources.
import { describe, expect, it } from "vitest";
import { fromBlob, fromBytes } from "./upload-source";

const bytes = Uint8Array.from({ length: 1000 }, (_, index) => (index * 7) % 256);

describe("upload sources", () => {
  it("slices a Blob and a File", async () => {
    const blob = new Blob([bytes], { type: "image/png" });
    const source = fromBlob(blob, "logo.png");
    expect([source.name, source.size, source.type]).toEqual(["logo.png", 1000, "image/png"]);
    expect(await source.slice(10, 20)).toEqual(bytes.slice(10, 20));
    expect(fromBlob(new File([bytes], "named.png")).name).toBe("named.png");
  });

  it("slices bytes in memory", async () => {
    const source = fromBytes(bytes, { name: "a.bin" });
    expect(source.type).toBe("");
    expect(await source.slice(995, 1000)).toEqual(bytes.slice(995));
  });
});
