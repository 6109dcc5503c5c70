import './zod-locale.js';
export * from './enums.js';
export * from './messages.js';
export * from './paging.js';
export * from './permissions.js';
export * from './settings.js';
export * from './schemas/auth.js';
