// The upload dialog's one-word status, derived from the files' states (docs/upload-protocol.md, "The upload dialog and its messages").

export interface FileStatusInput {
  readonly started?: boolean;
  readonly complete?: boolean;
  readonly failed?: boolean;
  readonly paused?: boolean;
  /** Work before (`pre`) or after (`post`) the bytes are sent, such as thumbnails. */
  readonly processing?: "pre" | "post" | undefined;
}

export interface StatusInput {
  readonly files: readonly FileStatusInput[];
  /** An error outside any one file, such as no upload server. */
  readonly error?: boolean;
}

export type StatusLabel =
  | { readonly kind: "error" }
  | { readonly kind: "complete" }
  | { readonly kind: "paused" }
  | { readonly kind: "uploading" }
  | { readonly kind: "processing"; readonly stage: "pre" | "post" }
  | { readonly kind: "waiting"; readonly files: number };

export function statusLabel(state: StatusInput): StatusLabel {
  const { files } = state;
  if (state.error || files.some((file) => file.failed)) return { kind: "error" };
  if (files.length > 0 && files.every((file) => file.complete)) return { kind: "complete" };
  const open = files.filter((file) => !file.complete);
  if (open.length > 0 && open.every((file) => file.paused)) return { kind: "paused" };
  // Bytes moving outrank processing, and pre-processing outranks post-processing, so the
  // label does not flicker while files are at different stages.
  if (open.some((file) => file.started && !file.paused && !file.processing)) return { kind: "uploading" };
  if (open.some((file) => file.processing === "pre")) return { kind: "processing", stage: "pre" };
  if (files.some((file) => file.processing === "post")) return { kind: "processing", stage: "post" };
  return { kind: "waiting", files: files.length };
}
