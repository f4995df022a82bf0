import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, workerConfigFromEnv } from './config.js';

test('a worker needs the hub URL and a worker token, and says which one is missing', () => {
  assert.throws(() => workerConfigFromEnv({ SIMLAB_WORKER_TOKEN: 't' }), (e: unknown) => e instanceof ConfigError && /SIMLAB_HUB/.test(e.message));
  assert.throws(() => workerConfigFromEnv({ SIMLAB_HUB: 'http://h:1' }), /SIMLAB_WORKER_TOKEN/);
  assert.throws(() => workerConfigFromEnv({ SIMLAB_HUB: 'not a url', SIMLAB_WORKER_TOKEN: 't' }), /not a URL/);
});

test('the worker id defaults to the host name and is made safe for device ids; platforms default to web', () => {
  const c = workerConfigFromEnv({ SIMLAB_HUB: 'http://h:1', SIMLAB_WORKER_TOKEN: 't', SIMLAB_WORKER_ID: 'lab host/2' });
  assert.equal(c.workerId, 'lab-host-2');
  assert.deepEqual(c.platforms, ['web']);
  assert.deepEqual(workerConfigFromEnv({ SIMLAB_HUB: 'http://h:1', SIMLAB_WORKER_TOKEN: 't', SIMLAB_PLATFORMS: 'web, android' }).platforms, ['web', 'android']);
});
