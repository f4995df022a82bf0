// The layering of DESIGN.md section 1, enforced: see DEPS.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
    rules: restrict('workers/ shares only core/ (the wire schemas) with the hub (DEPS.md).', ['server', 'cli', 'app', 'bench', 'e2e']),
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
