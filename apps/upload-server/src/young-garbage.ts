// Every socket read of a request body arrives as a new Buffer of up to 64 KiB that is dead as soon as it is decoded or
// copied, but V8 frees such Buffers only when its young generation fills or their bytes outside the heap pass its limit
// (about 64 MiB). Measured over a 1 GiB binary upload, two thirds of an upload server's peak RSS above its idle 69 MiB
// was such garbage (arrayBuffers up to 67 MiB). A young-generation collection every 4 MiB received frees it: it finds
// almost nothing alive, so it is short, and the servers spent less CPU per upload with it than without (every 16 or
// 8 MiB left 45-50 MiB of Buffers at the peak, every 4 MiB about 20). It needs node's --expose-gc
// (UPLOAD_SERVER_NODE_FLAGS); without it nothing is collected here and V8 keeps its own pace.

/** How many body bytes may pass between two collections. */
export const COLLECT_EVERY_BYTES = 4 * 1024 * 1024;

type Collector = (options: { type: "minor" }) => void;

let received = 0;

/** Counts `bytes` of request body read; past COLLECT_EVERY_BYTES since the last time, collects the young generation. */
export function bodyBytesReceived(bytes: number, collect = (globalThis as { gc?: Collector }).gc): void {
  received += bytes;
  if (received < COLLECT_EVERY_BYTES) return;
  received = 0;
  collect?.({ type: "minor" });
}
