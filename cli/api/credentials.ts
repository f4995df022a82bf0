import { homedir } from 'node:os';
import { join } from 'node:path';
import { readJsonFile, writePrivateJson } from './private-file.js';

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
  return readJsonFile<Credentials>(path) ?? {};
}

/** Writes the file readable only by its owner (0600), atomically. */
export function writeCredentials(credentials: Credentials, path: string = credentialsPath()): void {
  writePrivateJson(path, credentials);
}
