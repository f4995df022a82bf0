import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** What the CLI finds between runs: where the hub is and its token. */
export interface Credentials {
  hub?: string;
  token?: string;
}

/**
 * The credentials file: `SIMLAB_CREDENTIALS`, else `<SIMLAB_DATA>/credentials.json`, else
 * `~/.config/simlab/credentials.json`. The launcher writes it; the CLI reads it.
 */
export function credentialsPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SIMLAB_CREDENTIALS) return env.SIMLAB_CREDENTIALS;
  if (env.SIMLAB_DATA) return join(env.SIMLAB_DATA, 'credentials.json');
  return join(homedir(), '.config', 'simlab', 'credentials.json');
}

export function readCredentials(path: string = credentialsPath()): Credentials {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return {};
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? (parsed as Credentials) : {};
  } catch {
    return {};
  }
}

/** Writes the file readable only by its owner (0600), atomically. */
export function writeCredentials(credentials: Credentials, path: string = credentialsPath()): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
}

export function updateCredentials(change: (c: Credentials) => Credentials, path: string = credentialsPath()): Credentials {
  const next = change(readCredentials(path));
  writeCredentials(next, path);
  return next;
}
