export * from './error-codes.js';
export * from './envelope.js';
