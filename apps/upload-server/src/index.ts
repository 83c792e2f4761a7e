// Public surface of @atelier/upload-server: the two server roles and their configuration.

export * from "./balancer";
export { decodeBase64 } from "./base64-decode";
export * from "./env";
export { sweepExpiredGroups } from "./groups";
export type { HttpServer } from "./http";
export * from "./upload-server";
export { normaliseUrlPath } from "./url-path";
