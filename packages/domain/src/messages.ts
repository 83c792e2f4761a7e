// Every user-facing failure and sign-in string (docs/product.md, "Messages"), so no screen or server words them twice.

// All members are functions, including fixed strings, so every call site reads the same.
export const messages = {
  errorTitle: () => "Error",
  noServers: () => "No servers available. Please try again later.",
  chunkFailed: (file: string, index: number, part: number) => `There was an error uploading ${file} (index ${index} / part ${part})`,
  remainingRetries: (n: number) => `Remaining Retries: ${n}`,
  uploadFailedRetrying: () => "Upload failed. Retrying.",
  uploadFailedFinal: () => "Upload failed.",
  allRetriesFailed: () => "All retries failed",
  uploadFailed: (file: string) => `There was an error uploading ${file}`,
  tryAgain: () => "Please, try again.",
  missingMetaFields: (fields: readonly string[]) => `Missing required meta field(s): ${fields.join(", ")}.`,
  magicLinkError: (message: string) => `Error: ${message}`,
  checkEmailTitle: () => "Check your email",
  checkEmailBody: () => "A sign in link has been sent to your email address",
  // Worded here so the API and login page agree.
  magicLinkRateLimited: () => "Too many sign-in links requested. Please wait a few minutes and try again.",
  unableToTransform: () => "Unable to transform response from server",
  // Names a file whose upload was stopped (paused or cancelled).
  uploadAborted: () => "Upload aborted.",
  // The upload servers refused the upload's ticket, or it could not be renewed in time.
  uploadPermissionExpired: () => "Your permission to upload expired before the upload finished. Please, try again.",
  uploadNotAllowed: () => "You may no longer upload files here. Sign in again, or ask the studio for access.",
} as const;

export type MessageKey = keyof typeof messages;
