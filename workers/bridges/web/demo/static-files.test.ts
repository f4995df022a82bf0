import assert from 'node:assert/strict';
import { request } from 'node:http';
import { test } from 'node:test';
import { startDemoServer } from './server.js';

/** A raw request, so paths reach the server exactly as written (fetch would normalise them). */
function raw(url: string, path: string, method = 'GET'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url.replace(/\/$/, '')}${path}`, { method }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

test('the demo server answers hostile paths with an error and keeps serving', async (t) => {
  const demo = await startDemoServer();
  t.after(() => demo.close());
  assert.equal(await raw(demo.url, '/%E0%A4%A'), 400, 'a path that does not decode');
  assert.equal(await raw(demo.url, '/../../../../etc/passwd'), 404, 'outside the folder');
  assert.equal(await raw(demo.url, '/%2e%2e/%2e%2e/package.json'), 404, 'outside the folder, encoded');
  assert.equal(await raw(demo.url, '/index.html', 'POST'), 404);
  assert.equal(await raw(demo.url, '/'), 200, 'still serving');
});
