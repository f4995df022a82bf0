export * from './geometry.js';
export * from './ui-node.js';
export * from './screen.js';
