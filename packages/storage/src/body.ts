// Turns any accepted object body into a Node stream, the one shape drivers consume.
import { Readable } from "node:stream";
import type { ObjectBody } from "./object-store";

export function toReadable(body: ObjectBody): Readable {
  if (typeof body === "string") return Readable.from([Buffer.from(body, "utf8")]);
  if (body instanceof Uint8Array) return Readable.from([body]);
  if (body instanceof Readable) return body;
  return Readable.from(body, { objectMode: false });
}

// The body's chunks one at a time, pulled only when wanted: unlike a stream, nothing is read
// ahead, so a producer that reuses a chunk's memory once the next is pulled stays correct.
export function chunksOf(body: ObjectBody): AsyncIterable<Uint8Array> | Iterable<Uint8Array> {
  if (typeof body === "string") return [Buffer.from(body, "utf8")];
  if (body instanceof Uint8Array) return [body];
  return body as AsyncIterable<Uint8Array>;
}
