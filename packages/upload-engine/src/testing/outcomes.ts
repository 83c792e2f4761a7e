// Narrows an upload outcome to its typed failure, so tests can read the error's own fields.
import type { UploadError } from "../errors";
import type { UploadOutcome } from "../uploader/types";

/** The outcome's error if it failed with `kind`; throws otherwise. */
export function failureOf<E extends UploadError>(outcome: UploadOutcome | undefined, kind: abstract new (...args: never[]) => E): E {
  if (!outcome) throw new Error("No outcome");
  if (outcome.ok) throw new Error(`${outcome.fileName} completed; expected a ${kind.name}`);
  if (!(outcome.error instanceof kind)) {
    throw new Error(`${outcome.fileName} failed with ${outcome.error.name}; expected a ${kind.name}`, { cause: outcome.error });
  }
  return outcome.error;
}
