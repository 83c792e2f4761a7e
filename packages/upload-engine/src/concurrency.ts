// How many parts and files run at once, by the number of files in a batch (docs/upload-protocol.md, "Limits").

const PART_CONCURRENCY = [10, 10, 5, 3, 2] as const;

/** Parallel parts per file: 1 file 10, 2 files 5, 3 files 3, 4 or more 2. */
export function partConcurrency(fileCount: number): number {
  return PART_CONCURRENCY[Math.min(Math.max(Math.floor(fileCount), 0), 4)] ?? 2;
}

/** Parallel files: 4 when more than 3 files, otherwise the number of files (at least 1). */
export function fileConcurrency(fileCount: number): number {
  const count = Math.floor(fileCount);
  if (count > 3) return 4;
  return Math.max(count, 1);
}
