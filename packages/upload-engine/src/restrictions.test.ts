// Avatar and asset restrictions at their limits (10000 / 10001 files, 5368709120 bytes).
import { describe, expect, it } from "vitest";
import { ASSET_RESTRICTIONS, AVATAR_RESTRICTIONS } from "./constants";
import { checkRestrictions } from "./restrictions";

const files = (count: number, size = 1, type = "application/pdf") => Array.from({ length: count }, () => ({ size, type }));

describe("checkRestrictions", () => {
  it("holds the limits of docs/upload-protocol.md", () => {
    expect(AVATAR_RESTRICTIONS).toEqual({
      allowedTypes: ["image/jpg", "image/jpeg", "image/png", "image/webp", "image/gif"],
      maxFiles: 1,
      maxFileSize: 10526316,
    });
    expect(ASSET_RESTRICTIONS).toEqual({ allowedTypes: undefined, maxFiles: 10000, maxFileSize: 5368709120 });
  });

  it("accepts 10000 assets and refuses 10001", () => {
    expect(checkRestrictions(files(10000), ASSET_RESTRICTIONS)).toEqual([]);
    expect(checkRestrictions(files(10001), ASSET_RESTRICTIONS)).toEqual([{ kind: "too-many-files", maxFiles: 10000, fileCount: 10001 }]);
  });

  it("accepts an asset of exactly 5368709120 bytes and refuses one byte more", () => {
    expect(checkRestrictions(files(1, 5368709120), ASSET_RESTRICTIONS)).toEqual([]);
    expect(checkRestrictions(files(1, 5368709121), ASSET_RESTRICTIONS)).toEqual([
      { kind: "file-too-large", fileIndex: 0, maxFileSize: 5368709120, size: 5368709121 },
    ]);
  });

  it("accepts a 0-byte asset", () => {
    expect(checkRestrictions(files(1, 0), ASSET_RESTRICTIONS)).toEqual([]);
  });

  it("limits avatars to one image of at most 10526316 bytes", () => {
    expect(checkRestrictions(files(1, 10526316, "image/webp"), AVATAR_RESTRICTIONS)).toEqual([]);
    expect(checkRestrictions([...files(1, 10526317, "image/png"), ...files(1, 5, "image/svg+xml")], AVATAR_RESTRICTIONS)).toEqual([
      { kind: "too-many-files", maxFiles: 1, fileCount: 2 },
      { kind: "file-too-large", fileIndex: 0, maxFileSize: 10526316, size: 10526317 },
      { kind: "type-not-allowed", fileIndex: 1, type: "image/svg+xml" },
    ]);
  });
});
