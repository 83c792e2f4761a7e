// The 1 MiB slabs that a part's body is gathered or decoded into, shared by every request of the process. Each part
// used to allocate two of its own; they lived through many young collections, so they died old, and only a full
// collection freed them, which V8 starts when about 64 MiB of such memory has piled up: at the peak of a 1 GiB
// binary upload, 64 MiB of an upload server's 145 MiB were ArrayBuffers, most of them slabs of finished parts.
// Slabs given back are lent again, so a part allocates none once the process has served a few.

/** Bytes in a slab. */
export const SLAB_BYTES = 1024 * 1024;

/** Slabs kept for the next parts when no part needs them: enough for a busy moment, without holding a peak for good. */
const KEPT_SLABS = 8;

const free: Buffer[] = [];

/** A slab of SLAB_BYTES with whatever bytes it held before. */
export function takeSlab(): Buffer {
  return free.pop() ?? Buffer.allocUnsafe(SLAB_BYTES);
}

/** Gives back slabs nobody reads or writes any more; past KEPT_SLABS they are left to the collector. */
export function giveBackSlabs(slabs: Buffer[]): void {
  for (const slab of slabs) if (free.length < KEPT_SLABS && slab.length === SLAB_BYTES) free.push(slab);
}

/**
 * The two slabs one body takes turns with: the one being filled and the one last handed on. The consumer of a body
 * finishes with a chunk before it asks for the next, so the slab before the current one is free again.
 */
export class SlabTurns {
  readonly #turns: Buffer[] = [];

  /** The slab to fill next: lent from the pool for the first two, then the older of the two. */
  next(): Buffer {
    const slab = this.#turns.length < 2 ? takeSlab() : this.#turns.shift()!;
    this.#turns.push(slab);
    return slab;
  }

  /** Gives both back to the pool, once the consumer holds no chunk of them any more. */
  release(): void {
    giveBackSlabs(this.#turns.splice(0));
  }
}

/** How many slabs wait to be lent (for tests). */
export function keptSlabs(): number {
  return free.length;
}
