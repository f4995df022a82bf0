// Types for the plain-JS rule, which eslint.config.js loads without a build step.
import type { ESLint } from 'eslint';

declare const plugin: ESLint.Plugin;
export default plugin;
