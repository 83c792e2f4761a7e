// The node flags an upload server runs with: `node --initial-old-space-size=32 dist/main.js --role server …`.
//
// An upload server's own heap is small (about 8 MiB) while a gigabyte of short-lived buffers
// passes through it. With the old generation that close to its first limit, V8 kept starting
// incremental marking: about 28 full collections per GiB in each server, which cost more CPU
// than decoding and writing the bytes. Starting with room for 32 MiB leaves the garbage to the
// young generation: about 9 full collections per GiB per server, and the servers' user CPU for
// a 1 GiB upload fell by about a third. 64 MiB saves a little more CPU but lets the heap grow
// until an upload server's peak RSS nears its 150 MiB budget; 32 keeps it at 110-120 MiB.
// Heap sizes are fixed when the process starts, so this cannot be set from inside the program.
export const UPLOAD_SERVER_NODE_FLAGS: readonly string[] = ['--initial-old-space-size=32'];
