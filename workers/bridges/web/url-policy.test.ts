import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allowListFromEnv, UrlPolicy } from './url-policy.js';

describe('UrlPolicy: which URLs a web device may load', () => {
  const open = new UrlPolicy([], 'http://127.0.0.1:4000/app');

  it('allows public http(s) pages, the empty page and its own start origin', async () => {
    for (const url of ['https://example.com/', 'http://93.184.216.34/', 'about:blank', 'http://127.0.0.1:4000/other', 'http://10.1.2.3/']) {
      assert.equal(await open.refusal(url), undefined, url);
    }
  });

  it('refuses file:, data:, javascript:, chrome: and view-source: (issue 18, item 1)', async () => {
    for (const url of ['file:///etc/passwd', 'data:text/html,x', 'javascript:alert(1)', 'chrome://version', 'view-source:https://example.com/', 'devtools://devtools/']) {
      assert.match((await open.refusal(url)) ?? '', /opens only/, url);
    }
  });

  it('refuses the worker host, link-local and metadata addresses in every spelling', async () => {
    for (const url of [
      'http://127.0.0.1:4700/api/v1/tokens',
      'http://localhost:4700/',
      'http://app.localhost/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://0.0.0.0:4700/',
      'http://[::1]:4700/',
      'http://[::ffff:127.0.0.1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://[fd00:ec2::254]/',
      'http://[fe80::1]/',
    ]) {
      assert.match((await open.refusal(url)) ?? '', /worker's own host/, url);
    }
  });

  it('with SIMLAB_WEB_ALLOW, opens only the named origins and patterns; naming a loopback origin allows it', async () => {
    const policy = new UrlPolicy(allowListFromEnv({ SIMLAB_WEB_ALLOW: 'https://app.example.com, *.staging.example.com, http://127.0.0.1:3000' }));
    for (const url of ['https://app.example.com/x', 'https://a.staging.example.com/', 'http://127.0.0.1:3000/']) assert.equal(await policy.refusal(url), undefined, url);
    for (const url of ['http://app.example.com/', 'https://evil.com/', 'https://app.example.com.evil.com/', 'http://127.0.0.1:3001/']) {
      assert.match((await policy.refusal(url)) ?? '', /SIMLAB_WEB_ALLOW/, url);
    }
  });

  it('a bare * allows any host but still not the worker host', async () => {
    const policy = new UrlPolicy(['*']);
    assert.equal(await policy.refusal('https://anything.example/'), undefined);
    assert.match((await policy.refusal('http://127.0.0.1/')) ?? '', /worker's own host/);
  });

  it('rejects a malformed SIMLAB_WEB_ALLOW entry at start', () => {
    assert.throws(() => allowListFromEnv({ SIMLAB_WEB_ALLOW: 'https://' }), /SIMLAB_WEB_ALLOW/);
  });
});
