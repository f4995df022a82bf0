import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const COMPOSE = join(ROOT, 'docker/compose.yaml');

/** Variables of the system or the runtime, not simlab settings. */
const NOT_OURS = new Set(['HOME', 'PATH', 'USER', 'TMPDIR', 'CI', 'NODE_ENV']);

function files(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', '.next', 'dist', '.git', 'test-support', 'fixtures'].includes(e.name) ? [] : files(path, keep);
    return keep(path) ? [path] : [];
  });
}

/** Every environment variable the shipped code reads: process.env.X, env.X on a ProcessEnv, env['X']. */
function variablesRead(): Map<string, string> {
  const found = new Map<string, string>();
  const sources = ['core', 'server', 'workers', 'cli', 'app', 'scripts'].flatMap((d) =>
    files(join(ROOT, d), (p) => /\.(ts|tsx|mjs|js)$/.test(p) && !/\.test\.tsx?$/.test(p)),
  );
  for (const file of sources) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\b(?:process\.env|env)(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])/g)) {
      const name = m[1] ?? m[2] ?? '';
      if (!NOT_OURS.has(name) && !found.has(name)) found.set(name, relative(ROOT, file));
    }
  }
  return found;
}

test('every environment variable the code reads is documented in the compose file or a README', () => {
  const docs = [COMPOSE, ...files(ROOT, (p) => p.endsWith('README.md'))].map((p) => readFileSync(p, 'utf8')).join('\n');
  const read = variablesRead();
  assert.ok(read.has('SIMLAB_DATABASE_URL') && read.has('PORT'), 'the scan finds the variables');
  const undocumented = [...read].filter(([name]) => !new RegExp(`\\b${name}\\b`).test(docs)).map(([name, file]) => `${name} (${file})`);
  assert.deepEqual(undocumented, []);
});

test('the compose file is valid for docker compose', (t) => {
  const plugin = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
  const [cmd, args] = plugin.status === 0 ? ['docker', ['compose']] : ['docker-compose', []];
  if (cmd === 'docker-compose' && spawnSync('docker-compose', ['version']).error) {
    t.skip('neither docker compose nor docker-compose is installed (.ci/run installs docker-compose)');
    return;
  }
  const config = execFileSync(cmd, [...args, '-f', COMPOSE, 'config'], { encoding: 'utf8', env: { ...process.env, SIMLAB_WORKER_TOKEN: 'slk_test' } });
  for (const service of ['postgres', 'redis', 's3', 'hub-a', 'hub-b', 'worker-web', 'worker-android']) assert.match(config, new RegExp(`^  ${service}:`, 'm'), service);
  for (const dockerfile of ['hub', 'worker-web', 'worker-android']) assert.match(config, new RegExp(`docker/${dockerfile}\\.Dockerfile`), dockerfile);
});
