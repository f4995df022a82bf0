import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderScaleFromEnv, webDeviceSpecs } from './provider.js';

test('one portrait iPhone-like device on the demo app by default', () => {
  assert.deepEqual(webDeviceSpecs({}), [{ profile: 'iphone-6.1', orientation: 'portrait' }]);
});

test('count, profiles and URLs come from the environment, reused round-robin', () => {
  const specs = webDeviceSpecs({
    SIMLAB_WEB_DEVICES: '3',
    SIMLAB_WEB_PROFILES: 'android-6.7, tablet:landscape',
    SIMLAB_WEB_URLS: 'https://example.test/app',
  });
  assert.deepEqual(specs, [
    { profile: 'android-6.7', orientation: 'portrait', url: 'https://example.test/app' },
    { profile: 'tablet', orientation: 'landscape', url: 'https://example.test/app' },
    { profile: 'android-6.7', orientation: 'portrait', url: 'https://example.test/app' },
  ]);
  assert.deepEqual(webDeviceSpecs({ SIMLAB_WEB_DEVICES: '0' }), []);
});

test('bad settings are refused with a message naming the variable', () => {
  assert.throws(() => webDeviceSpecs({ SIMLAB_WEB_DEVICES: 'two' }), /SIMLAB_WEB_DEVICES/);
  assert.throws(() => webDeviceSpecs({ SIMLAB_WEB_PROFILES: 'nokia-3310' }), /SIMLAB_WEB_PROFILES: unknown profile "nokia-3310" \(known: /);
  assert.throws(() => webDeviceSpecs({ SIMLAB_WEB_PROFILES: 'tablet:sideways' }), /orientation/);
  assert.throws(() => webDeviceSpecs({ SIMLAB_WEB_URLS: 'file:///etc/passwd' }), /SIMLAB_WEB_URLS/);
});

test('SIMLAB_WEB_RENDER_SCALE: 1 to 3, else refused by name', () => {
  assert.equal(renderScaleFromEnv({}), undefined);
  assert.equal(renderScaleFromEnv({ SIMLAB_WEB_RENDER_SCALE: '3' }), 3);
  for (const bad of ['0.5', '4', 'sharp', 'NaN']) assert.throws(() => renderScaleFromEnv({ SIMLAB_WEB_RENDER_SCALE: bad }), /SIMLAB_WEB_RENDER_SCALE/);
});
