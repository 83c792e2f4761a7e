// Request bodies read up to a cap, so one huge POST cannot fill the server's memory: the web app's routes and the REST
// API read through this one function.

/** The body, if it has at most `limit` bytes; reading stops at the first byte over it (Content-Length or not). */
export async function readWithin(body: ReadableStream<Uint8Array<ArrayBuffer>>, limit: number): Promise<Blob | null> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return new Blob(chunks);
}
