// The upload flow's user-facing strings, taken from the one catalogue in @atelier/domain.
import { messages } from "@atelier/domain";

export const UPLOAD_MESSAGES = {
  errorTitle: messages.errorTitle(),
  noServers: messages.noServers(),
  uploadFailedRetrying: messages.uploadFailedRetrying(),
  uploadFailed: messages.uploadFailedFinal(),
  allRetriesFailed: messages.allRetriesFailed(),
  tryAgain: messages.tryAgain(),
  aborted: messages.uploadAborted(),
} as const;

/** Toast title for a failed part of a chunked upload; `index` is the file's place in its batch. */
export const partErrorTitle = messages.chunkFailed;

/** Toast title for a failed whole-file upload. */
export const fileErrorTitle = messages.uploadFailed;

export const remainingRetriesDescription = messages.remainingRetries;
