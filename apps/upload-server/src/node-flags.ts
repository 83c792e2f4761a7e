// The node flags an upload server runs with:
// `node --initial-old-space-size=32 --single-threaded-gc dist/main.js --role server …`.
//
// An upload server's own heap is small (about 8 MiB) while a gigabyte of short-lived buffers
// passes through it, so how V8 collects garbage decides much of its CPU per byte:
// - --initial-old-space-size=32: with the old generation that close to its first limit, V8 kept
//   starting incremental marking, about 28 full collections per GiB in each server, which cost
//   more CPU than decoding and writing the bytes. Room for 32 MiB leaves the garbage to the young
//   generation: about 9 full collections per GiB per server, a third less user CPU. 64 MiB saves
//   a little more but lets the heap grow until peak RSS nears the 150 MiB budget; 32 keeps it
//   at 110-120 MiB.
// - --single-threaded-gc: each young-generation collection finds almost nothing alive (a few KiB),
//   yet its parallel phase waited about a millisecond for helper threads that had no free core
//   to run on, since the client and the other server keep both busy. Collected on the main thread
//   the pauses were less than half as long, and uploads 5-10% faster.
// - --expose-gc: the server collects its young generation every 4 MiB of request body it reads
//   (young-garbage.ts), which frees the socket reads' Buffers long before V8 would: over a 1 GiB
//   binary upload to two servers, peak RSS went from 135-160 to 121-137 MiB and the servers' CPU
//   from 4.8-5.6 to 4.0-4.9 s (three runs each, another benchmark running beside them).
// Heap sizes and collector threads are fixed when the process starts, so these cannot be set
// from inside the program.
export const UPLOAD_SERVER_NODE_FLAGS: readonly string[] = ["--initial-old-space-size=32", "--single-threaded-gc", "--expose-gc"];
