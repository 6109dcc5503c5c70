export * from './audit.js';
export * from './curricula.js';
export * from './periods.js';
export * from './students.js';
export * from './teaching-ranks.js';
export * from './users.js';
export * from './exam-results.js';
export * from './planning.js';
