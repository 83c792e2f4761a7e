// Public surface of @atelier/domain: the product's pure rules and constants.

export * from './roles';
export * from './navigation';
export * from './comments';
export * from './notification-time';
export * from './project-name';
export * from './avatar';
export * from './session';
export * from './app-constants';
export * from './errors';
export * from './messages';
export * from './user-rules';
export * from './auth-errors';
export * from './storage-rules';
export * from './projects';
export * from './invoices';
export * from './live-events';
