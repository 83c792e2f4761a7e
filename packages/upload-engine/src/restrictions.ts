// Checks a selection against the avatar or asset restrictions before anything is sent.

import { mediaType } from "./can-thumbnail";
import type { UploadRestrictions } from "./constants";

export type RestrictionViolation =
  | { readonly kind: "too-many-files"; readonly maxFiles: number; readonly fileCount: number }
  | { readonly kind: "file-too-large"; readonly fileIndex: number; readonly maxFileSize: number; readonly size: number }
  | { readonly kind: "type-not-allowed"; readonly fileIndex: number; readonly type: string };

/** Every violation, in file order; an empty list means the selection may be uploaded. */
export function checkRestrictions(
  files: readonly { readonly type: string; readonly size: number }[],
  restrictions: UploadRestrictions,
): RestrictionViolation[] {
  const violations: RestrictionViolation[] = [];
  if (files.length > restrictions.maxFiles) {
    violations.push({ kind: "too-many-files", maxFiles: restrictions.maxFiles, fileCount: files.length });
  }
  files.forEach((file, fileIndex) => {
    if (file.size > restrictions.maxFileSize) {
      violations.push({ kind: "file-too-large", fileIndex, maxFileSize: restrictions.maxFileSize, size: file.size });
    }
    if (restrictions.allowedTypes && !restrictions.allowedTypes.includes(mediaType(file.type))) {
      violations.push({ kind: "type-not-allowed", fileIndex, type: file.type });
    }
  });
  return violations;
}
