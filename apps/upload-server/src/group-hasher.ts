// Hashes a chunked group's staging file in part order while the parts are still arriving, so
// the file's SHA-256 is ready when its last part lands instead of costing a pass over the whole
// file afterwards, while the client waits and one core does all the work.
//
// The server that stores part 1 follows the group; parts stored on other servers are seen
// through their markers in the store, so servers stay stateless: the follower is only a head
// start. It publishes the digest as a record in the store, and a completing server that finds
// neither the follower in its own process nor the record in time hashes the file itself.
import { createHash } from "node:crypto";
import type { ObjectStore, ReadBuffers } from "@atelier/storage";
import { type GroupDigest, type GroupManifest, markedSize, partKey, stagingId, writeDigestRecord } from "./groups";

export interface FollowOptions {
  // How often to look for a part stored by another server.
  pollMs: number;
  // A group with no new part for this long is left to its completing server.
  idleMs: number;
  now: () => number;
}

// Markers looked up at once while following: about as many parts as are in flight.
const LOOK_AHEAD_PARTS = 16;
// A group whose next part has been missing this long is looked at only every PAUSED_POLL_MS.
const PAUSED_AFTER_MS = 1000;
const PAUSED_POLL_MS = 1000;
// The follower hashes one read per turn of an event loop that is busy decoding parts, so the
// read size sets how fast it can go: with 1 MiB reads it fell a batch of parts behind and the
// completing request waited 130-280 ms for it; with 4 MiB it keeps up.
const FOLLOW_READ_BYTES = 4 * 1024 * 1024;
// Hashing runs on the one main thread, so more batches at once would not go faster: followers
// take turns for this many pairs of read buffers, which are kept and reused, so memory stays
// bounded however many groups a server follows, and a batch leaves no garbage behind.
const FOLLOW_READ_PAIRS = 2;

/** Pairs of read buffers, lent to one batch at a time; a borrower waits while all are out. */
export class ReadBufferPool {
  readonly #free: ReadBuffers[] = [];
  readonly #waiting: ((pair: ReadBuffers) => void)[] = [];
  #made = 0;

  constructor(
    readonly pairs: number,
    readonly bytes: number,
  ) {}

  borrow(): Promise<ReadBuffers> {
    const pair = this.#free.pop();
    if (pair) return Promise.resolve(pair);
    if (this.#made < this.pairs) {
      this.#made += 1;
      return Promise.resolve([Buffer.allocUnsafe(this.bytes), Buffer.allocUnsafe(this.bytes)]);
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  giveBack(pair: ReadBuffers): void {
    const next = this.#waiting.shift();
    if (next) next(pair);
    else this.#free.push(pair);
  }
}

const readBuffers = new ReadBufferPool(FOLLOW_READ_PAIRS, FOLLOW_READ_BYTES);

export class GroupHasher {
  readonly #hash = createHash("sha256");
  #wake: (() => void) | undefined;
  #stopped = false;
  // The digest once every part is hashed; null when the follower gave up (idle, stopped, or the
  // staging file went away or came up short), which sends the completing server back to a full pass.
  readonly done: Promise<GroupDigest | null>;

  constructor(
    private readonly store: ObjectStore,
    private readonly manifest: GroupManifest & { partSize: number },
    private readonly options: FollowOptions,
  ) {
    this.done = this.#run().catch(() => null);
  }

  // A part was just stored by this process: look now rather than at the next poll.
  notify(): void {
    this.#wake?.();
  }

  stop(): void {
    this.#stopped = true;
    this.#wake?.();
  }

  async #run(): Promise<GroupDigest | null> {
    const { store, manifest, options } = this;
    const staging = store.staging;
    if (!staging) return null;
    let size = 0;
    let lastProgress = options.now();
    let misses = 0;
    for (let part = 1; part <= manifest.parts; ) {
      if (this.#stopped || options.now() - lastProgress > options.idleMs) return null;
      // Every stored part from here on is hashed in one read: per-part hops through a busy
      // event loop, not the reading itself, are what would let a follower fall behind.
      const lengths = await this.#storedRun(part);
      if (lengths.length === 0) {
        // After a second without news the upload is likely paused: look once a second from then
        // on (a part stored by this process still wakes the follower at once).
        await this.#sleep(misses * options.pollMs < PAUSED_AFTER_MS ? options.pollMs : PAUSED_POLL_MS);
        misses += 1;
        continue;
      }
      misses = 0;
      const start = (part - 1) * manifest.partSize;
      const length = lengths.reduce((sum, bytes) => sum + bytes, 0);
      const scratch = await readBuffers.borrow();
      let read: number | null;
      try {
        read = await staging.read(stagingId(manifest.id), start, start + length, (bytes) => this.#hash.update(bytes), scratch);
      } finally {
        readBuffers.giveBack(scratch);
      }
      if (read !== length) return null;
      size += length;
      part += lengths.length;
      lastProgress = options.now();
    }
    const digest = { sha256: this.#hash.digest("hex"), size };
    await writeDigestRecord(store, manifest.id, digest);
    return digest;
  }

  // Byte counts of the parts stored from `first` on without a gap: `first` alone while waiting
  // for it, then the parts after it several at once. Every part but the last is as long as
  // part 1 (the upload route refuses any other), so only the last part's marker is read.
  async #storedRun(first: number): Promise<number[]> {
    const { manifest } = this;
    const head = await this.#partLength(first);
    if (head === null) return [];
    const lengths = [head];
    const last = Math.min(manifest.parts, first + LOOK_AHEAD_PARTS - 1);
    const probes = [];
    for (let part = first + 1; part <= last; part += 1) probes.push(this.#partLength(part));
    for (const length of await Promise.all(probes)) {
      if (length === null) break;
      lengths.push(length);
    }
    return lengths;
  }

  #partLength(part: number): Promise<number | null> {
    const { store, manifest } = this;
    if (part === manifest.parts) return markedSize(store, manifest.id, part);
    return store.stat(partKey(manifest.id, part)).then((info) => (info ? manifest.partSize : null));
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      // A follower never keeps a closing server alive.
      const timer = setTimeout(wake, ms).unref();
      function wake() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = wake;
    });
  }
}
