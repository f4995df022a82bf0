import { join } from 'node:path';
import { REPO_ROOT } from './fixtures.js';

/**
 * Node's arguments for the simlab CLI: the `simlab` bin as `npm run build` bundles it (it starts
 * in a fifth of the time) when scripts/test.mjs says that build is this run's, else its sources
 * (cli/main.ts through tsx). Not whenever dist/ exists: a file run on its own after an edit would
 * test the bundle of an older build.
 */
export function cliArgv(args: string[]): string[] {
  return process.env.SIMLAB_TEST_BUILT === '1' ? [join(REPO_ROOT, 'dist/simlab/main.js'), ...args] : ['--import', 'tsx', join(REPO_ROOT, 'cli/main.ts'), ...args];
}
