// The layering of DESIGN.md section 1, enforced: see DEPS.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importCycles from './scripts/eslint/no-import-cycle.js';

const ours = (folder) => [`**/${folder}/**`, `**/${folder}`];
const io = ['fs', 'net', 'http', 'https', 'child_process', 'dgram', 'tls', 'worker_threads', 'cluster'].flatMap(
  (m) => [m, `node:${m}`, `${m}/*`, `node:${m}/*`],
);

function restrict(message, folders, extra = []) {
  return {
    'no-restricted-imports': [
      'error',
      { patterns: [{ group: [...folders.flatMap(ours), ...extra], message }] },
    ],
  };
}

/** Several restrictions on one set of files (a later config's rule replaces an earlier one's, so they go together). */
function restrictEach(...rules) {
  return {
    'no-restricted-imports': [
      'error',
      { patterns: rules.map(([message, folders, extra = []]) => ({ group: [...folders.flatMap(ours), ...extra], message })) },
    ],
  };
}

const WORKERS_SHARE_ONLY_CORE = ['workers/ shares only core/ (the wire schemas) with the hub (DEPS.md).', ['server', 'cli', 'app', 'bench', 'e2e']];
const NO_VIRTUAL_DEVICE = [
  'the virtual Android device is a test harness, outside the production build (DEPS.md).',
  [],
  ['**/android/virtual/**', '**/android/virtual'],
];
const TESTS = ['**/*.test.ts', '**/test-support/**'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', '.next/**', 'app/.next/**', 'artifacts/**', 'next-env.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-warning-comments': ['error', { terms: ['todo', 'fixme', 'xxx'], location: 'start' }],
    },
  },
  {
    // No module may import, through others, the module importing it (DEPS.md).
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { simlab: importCycles },
    rules: { 'simlab/no-import-cycle': 'error' },
  },
  {
    files: ['core/**'],
    ignores: ['**/*.test.ts'],
    rules: restrict(
      'core/ is pure: it imports nothing of ours and does no I/O (DEPS.md).',
      ['server', 'workers', 'cli', 'app', 'bench', 'e2e', 'native'],
      io,
    ),
  },
  {
    files: ['server/**'],
    rules: restrict('server/ shares only core/ (the wire schemas) with workers (DEPS.md).', ['workers', 'cli', 'app', 'bench', 'e2e']),
  },
  {
    files: ['workers/**'],
    rules: restrictEach(WORKERS_SHARE_ONLY_CORE),
  },
  {
    files: ['workers/**'],
    ignores: [...TESTS, 'workers/bridges/android/virtual/**'],
    rules: restrictEach(WORKERS_SHARE_ONLY_CORE, NO_VIRTUAL_DEVICE),
  },
  {
    files: ['workers/bridges/**'],
    ignores: [...TESTS, 'workers/bridges/android/virtual/**'],
    rules: restrictEach(WORKERS_SHARE_ONLY_CORE, NO_VIRTUAL_DEVICE, [
      'a bridge turns one platform into DeviceBridge; the device session and the hub link sit above it (DEPS.md).',
      ['session', 'hub-client'],
    ]),
  },
  {
    files: ['workers/session/**'],
    ignores: TESTS,
    rules: restrictEach(WORKERS_SHARE_ONLY_CORE, NO_VIRTUAL_DEVICE, [
      'the device session drives any DeviceBridge: it imports no bridge and not the hub link (DEPS.md).',
      ['bridges', 'hub-client'],
    ]),
  },
  {
    files: ['cli/**'],
    rules: restrict('cli/ is a thin client of the REST API: it imports only core/ (DEPS.md).', ['server', 'workers', 'app', 'bench', 'e2e']),
  },
  {
    files: ['app/**'],
    rules: restrict('app/ talks to the hub over HTTP and Socket.IO; it imports only core/ (DEPS.md).', ['server', 'workers', 'cli', 'bench', 'e2e']),
  },
);
