// The state the fake Mac tools share (a folder named by FAKE_IOS_STATE): the simulator list
// (testdata's `simctl list -j`, with states the fakes change), the screen the front app
// shows (a real describe-ui capture), failures to replay, and a log of every call.
import process from 'node:process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { URL, fileURLToPath } from 'node:url';

const dir = process.env.FAKE_IOS_STATE;
if (!dir) {
  process.stderr.write('FAKE_IOS_STATE is not set\n');
  process.exit(2);
}
export const testdata = fileURLToPath(new URL('../testdata/', import.meta.url));

export function readJson(name, fallback) {
  const file = join(dir, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : fallback;
}

export function writeJson(name, value) {
  writeFileSync(join(dir, name), JSON.stringify(value, null, 2));
}

export function logCall(tool, args, stdin) {
  appendFileSync(join(dir, 'calls.log'), `${JSON.stringify({ tool, args, ...(stdin ? { stdin } : {}), at: Date.now() })}\n`);
}

/** Every simulator of the list, with its udid, state and runtime. */
export function simulators() {
  const list = readJson('devices.json');
  return Object.entries(list.devices).flatMap(([runtime, devices]) => devices.map((d) => ({ ...d, runtime })));
}

export function setState(udid, state) {
  const list = readJson('devices.json');
  for (const devices of Object.values(list.devices)) for (const d of devices) if (d.udid === udid) d.state = state;
  writeJson('devices.json', list);
}

/** Prints a real failure (testdata/simctl-errors.json) and exits with its status. */
export function failWith(kind, udid = '') {
  const errors = JSON.parse(readFileSync(join(testdata, 'simctl-errors.json'), 'utf8'));
  const e = errors[kind];
  process.stderr.write(e.stderr.replace('{udid}', udid));
  process.exit(e.exit);
}

/** A failure the test asked this verb to replay (fail.json: {"simctl boot": "boot-timeout"}). */
export function plannedFailure(key) {
  return readJson('fail.json', {})[key];
}

/** The real describe-ui capture the front app shows: under SIMLAB_FIXTURES, which FakeIosHost sets (test/support/fixtures.ts). */
export const DEFAULT_SCREEN = join(process.env.SIMLAB_FIXTURES ?? '', 'ui-trees', 'ios', 'idb_nested_line_account_settings.json');

/** The describe-ui JSON the front app shows now (a path; the shared capture by default). */
export function screenText() {
  return readFileSync(readJson('screen.json', { file: DEFAULT_SCREEN }).file, 'utf8');
}

export function readStdin() {
  try {
    return readFileSync(0, 'utf8');
  } catch {
    return '';
  }
}
