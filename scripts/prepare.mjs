// Shared by `npm start` and `npm run worker`: install what is missing and build when dist/ is
// missing or older than the sources, so a fresh clone runs with one command.
import process from 'node:process';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = dirname(dirname(fileURLToPath(import.meta.url)));
const SOURCE_DIRS = ['core', 'cli', 'workers', 'server'];
const ENTRY_POINTS = ['dist/server/main.js', 'dist/workers/main.js', 'dist/cli/main.js', 'dist/simlab/main.js'];

export const say = (line) => process.stdout.write(`[simlab] ${line}\n`);

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    say(`\`${command} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal}); fix that and run again`);
    process.exit(1);
  }
}

const SOURCE_FILE = /\.(ts|tsx|mjs|css)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'test-support', '.next']);

/** The newest modification time among the sources under `dirs` (tests excluded) and the build settings. */
function newestSource(dirs) {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(path);
      } else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.test.ts')) {
        newest = Math.max(newest, statSync(path).mtimeMs);
      }
    }
  };
  for (const dir of dirs) if (existsSync(join(root, dir))) walk(join(root, dir));
  for (const file of ['tsconfig.json', 'tsconfig.build.json', 'scripts/build-cli.mjs']) newest = Math.max(newest, statSync(join(root, file)).mtimeMs);
  return newest;
}

/** True when dist/ or the dashboard build (app/.next) is missing or older than its sources. */
function needsBuild() {
  const built = ENTRY_POINTS.map((p) => join(root, p));
  if (built.some((p) => !existsSync(p))) return true;
  if (newestSource(SOURCE_DIRS) > Math.min(...built.map((p) => statSync(p).mtimeMs))) return true;
  if (!existsSync(join(root, 'app', 'next.config.mjs'))) return false;
  const buildId = join(root, 'app', '.next', 'BUILD_ID');
  return !existsSync(buildId) || newestSource(['app', 'core']) > statSync(buildId).mtimeMs;
}

export function prepare() {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  if (!existsSync(join(root, 'node_modules'))) {
    say('installing dependencies (npm install)');
    run(npm, ['install']);
  }
  if (needsBuild()) {
    say('building (npm run build)');
    run(npm, ['run', 'build']);
  }
}
