import { createServer, get, type IncomingHttpHeaders, request, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { acceptsGzip, COMPRESS_FROM_BYTES, HOLD_LIMIT_BYTES, sendWholeAnswer } from "./whole-answers";

const json = (bytes: number) => JSON.stringify({ items: "x".repeat(Math.max(0, bytes - 12)) });

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** A real server whose handler answers as Next does (headers set, then flushed, then the body in chunks). */
async function serve(answer: (res: ServerResponse, acceptEncoding: string | undefined) => void): Promise<string> {
  server = createServer((req, res) => {
    sendWholeAnswer(req, res);
    answer(res, req.headers["accept-encoding"]);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/trpc/x`;
}

async function fetchRaw(url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = (method === "GET" ? get : request)(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    if (method !== "GET") req.end();
  });
}

/** Writes `body` in three chunks after flushing the headers, as Next's route answers do. */
const likeNext =
  (body: string, type = "application/json") =>
  (res: ServerResponse) => {
    res.statusCode = 200;
    res.setHeader("content-type", type);
    res.flushHeaders();
    const third = Math.ceil(body.length / 3);
    res.write(body.slice(0, third));
    res.write(Buffer.from(body.slice(third, 2 * third)));
    res.end(body.slice(2 * third));
  };

describe("sendWholeAnswer", () => {
  it("gzips a JSON answer in one piece, with its length, when the client accepts gzip", async () => {
    const body = json(12_000);
    let seen: string | undefined = "unset";
    const url = await serve((res, acceptEncoding) => {
      seen = acceptEncoding;
      likeNext(body)(res);
    });
    const res = await fetchRaw(url, { "accept-encoding": "gzip, deflate, br" });
    expect(seen).toBeUndefined();
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(res.headers["content-length"])).toBe(res.body.byteLength);
    expect(res.body.byteLength).toBeLessThan(body.length / 10);
    expect(gunzipSync(res.body).toString()).toBe(body);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it("sends it as it is to a client that does not accept gzip", async () => {
    const body = json(12_000);
    const url = await serve(likeNext(body));
    const cases: Record<string, string>[] = [
      {},
      { "accept-encoding": "identity" },
      { "accept-encoding": "gzip;q=0, br" },
      { "accept-encoding": "*;q=0" },
    ];
    for (const headers of cases) {
      const res = await fetchRaw(url, headers);
      expect(res.headers["content-encoding"], JSON.stringify(headers)).toBeUndefined();
      expect(Number(res.headers["content-length"])).toBe(body.length);
      expect(res.body.toString()).toBe(body);
    }
  });

  it("leaves a small answer and a body that is not JSON or text uncompressed", async () => {
    const small = json(COMPRESS_FROM_BYTES - 1);
    const smallUrl = await serve(likeNext(small));
    const a = await fetchRaw(smallUrl, { "accept-encoding": "gzip" });
    expect(a.headers["content-encoding"]).toBeUndefined();
    expect(a.body.toString()).toBe(small);
    await new Promise((resolve) => server!.close(resolve));

    const binary = "\u0000".repeat(20_000);
    const binaryUrl = await serve(likeNext(binary, "application/octet-stream"));
    const b = await fetchRaw(binaryUrl, { "accept-encoding": "gzip" });
    expect(b.headers["content-encoding"]).toBeUndefined();
    expect(b.body.byteLength).toBe(20_000);
  });

  it("keeps what writeHead was told: status, reason and headers, a repeated one too", async () => {
    const body = json(5_000);
    const url = await serve((res) => {
      res.setHeader("x-before", "1");
      res.writeHead(409, "Taken", ["content-type", "application/json", "set-cookie", "a=1", "set-cookie", "b=2"]);
      res.end(body);
    });
    const res = await fetchRaw(url, { "accept-encoding": "gzip" });
    expect(res.status).toBe(409);
    expect(res.headers["x-before"]).toBe("1");
    expect(res.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.body).toString()).toBe(body);
  });

  it("streams an answer past the hold limit uncompressed, whole", async () => {
    const chunk = "y".repeat(1024 * 1024);
    const chunks = Math.ceil(HOLD_LIMIT_BYTES / chunk.length) + 2;
    const url = await serve((res) => {
      res.setHeader("content-type", "application/json");
      for (let i = 0; i < chunks; i++) res.write(chunk);
      res.end();
    });
    const res = await fetchRaw(url, { "accept-encoding": "gzip" });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["transfer-encoding"]).toBe("chunked");
    expect(res.body.byteLength).toBe(chunks * chunk.length);
  });

  it("answers HEAD and an empty body without a body", async () => {
    const url = await serve((res) => {
      res.statusCode = 204;
      res.end();
    });
    const head = await fetchRaw(url, { "accept-encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(204);
    expect(head.body.byteLength).toBe(0);
    const get = await fetchRaw(url, { "accept-encoding": "gzip" });
    expect(get.status).toBe(204);
    expect(get.headers["content-encoding"]).toBeUndefined();
  });
});

describe("acceptsGzip", () => {
  it("reads Accept-Encoding with its qualities", () => {
    expect(acceptsGzip("gzip")).toBe(true);
    expect(acceptsGzip("deflate, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("br, *;q=0.1")).toBe(true);
    expect(acceptsGzip(["br", "gzip"])).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("gzip;q=0.000, *")).toBe(false);
    expect(acceptsGzip("gzip;q=nonsense")).toBe(false);
  });
});
