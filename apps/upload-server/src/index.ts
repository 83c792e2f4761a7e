// Public surface of @atelier/upload-server: the two server roles and their configuration.
export * from './upload-server';
export * from './balancer';
export * from './env';
export { decodeBase64 } from './base64-decode';
export { normaliseUrlPath } from './url-path';
export { sweepExpiredGroups } from './groups';
