import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { DEFAULT_HUB, resolveConnection } from './connection.js';
import { credentialsPath, readCredentials, writeCredentials } from './credentials.js';

test('the credentials file lives under SIMLAB_DATA when set, and only its owner can read it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'simlab-cred-'));
  try {
    const env = { SIMLAB_DATA: dir };
    const path = credentialsPath(env);
    assert.equal(path, join(dir, 'credentials.json'));
    writeCredentials({ hub: 'http://127.0.0.1:1234', token: 'slk_x' }, path);
    assert.equal(statSync(path).mode & 0o777, 0o600);
    assert.deepEqual(readCredentials(path), { hub: 'http://127.0.0.1:1234', token: 'slk_x' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('flags win over the environment, which wins over the credentials file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'simlab-cred-'));
  try {
    writeCredentials({ hub: 'http://file:1/', token: 'from-file' }, join(dir, 'credentials.json'));
    const base = { SIMLAB_DATA: dir };
    const fromFile = resolveConnection({}, base);
    assert.equal(fromFile.hub, 'http://file:1');
    assert.equal(fromFile.token, 'from-file');
    const fromEnv = resolveConnection({}, { ...base, SIMLAB_HUB: 'http://env:2', SIMLAB_TOKEN: 'from-env' });
    assert.deepEqual([fromEnv.hub, fromEnv.token, fromEnv.sources.token], ['http://env:2', 'from-env', 'SIMLAB_TOKEN']);
    const fromFlags = resolveConnection({ hub: 'http://flag:3', token: 'from-flag' }, { ...base, SIMLAB_TOKEN: 'from-env' });
    assert.deepEqual([fromFlags.hub, fromFlags.token, fromFlags.sources.hub], ['http://flag:3', 'from-flag', 'flag']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without any setting the CLI points at the local default hub and has no token', () => {
  const dir = mkdtempSync(join(tmpdir(), 'simlab-cred-'));
  try {
    const c = resolveConnection({}, { SIMLAB_DATA: dir });
    assert.equal(c.hub, DEFAULT_HUB);
    assert.equal(c.token, undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
