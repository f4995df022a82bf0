import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IOS_COMMANDS } from './ios-commands.js';

const ok = (verb: keyof typeof IOS_COMMANDS, args: unknown) => IOS_COMMANDS[verb].safeParse(args).success;

test('ios verbs take bounded, well-formed arguments', () => {
  assert.ok(ok('ios.launch', { bundleId: 'com.apple.Preferences' }));
  assert.ok(ok('ios.open-url', { url: 'myapp://settings/profile' }));
  assert.ok(ok('ios.open-url', { url: 'https://example.com/a?b=c' }));
  assert.ok(ok('ios.install', { app: 'Demo App.app' }));
  assert.ok(ok('ios.appearance', { mode: 'dark' }));
});

test('attacks on the ios verbs are refused at the boundary', () => {
  for (const app of ['../../etc/passwd.app', '/Applications/Xcode.app', 'a/b.app', '.hidden.app', 'x'.repeat(300) + '.app', 'Demo.ipa']) {
    assert.ok(!ok('ios.install', { app }), app);
  }
  for (const url of ['file:///etc/passwd', 'FILE:///Users', 'javascript:alert(1)', 'data:text/html,x', 'about:blank', 'no scheme', `https://${'a'.repeat(3000)}`]) {
    assert.ok(!ok('ios.open-url', { url }), url);
  }
  for (const bundleId of ['', 'noDots', 'com.example.app; rm -rf /', '-rf.x', 'a'.repeat(300) + '.b']) {
    assert.ok(!ok('ios.launch', { bundleId }), bundleId);
  }
  assert.ok(!ok('ios.launch', { bundleId: 'com.example.app', extra: 1 }));
  assert.ok(!ok('ios.appearance', { mode: 'sepia' }));
});
