// Wire contract helpers: URLs, headers and answer parsing.
import { describe, expect, it } from "vitest";
import {
  balancerRequestUrl,
  chunkedUrl,
  contentTypeHeader,
  groupStatusUrl,
  maxBodyBytes,
  parseBalancerAnswer,
  parseGroupStatusAnswer,
  parseHealthAnswer,
  parsePartAnswer,
  parseSingleUploadAnswer,
  setHeader,
  storedFilePath,
  storedFileUrl,
  uploadUrl,
  WireFormatError,
} from "./wire";

describe("wire", () => {
  it("builds the contract URLs whatever the trailing slashes", () => {
    expect(balancerRequestUrl("http://lb:4000")).toBe("http://lb:4000/");
    expect(balancerRequestUrl("http://lb:4000/")).toBe("http://lb:4000/");
    expect(uploadUrl("http://s1:4001/")).toBe("http://s1:4001/api/upload");
    expect(chunkedUrl("http://s1:4001")).toBe("http://s1:4001/api/chunked");
    expect(groupStatusUrl("http://s1:4001", "a/b c")).toBe("http://s1:4001/api/chunked/a%2Fb%20c");
  });

  it("replaces a header whatever the spelling of its name", () => {
    const headers: Record<string, string> = { "content-type": "a", URLPATH: "b", other: "c" };
    setHeader(headers, "Content-Type", "x");
    setHeader(headers, "urlPath", "y");
    expect(headers).toEqual({ other: "c", "Content-Type": "x", urlPath: "y" });
  });

  it.each([
    ["image/png", "image/png; charset=utf-8"],
    ["", "application/octet-stream; charset=utf-8"],
    ["text/plain;charset=latin1", "text/plain; charset=utf-8"],
  ])("content type for %j is %j", (type, header) => {
    expect(contentTypeHeader(type)).toBe(header);
  });

  it("parses answers, accepting numeric ids and the additive sha256", () => {
    expect(parseBalancerAnswer({ url: "http://s1" })).toEqual({ url: "http://s1", encodings: ["base64"] });
    expect(parseSingleUploadAnswer({ group_id: 42, url: "u", sha256: "ab" })).toEqual({ group_id: "42", url: "u", sha256: "ab" });
    expect(parsePartAnswer({ id: "g", url: "u", part: "3" })).toEqual({ id: "g", url: "u", part: 3 });
    expect(parseGroupStatusAnswer({ id: "g", parts: 3, received: [1, 2] })).toEqual({ id: "g", parts: 3, received: [1, 2] });
  });

  it("reads the encodings a server offers, base64 always among them and unknown names dropped", () => {
    expect(parseBalancerAnswer({ url: "u", encodings: ["binary", "zstd"] }).encodings).toEqual(["base64", "binary"]);
    expect(parseBalancerAnswer({ url: "u", encodings: "binary" }).encodings).toEqual(["base64"]);
    expect(parseHealthAnswer({ status: "ok", inFlight: 3, encodings: ["base64", "binary"] })).toEqual({
      status: "ok",
      inFlight: 3,
      encodings: ["base64", "binary"],
    });
    expect(parseHealthAnswer({ status: "ok" })).toEqual({ status: "ok", inFlight: 0, encodings: ["base64"] });
  });

  it("caps a body by its encoding: the bytes themselves in binary, their base64 with line breaks otherwise", () => {
    expect(maxBodyBytes(10485760, "binary")).toBe(10485760);
    expect(maxBodyBytes(10485760, "base64")).toBe(13981016 + 436908 + 1024);
  });

  it.each<[string, () => unknown]>([
    ["balancer without url", () => parseBalancerAnswer({})],
    ["balancer answering null", () => parseBalancerAnswer(null)],
    ["upload without group_id", () => parseSingleUploadAnswer({ url: "u" })],
    ["part without url", () => parsePartAnswer({ id: "g" })],
    ["status with bad received", () => parseGroupStatusAnswer({ id: "g", parts: 2, received: ["1"] })],
  ])("refuses %s", (_, parse) => {
    expect(parse).toThrow(WireFormatError);
  });
});

describe("stored file URLs", () => {
  it("encodes each segment of the path and reads it back", () => {
    const url = storedFileUrl("http://h:1/", "Acme-b1/2026/a b/#1.png");
    expect(url).toBe("http://h:1/files/Acme-b1/2026/a%20b/%231.png");
    expect(storedFilePath(new URL(url).pathname)).toBe("Acme-b1/2026/a%20b/%231.png");
    expect(storedFilePath("/api/upload")).toBeNull();
  });
});
