import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_WEB_URL_LENGTH, WebUrl } from './web-url.js';

describe('WebUrl: what a web device may be asked to open', () => {
  it('takes http(s) pages and the empty page', () => {
    for (const url of ['http://example.com/', 'https://app.example.com:8443/a?b=c#d', 'about:blank']) assert.equal(WebUrl.safeParse(url).success, true, url);
  });

  it('refuses every scheme that reaches the host or the browser itself (issue 18, item 1)', () => {
    for (const url of [
      'file:///etc/passwd',
      'FILE:///root/.simlab/credentials.json',
      'file://localhost/etc/',
      'data:text/html,<script>alert(1)</script>',
      'javascript:alert(document.cookie)',
      'chrome://settings',
      'chrome-extension://abc/page.html',
      'view-source:http://example.com/',
      'devtools://devtools/bundled/inspector.html',
      'blob:http://example.com/123',
      'ftp://example.com/',
      'about:config',
      'ws://example.com/',
      'http://user:pass@example.com/',
      '/relative/path',
      '',
    ]) {
      const parsed = WebUrl.safeParse(url);
      assert.equal(parsed.success, false, url);
      assert.match(parsed.error?.issues[0]?.message ?? '', /expected/);
    }
  });

  it('bounds the length', () => {
    assert.equal(WebUrl.safeParse(`https://example.com/${'a'.repeat(MAX_WEB_URL_LENGTH)}`).success, false);
  });
});
