// Test helpers for drivers and servers built on @atelier/storage: the contract suite and a loopback S3.
export * from './store-contract';
export * from './s3-server';
