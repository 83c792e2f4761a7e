import { describe, expect, it } from "vitest";
import { FULL_IMAGE_AUTOLOAD_MAX_BYTES, isMedia, opensOnRequest, PDF_AUTOLOAD_MAX_BYTES, previewKind } from "./file-preview";

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

  it("plays video and sound by type or, without a type, by name", () => {
    expect(previewKind({ name: "spot", type: "video/mp4" })).toBe("video");
    expect(previewKind({ name: "spot.MOV", type: null })).toBe("video");
    expect(previewKind({ name: "spot.webm", type: "application/octet-stream" })).toBe("video");
    expect(previewKind({ name: "jingle", type: "audio/mpeg" })).toBe("audio");
    expect(previewKind({ name: "jingle.wav", type: "" })).toBe("audio");
    expect(isMedia({ name: "jingle.flac", type: null })).toBe(true);
    expect(isMedia({ name: "flyer.pdf", type: null })).toBe(false);
    // A type names what the file is, whatever its name says.
    expect(previewKind({ name: "spot.mp4", type: "application/zip" })).toBe("other");
    expect(previewKind({ name: "master.mxf", type: "application/mxf" })).toBe("other");
  });

  it("offers everything else as a download, whatever its name claims", () => {
    expect(previewKind({ name: "scan.tiff", type: "image/tiff" })).toBe("other");
    expect(previewKind({ name: "photo.heic", type: "image/heic" })).toBe("other");
    expect(previewKind({ name: "logo.png", type: "application/zip" })).toBe("other");
    expect(previewKind({ name: "fonts.zip", type: "application/zip" })).toBe("other");
    expect(previewKind({ name: "notes", type: null })).toBe("other");
  });
});

describe("opensOnRequest", () => {
  const image = (size: number | null) => ({ name: "photo.jpg", type: "image/jpeg", size });
  const pdf = (size: number | null) => ({ name: "print.pdf", type: "application/pdf", size });

  it("holds back images above the image limit and PDFs above the PDF limit; an unknown size loads", () => {
    expect(opensOnRequest(image(FULL_IMAGE_AUTOLOAD_MAX_BYTES))).toBe(false);
    expect(opensOnRequest(image(FULL_IMAGE_AUTOLOAD_MAX_BYTES + 1))).toBe(true);
    expect(opensOnRequest(image(null))).toBe(false);
    expect(opensOnRequest(pdf(FULL_IMAGE_AUTOLOAD_MAX_BYTES + 1))).toBe(false);
    expect(opensOnRequest(pdf(PDF_AUTOLOAD_MAX_BYTES))).toBe(false);
    expect(opensOnRequest(pdf(PDF_AUTOLOAD_MAX_BYTES + 1))).toBe(true);
    expect(opensOnRequest(pdf(null))).toBe(false);
  });

  it("never holds back a file the viewer does not draw (it is a download card whatever its size)", () => {
    expect(opensOnRequest({ name: "fonts.zip", type: "application/zip", size: 5e9 })).toBe(false);
  });
});
