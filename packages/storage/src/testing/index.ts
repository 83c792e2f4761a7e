// Test helpers for drivers and servers built on @atelier/storage: the contract suite and a loopback S3.

export * from "./s3-server";
export * from "./store-contract";
