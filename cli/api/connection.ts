import { credentialsPath, readCredentials } from './credentials.js';

/** Where the CLI talks to, and with which token. */
export interface Connection {
  hub: string;
  token?: string;
  /** Where each value came from, for `simlab doctor`. */
  sources: { hub: string; token: string };
}

export interface ConnectionFlags {
  hub?: string;
  token?: string;
}

export const DEFAULT_HUB = 'http://127.0.0.1:4700';

/** Flags first, then SIMLAB_HUB / SIMLAB_TOKEN, then the credentials file the launcher wrote. */
export function resolveConnection(flags: ConnectionFlags, env: NodeJS.ProcessEnv = process.env): Connection {
  const path = credentialsPath(env);
  const file = readCredentials(path);
  const pick = (flag: string | undefined, envName: string, fromFile: string | undefined): [string | undefined, string] => {
    if (flag) return [flag, 'flag'];
    const fromEnv = env[envName]?.trim();
    if (fromEnv) return [fromEnv, envName];
    if (fromFile) return [fromFile, path];
    return [undefined, 'none'];
  };
  const [hub, hubSource] = pick(flags.hub, 'SIMLAB_HUB', file.hub);
  const [token, tokenSource] = pick(flags.token, 'SIMLAB_TOKEN', file.token);
  return {
    hub: (hub ?? DEFAULT_HUB).replace(/\/+$/, ''),
    ...(token ? { token } : {}),
    sources: { hub: hub ? hubSource : 'default', token: tokenSource },
  };
}
