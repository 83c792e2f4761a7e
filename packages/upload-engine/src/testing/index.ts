// Test support for anything that talks the upload wire contract: a fake backend and log helpers.

export { failureOf } from "./outcomes";
export { maxInFlight, partRequests } from "./request-log";
export { syntheticSource } from "./synthetic-source";
export { recordingSleep, waitUntil } from "./test-clock";
export { createUploadBackend } from "./upload-backend";
