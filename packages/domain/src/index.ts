export * from './errors.js';
export * from './ids.js';
export * from './currencies.js';
export * from './money.js';
export * from './allocation.js';
export * from './session-lifecycle.js';
export * from './session-request.js';
export * from './brand.js';
