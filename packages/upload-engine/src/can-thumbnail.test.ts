// Which files get a thumbnail: type and the 24,000,000-byte cutoff.
import { describe, expect, it } from "vitest";
import { canThumbnail } from "./can-thumbnail";
import { THUMBNAIL_MAX_BYTES } from "./constants";

describe("canThumbnail", () => {
  it.each(["image/png", "image/jpg", "image/jpeg", "image/gif", "image/webp", "IMAGE/PNG", "image/jpeg; charset=binary"])(
    "thumbnails %s",
    (type) => {
      expect(canThumbnail({ type, size: 1000 })).toBe(true);
    },
  );

  it.each(["image/svg+xml", "image/tiff", "application/pdf", "image/heic", ""])("does not thumbnail %j", (type) => {
    expect(canThumbnail({ type, size: 1000 })).toBe(false);
  });

  it("stops above 24,000,000 bytes", () => {
    expect(THUMBNAIL_MAX_BYTES).toBe(24000000);
    expect(canThumbnail({ type: "image/png", size: 24000000 })).toBe(true);
    expect(canThumbnail({ type: "image/png", size: 24000001 })).toBe(false);
  });
});
