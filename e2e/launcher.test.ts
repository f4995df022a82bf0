import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { descendants, isAlive, ROOT, runCli, tempDataDir, waitFor } from './support/lab.js';

/** `npm start` is `node scripts/start.mjs`: run it as a user would, with its own data folder and port 0. */
function launch(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const clean = { ...process.env };
  for (const name of ['SIMLAB_HUB', 'SIMLAB_TOKEN', 'SIMLAB_CREDENTIALS', 'SIMLAB_WORKER_TOKEN']) delete clean[name];
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], { cwd: ROOT, env: { ...clean, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  return { child, output: () => out };
}

interface Check {
  name: string;
  status: string;
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

const data = tempDataDir();
const started: ChildProcess[] = [];
after(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  data.remove();
});

test('npm start runs hub (with the dashboard) + worker + web phone, prints the admin token once, writes 0600 CLI credentials, and Ctrl-C leaves nothing behind', async () => {
  const first = launch({ SIMLAB_DATA: data.dir });
  started.push(first.child);
  await waitFor('the local worker registered', () => /registered with/.test(first.output()) || first.child.exitCode !== null, 180_000);
  const out = first.output();
  const url = out.match(/hub on (http:\/\/\S+)/)?.[1];
  const token = out.match(/admin token \(shown once[^)]*\): (slk_\S+)/)?.[1];
  assert.ok(url && token, out);

  const credentials = join(data.dir, 'credentials.json');
  assert.equal(statSync(credentials).mode & 0o777, 0o600);
  assert.deepEqual(JSON.parse(readFileSync(credentials, 'utf8')), { hub: url, token });

  assert.match(out, /dashboard: http:\/\/\S+\/ /, 'the hub serves the dashboard on the same port');
  const page = await fetch(`${url}/`, { redirect: 'manual' });
  assert.ok([200, 302, 303, 307].includes(page.status), `the dashboard answers (${page.status})`);

  const devices = await runCli(['devices'], { SIMLAB_DATA: data.dir });
  assert.equal(devices.code, 0, devices.stderr);
  assert.match(devices.stdout, /local-web-1\s+web\s+online/);

  const family = descendants(first.child.pid as number);
  assert.ok(family.length >= 3, 'hub, worker and a browser run under the launcher');
  first.child.kill('SIGINT');
  assert.equal(await exitOf(first.child), 0);
  await waitFor('every process the launcher started to exit', () => family.every((pid) => !isAlive(pid)), 20_000);

  const second = launch({ SIMLAB_DATA: data.dir });
  started.push(second.child);
  await waitFor('the lab up again', () => /registered with/.test(second.output()) || second.child.exitCode !== null, 180_000);
  const url2 = second.output().match(/hub on (http:\/\/\S+)/)?.[1];
  assert.ok(url2, second.output());
  assert.doesNotMatch(second.output(), /slk_/, 'the admin token is shown only on the first start');
  assert.deepEqual(JSON.parse(readFileSync(credentials, 'utf8')), { hub: url2, token }, 'the CLI keeps its token and learns the new URL');
  const doctor = await runCli(['doctor', '--json'], { SIMLAB_DATA: data.dir });
  const report = JSON.parse(doctor.stdout) as { data?: { checks: Check[] }; error?: { details: { checks: Check[] } } };
  const byName = Object.fromEntries((report.data?.checks ?? report.error?.details.checks ?? []).map((c) => [c.name, c.status]));
  assert.equal(byName.hub, 'ok');
  assert.equal(byName.token, 'ok');
  assert.equal(byName.devices, 'ok');

  // Even a launcher killed outright takes its hub, worker and browsers with it.
  const family2 = descendants(second.child.pid as number);
  second.child.kill('SIGKILL');
  await waitFor('every process of the killed launcher to exit', () => family2.every((pid) => !isAlive(pid)), 20_000);
});
