// The single gate every storage key passes before any driver touches disk or a bucket.

export const MAX_KEY_BYTES = 1024;

export type InvalidPathReason =
  | "empty"
  | "nul"
  | "control-character"
  | "too-long"
  | "absolute"
  | "drive"
  | "unc"
  | "backslash"
  | "empty-segment"
  | "dot-segment";

export class InvalidPathError extends Error {
  readonly code = "invalid_path" as const;
  readonly isInvalidPath = true;

  constructor(readonly reason: InvalidPathReason) {
    super(`Invalid path (${reason})`);
    this.name = "InvalidPathError";
  }
}

export function isInvalidPathError(error: unknown): error is InvalidPathError {
  return error instanceof InvalidPathError;
}

// Refuses rather than repairs: a key that needed repairing was either a bug or an attack,
// and silently rewriting it would let two different inputs land on the same object.
export function securePath(key: string): string {
  if (typeof key !== "string" || key.length === 0) throw new InvalidPathError("empty");
  if (key.includes("\0")) throw new InvalidPathError("nul");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0001-\u001f\u007f]/.test(key)) throw new InvalidPathError("control-character");
  if (Buffer.byteLength(key, "utf8") > MAX_KEY_BYTES) throw new InvalidPathError("too-long");
  if (key.startsWith("\\\\") || key.startsWith("//")) throw new InvalidPathError("unc");
  if (/^[A-Za-z]:/.test(key)) throw new InvalidPathError("drive");
  if (key.startsWith("/")) throw new InvalidPathError("absolute");
  // Backslash is a separator on Windows; accepting it would make '..\\' a traversal there.
  if (key.includes("\\")) throw new InvalidPathError("backslash");
  for (const segment of key.split("/")) {
    if (segment === "") throw new InvalidPathError("empty-segment");
    if (segment === "." || segment === "..") throw new InvalidPathError("dot-segment");
  }
  return key;
}

// Joins already-validated pieces; the result is checked again because joining can create
// a key that no single piece was (for example an over-long one).
export function joinKey(...parts: string[]): string {
  return securePath(parts.join("/"));
}
