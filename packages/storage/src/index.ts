// Public surface of @atelier/storage: object stores, signed tokens and the storage HTTP handlers.

export * from './object-store';
export * from './secure-path';
export * from './fs-store';
export * from './s3-store';
export * from './tokens';
export * from './errors';
export * from './http-semantics';
export * from './byte-limit';
export * from './storage-handler';
