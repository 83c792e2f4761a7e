// Small tRPC answers go uncompressed. The web server compresses every answer of a route as a stream, a 168-byte
// users.me included (which it made 138 bytes), for about 0.35 ms of CPU per request in the stream's set-up and
// thread-pool hops. It drops a route's Content-Length, so its own 1 KB threshold never applies; Cache-Control:
// no-transform is what it (and any proxy) honours. Large answers are still compressed by it: compressing them here is
// not possible, since it drops a route's Content-Encoding too and would compress the body a second time.

/** Answers below this size go as they are: gzip would save a few bytes for more CPU than the answer took. */
export const COMPRESS_FROM_BYTES = 1024;

/** The same answer; marked no-transform when its body is smaller than COMPRESS_FROM_BYTES. */
export async function leaveSmallAnswersUncompressed(res: Response): Promise<Response> {
  if (!res.body || res.headers.has("content-encoding")) return res;
  const bytes = await res.arrayBuffer();
  const headers = new Headers(res.headers);
  if (bytes.byteLength < COMPRESS_FROM_BYTES) {
    const cacheControl = headers.get("cache-control");
    headers.set("cache-control", cacheControl ? `${cacheControl}, no-transform` : "no-transform");
  }
  return new Response(bytes, { status: res.status, statusText: res.statusText, headers });
}
