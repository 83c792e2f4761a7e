// Part bodies kept for reuse once their request has settled, when the transport sends the
// caller's bytes as they are (node:http does; a browser's fetch copies every body).
//
// A 1 GiB upload otherwise allocates a fresh 13 MiB body per part: a hundred large buffers the
// garbage collector must find and free, which cost a Node client about as much CPU as the
// encoding itself. Pooled, the bodies in flight are allocated once and then go round.

export interface BodyPool {
  /** A body of exactly `length` bytes, reused when one is free; its old content is overwritten by the caller. */
  take(length: number): Uint8Array<ArrayBuffer>;
  /** Hands a body back once nothing reads it any more. */
  give(body: Uint8Array<ArrayBuffer>): void;
}

/** Keeps at most `capacity` free bodies; without reuse every take allocates and give drops. */
export function createBodyPool(capacity: number): BodyPool {
  const free: Uint8Array<ArrayBuffer>[] = [];
  return {
    take(length) {
      const index = free.findIndex((body) => body.length === length);
      if (index < 0) return new Uint8Array(length);
      return free.splice(index, 1)[0]!;
    },
    give(body) {
      if (capacity === 0 || free.includes(body)) return;
      // The oldest free body goes first: it is the likeliest to have a length no part needs any more.
      if (free.length >= capacity) free.shift();
      free.push(body);
    },
  };
}
