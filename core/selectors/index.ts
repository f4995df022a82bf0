export type { Selector, AttributeTest } from './selector.js';
export { parseSelector } from './parse.js';
export { resolveSelector, matchSelector, formatSelector, type ResolveContext } from './resolve.js';
export { selectorsFor } from './selectors-for.js';
