// Test support for anything that talks the upload wire contract: a fake backend and log helpers.

export { failureOf } from "./outcomes";
export { maxInFlight, overlaps, partRequests } from "./request-log";
export { syntheticSource } from "./synthetic-source";
export { recordingSleep, waitUntil } from "./test-clock";
export {
  createUploadBackend,
  type FailureHandle,
  type FailureRule,
  type Hold,
  type HoldMatch,
  type RecordedRequest,
  type RequestKind,
  type StoredFile,
  type StoredGroup,
  type UploadBackend,
  type UploadBackendOptions,
} from "./upload-backend";
