import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Hub } from '../server/main.js';
import { ROOT, runCli, startTestHub, tempDataDir } from './support/lab.js';

/** The worker process's failure modes, without a browser (SIMLAB_WEB_DEVICES=0). */
function runWorker(env: Record<string, string>, stopWhen?: RegExp): Promise<{ code: number | null; output: string }> {
  const clean = { ...process.env };
  for (const name of ['SIMLAB_HUB', 'SIMLAB_WORKER_TOKEN']) delete clean[name];
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'workers/main.ts')], { cwd: ROOT, env: { ...clean, SIMLAB_WEB_DEVICES: '0', ...env } });
  let output = '';
  const collect = (c: Buffer): void => {
    output += c.toString();
    if (stopWhen?.test(output)) child.kill('SIGTERM');
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

const data = tempDataDir();
let hub: Hub;
before(async () => {
  hub = await startTestHub(data.dir);
});
after(async () => {
  await hub.close();
  data.remove();
});

test('a worker without SIMLAB_HUB exits 2 and says what to set', async () => {
  const run = await runWorker({ SIMLAB_WORKER_TOKEN: 'x' });
  assert.equal(run.code, 2);
  assert.match(run.output, /SIMLAB_HUB is not set/);
});

test('a worker whose token the hub refuses exits 1 instead of retrying forever', async () => {
  const run = await runWorker({ SIMLAB_HUB: hub.url, SIMLAB_WORKER_TOKEN: 'slk_0000000000000000_notatokennotatokennotatokennotatokennotatok' });
  assert.equal(run.code, 1);
  assert.match(run.output, /refused .*SIMLAB_WORKER_TOKEN/);
});

test('a user token is not a worker token', async () => {
  const run = await runWorker({ SIMLAB_HUB: hub.url, SIMLAB_WORKER_TOKEN: hub.adminToken as string });
  assert.equal(run.code, 1);
  assert.match(run.output, /UNAUTHORIZED/);
});

test('an unknown platform is refused at start, naming the known ones', async () => {
  const run = await runWorker({ SIMLAB_HUB: hub.url, SIMLAB_WORKER_TOKEN: hub.workerToken as string, SIMLAB_PLATFORMS: 'symbian' });
  assert.equal(run.code, 1);
  assert.match(run.output, /unknown platform "symbian" .*known: web/);
});

test('an admin makes a worker token with the CLI; a worker on "another host" registers with it and stops cleanly', async () => {
  const made = await runCli(['token', 'create', 'far-host', '--role', 'worker', '--json'], { SIMLAB_HUB: hub.url, SIMLAB_TOKEN: hub.adminToken as string });
  assert.equal(made.code, 0, made.stderr);
  const token = (JSON.parse(made.stdout) as { data: { token: string } }).data.token;
  const run = await runWorker({ SIMLAB_HUB: hub.url, SIMLAB_WORKER_TOKEN: token, SIMLAB_WORKER_ID: 'far-host' }, /registered with/);
  assert.match(run.output, /registered with/);
  assert.equal(run.code, 0);
});
