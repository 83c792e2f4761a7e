import { describe, expect, it } from "vitest";
import { FULL_IMAGE_AUTOLOAD_MAX_BYTES, opensAsThumbnail, previewKind } from "./file-preview";

describe("previewKind", () => {
  it("shows PDFs by type or, without a type, by name", () => {
    expect(previewKind({ name: "flyer", type: "application/pdf" })).toBe("pdf");
    expect(previewKind({ name: "flyer.PDF", type: null })).toBe("pdf");
    expect(previewKind({ name: "flyer.pdf", type: "application/octet-stream" })).toBe("pdf");
  });

  it("shows the image types browsers draw, with parameters and any case", () => {
    expect(previewKind({ name: "a", type: "image/PNG; q=1" })).toBe("image");
    expect(previewKind({ name: "a", type: "image/svg+xml" })).toBe("image");
    expect(previewKind({ name: "photo.JPG", type: null })).toBe("image");
    expect(previewKind({ name: "photo.webp", type: "application/octet-stream" })).toBe("image");
  });

  it("offers everything else as a download, whatever its name claims", () => {
    expect(previewKind({ name: "scan.tiff", type: "image/tiff" })).toBe("other");
    expect(previewKind({ name: "photo.heic", type: "image/heic" })).toBe("other");
    expect(previewKind({ name: "logo.png", type: "application/zip" })).toBe("other");
    expect(previewKind({ name: "fonts.zip", type: "application/zip" })).toBe("other");
    expect(previewKind({ name: "notes", type: null })).toBe("other");
  });
});

describe("opensAsThumbnail", () => {
  it("holds back only images above the limit; an unknown size loads", () => {
    expect(opensAsThumbnail({ size: FULL_IMAGE_AUTOLOAD_MAX_BYTES })).toBe(false);
    expect(opensAsThumbnail({ size: FULL_IMAGE_AUTOLOAD_MAX_BYTES + 1 })).toBe(true);
    expect(opensAsThumbnail({ size: null })).toBe(false);
  });
});
