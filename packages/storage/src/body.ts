// Turns any accepted object body into a Node stream, the one shape drivers consume.
import { Readable } from 'node:stream';
import type { ObjectBody } from './object-store';

export function toReadable(body: ObjectBody): Readable {
  if (typeof body === 'string') return Readable.from([Buffer.from(body, 'utf8')]);
  if (body instanceof Uint8Array) return Readable.from([body]);
  if (body instanceof Readable) return body;
  return Readable.from(body, { objectMode: false });
}
