// Public surface of @atelier/storage: object stores, signed tokens and the storage HTTP handlers.

export * from "./byte-limit";
export * from "./client-address";
export * from "./errors";
export * from "./fs-store";
export * from "./http-semantics";
export * from "./object-store";
export * from "./s3-store";
export * from "./secure-path";
export * from "./storage-handler";
export * from "./tokens";
