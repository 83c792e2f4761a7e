import { describe, expect, it } from "vitest";
import { fileDownloadUrl, parseFileRef } from "./file-downloads";

describe("file links", () => {
  it("name each kind of stored file under the app's address, ids encoded", () => {
    expect(fileDownloadUrl("https://studio.example/", { scope: "project", fileId: "f 1" })).toBe(
      "https://studio.example/api/files/project/f%201",
    );
    expect(fileDownloadUrl(undefined, { scope: "brand", fileId: "b" })).toBe("/api/files/brand/b");
    expect(fileDownloadUrl("http://app", { scope: "proof", proofId: "p/1", fileId: "f" })).toBe("http://app/api/files/proof/p%2F1/f");
  });

  it("read back only as the links they make", () => {
    expect(parseFileRef(["project", "f"])).toEqual({ scope: "project", fileId: "f" });
    expect(parseFileRef(["brand", "b"])).toEqual({ scope: "brand", fileId: "b" });
    expect(parseFileRef(["proof", "p", "f"])).toEqual({ scope: "proof", proofId: "p", fileId: "f" });
    for (const bad of [
      [],
      ["project"],
      ["project", ""],
      ["project", "f", "x"],
      ["proof", "p"],
      ["proof", "p", "f", "x"],
      ["other", "f"],
      ["brand", "b".repeat(201)],
    ])
      expect(parseFileRef(bad)).toBeNull();
  });
});
