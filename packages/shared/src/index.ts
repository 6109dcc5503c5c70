export * from './enums.js';
export * from './messages.js';
export * from './paging.js';
export * from './permissions.js';
