export * from './audit.js';
export * from './users.js';
