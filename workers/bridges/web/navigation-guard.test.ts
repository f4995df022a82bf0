import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { SimlabError } from '../../../core/contract/index.js';
import type { UiNode } from '../../../core/model/index.js';
import { launchWebDevice } from './launch.js';
import { startPageServer, type PageServer } from './test-support/page-server.js';
import type { WebDevice } from './web-device.js';

function text(node: UiNode): string {
  return [node.label ?? '', node.value ?? '', ...node.children.map(text)].join(' ');
}

/**
 * The attacks of issue 18 item 1 against a real Chromium: the device's page (or its holder)
 * tries to reach the worker host's files and addresses. `secret` stands for anything on the
 * worker host: another loopback port (the hub, a database console), never allowed.
 */
describe('navigation guard: a web device never reaches the worker host', () => {
  let site: PageServer;
  let secret: PageServer;
  let device: WebDevice;
  const refused: string[] = [];

  before(async () => {
    secret = await startPageServer({ '/': '<p>hub secret</p>', '/meta': '<p>credentials</p>' });
    site = await startPageServer({
      '/': '<title>home</title><p>home page</p>',
      '/to-secret': (_req, res) => res.writeHead(302, { location: `${secret.origin}/meta` }).end(),
      '/to-file': (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
    });
    device = await launchWebDevice({ url: `${site.origin}/`, onRefused: (r) => refused.push(r.url) });
  });
  after(async () => {
    await device?.close();
    await site?.close();
    await secret?.close();
  });

  const stillHome = async (): Promise<void> => {
    assert.ok(!/passwd|root:|credentials|hub secret/.test(text((await device.describe()).root)), 'nothing of the host shows in the outline');
  };

  it('web.open of file:, data:, javascript: or a loopback address is FORBIDDEN before anything loads', async () => {
    for (const url of ['file:///etc/passwd', 'file:///etc/', 'data:text/html,<p>x', 'javascript:alert(1)', 'view-source:file:///etc/passwd', `${secret.origin}/`, 'http://169.254.169.254/latest/meta-data/']) {
      await assert.rejects(device.open(url), (e: unknown) => e instanceof SimlabError && e.code === 'FORBIDDEN' && e.options.delivery === 'not_delivered', url);
    }
    assert.deepEqual(secret.requests, []);
    assert.match(device.url, new RegExp(`^${site.origin}/`));
  });

  it('a redirect to a refused host or to file: is stopped at that hop', async () => {
    await assert.rejects(device.open(`${site.origin}/to-secret`), (e: unknown) => e instanceof SimlabError && e.code === 'FORBIDDEN' && /worker's own host/.test(e.message));
    await assert.rejects(device.open(`${site.origin}/to-file`), (e: unknown) => e instanceof SimlabError);
    assert.deepEqual(secret.requests, []);
    await device.open(`${site.origin}/`);
    await stillHome();
  });

  it("the page's own navigations, fetches, frames and popups to the host are refused", async () => {
    await device.open(`${site.origin}/`);
    refused.length = 0;
    await device.evaluate(`fetch(${JSON.stringify(`${secret.origin}/meta`)}).catch(() => 0), 1`);
    await device.evaluate(`(() => { const f = document.createElement('iframe'); f.src = ${JSON.stringify(`${secret.origin}/`)}; document.body.append(f); return 1; })()`);
    await device.evaluate(`(window.open(${JSON.stringify(`${secret.origin}/`)}), 1)`);
    await device.evaluate(`(() => { const a = document.createElement('a'); a.href = ${JSON.stringify(`${site.origin}/`)}; a.target = '_blank'; document.body.append(a); a.click(); return 1; })()`);
    await device.evaluate(`(location.href = 'file:///etc/passwd', 1)`);
    await sleep(1000);
    await device.evaluate(`(location.href = ${JSON.stringify(`${secret.origin}/`)}, 1)`).catch(() => undefined);
    await sleep(1000);
    assert.deepEqual(secret.requests, [], 'no request of the page reached the host');
    assert.ok(refused.some((u) => u.startsWith(secret.origin)), `refusals logged: ${refused.join(', ')}`);
    assert.ok(!device.url.startsWith('file:') && !device.url.startsWith(secret.origin), device.url);
    await stillHome();
  });

  it('an origin the lab names in SIMLAB_WEB_ALLOW opens', async () => {
    const allowed = await launchWebDevice({ url: 'about:blank', allow: [secret.origin] });
    try {
      await allowed.open(`${secret.origin}/`);
      assert.match(text((await allowed.describe()).root), /hub secret/);
    } finally {
      await allowed.close();
    }
  });
});
