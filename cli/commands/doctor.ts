import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Command } from 'commander';
import { fail, ok } from '../../core/contract/envelope.js';
import { labApi, withLabOptions, type LabOptions } from './context.js';
import { report } from './output.js';

export interface Check {
  name: string;
  status: 'ok' | 'warn' | 'fail';
  detail: string;
  fix?: string;
}

const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/snap/bin/chromium'];

/** The first line a tool prints for `--version` (or `version`), or undefined when it does not run. */
function versionOf(executable: string, args: string[] = ['--version']): string | undefined {
  const run = spawnSync(executable, args, { encoding: 'utf8', timeout: 10_000 });
  if (run.error || run.status !== 0) return undefined;
  return `${run.stdout}${run.stderr}`.split('\n').find((l) => l.trim().length > 0)?.trim();
}

function toolCheck(name: string, candidates: string[], args: string[], missing: Omit<Check, 'name' | 'detail'> & { detail: string }): Check {
  for (const candidate of candidates) {
    const version = versionOf(candidate, args);
    if (version) return { name, status: 'ok', detail: `${candidate}: ${version}` };
  }
  return { name, ...missing };
}

function localChecks(env: NodeJS.ProcessEnv = process.env): Check[] {
  const chromium = [env.SIMLAB_CHROMIUM, ...CHROMIUM_PATHS.filter((p) => existsSync(p)), 'chromium'].filter((p): p is string => !!p);
  return [
    toolCheck('chromium', chromium, ['--version'], {
      status: 'fail',
      detail: 'no Chromium or Chrome found (web devices need one)',
      fix: 'apt-get install -y chromium, or set SIMLAB_CHROMIUM to a Chrome/Chromium executable',
    }),
    toolCheck('adb', [env.ADB_PATH, 'adb'].filter((p): p is string => !!p), ['version'], {
      status: 'warn',
      detail: 'adb not found (only Android devices need it)',
      fix: 'apt-get install -y adb',
    }),
    toolCheck('ffmpeg', [env.FFMPEG_PATH, 'ffmpeg'].filter((p): p is string => !!p), ['-version'], {
      status: 'warn',
      detail: 'ffmpeg not found (only recordings need it)',
      fix: 'apt-get install -y ffmpeg, or set FFMPEG_PATH',
    }),
  ];
}

async function hubChecks(options: LabOptions): Promise<Check[]> {
  const api = labApi(options);
  const { hub, token, sources } = api.client.connection;
  const health = await api.health();
  if (!health.ok) {
    return [{ name: 'hub', status: 'fail', detail: `${hub} (from ${sources.hub}): ${health.error.message}`, fix: 'start the lab with `npm start`, or point --hub / SIMLAB_HUB at it' }];
  }
  const { version, workers, devices } = health.data;
  const checks: Check[] = [{ name: 'hub', status: 'ok', detail: `${hub} answers (from ${sources.hub}), version ${version}` }];
  if (!token) {
    checks.push({ name: 'token', status: 'fail', detail: 'no token given', fix: 'pass --token, set SIMLAB_TOKEN, or run `npm start` on this machine to write the credentials file' });
  } else {
    const me = await api.me();
    checks.push(
      me.ok
        ? { name: 'token', status: 'ok', detail: `${me.data.name} (${me.data.role}), from ${sources.token}` }
        : { name: 'token', status: 'fail', detail: `the hub refused the token from ${sources.token}: ${me.error.message}`, fix: 'ask an admin for a new token (tokens can be revoked or expire)' },
    );
  }
  checks.push(
    devices.total === 0
      ? { name: 'devices', status: 'warn', detail: `${workers} worker(s), no devices`, fix: 'start a worker: `npm run worker` with SIMLAB_HUB and SIMLAB_WORKER_TOKEN (an admin makes one: `simlab token create <name> --role worker`)' }
      : { name: 'devices', status: devices.online > 0 ? 'ok' : 'warn', detail: `${workers} worker(s), ${devices.online} of ${devices.total} device(s) online` },
  );
  return checks;
}

export function doctorCommand(): Command {
  return withLabOptions(new Command('doctor'))
    .description('check the hub, the token, Chromium, adb and ffmpeg, and say what to fix')
    .action(async (options: LabOptions) => {
      const checks = [...(await hubChecks(options)), ...localChecks()];
      const failed = checks.filter((c) => c.status === 'fail');
      const envelope = failed.length === 0
        ? ok('doctor', { checks })
        : fail('doctor', 'DEVICE_UNAVAILABLE', `${failed.map((c) => c.name).join(', ')} need fixing`, { details: { checks } });
      if (options.json) return report(envelope, options);
      for (const c of checks) {
        process.stdout.write(`${c.status.padEnd(4)}  ${c.name.padEnd(8)} ${c.detail}\n`);
        if (c.fix && c.status !== 'ok') process.stdout.write(`      fix: ${c.fix}\n`);
      }
      process.exitCode = failed.length === 0 ? 0 : 1;
    });
}
