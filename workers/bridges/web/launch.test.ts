import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { SimlabError } from '../../../core/contract/index.js';
import { findChromium } from './find-chromium.js';
import { launchWebDevice } from './launch.js';

/** Chromium processes started by this test process. */
function chromiumChildren(): string[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => /chrom/i.test(line));
  } catch {
    return [];
  }
}

describe('launching the web device', () => {
  it('names what to install when SIMLAB_CHROMIUM points nowhere', async () => {
    const saved = process.env.SIMLAB_CHROMIUM;
    process.env.SIMLAB_CHROMIUM = '/nonexistent/chromium';
    try {
      await assert.rejects(launchWebDevice({ url: 'about:blank' }), (e: unknown) => {
        assert.ok(e instanceof SimlabError);
        assert.equal(e.code, 'DEVICE_UNAVAILABLE');
        assert.match(e.message, /\/nonexistent\/chromium/);
        assert.match(e.options.hint ?? '', /apt-get install -y chromium/);
        return true;
      });
    } finally {
      if (saved === undefined) delete process.env.SIMLAB_CHROMIUM;
      else process.env.SIMLAB_CHROMIUM = saved;
    }
    assert.deepEqual(chromiumChildren(), [], 'nothing was started');
  });

  it('says so when the executable is there but is no browser', async () => {
    await assert.rejects(launchWebDevice({ url: 'about:blank', chromiumPath: '/bin/false' }), (e: unknown) => {
      assert.ok(e instanceof SimlabError);
      assert.equal(e.code, 'DEVICE_UNAVAILABLE');
      assert.match(e.message, /\/bin\/false did not start/);
      return true;
    });
  });

  it('an explicit path wins over the environment and must exist', () => {
    assert.throws(() => findChromium('/nonexistent/chrome', { SIMLAB_CHROMIUM: '/usr/bin/chromium' }), (e: unknown) => e instanceof SimlabError && e.code === 'DEVICE_UNAVAILABLE');
  });

  it('rejects an unknown profile before starting a browser', async () => {
    await assert.rejects(
      launchWebDevice({ url: 'about:blank', profile: 'nokia-3310' as never }),
      (e: unknown) => e instanceof SimlabError && e.code === 'INVALID_ARGS' && /iphone-6\.1/.test(e.options.hint ?? ''),
    );
  });

  it('emulates a landscape tablet with five touch points, and close() leaves no Chromium behind', async () => {
    const device = await launchWebDevice({ url: 'about:blank', profile: 'tablet', orientation: 'landscape' });
    try {
      assert.ok(chromiumChildren().length > 0, 'the device runs its own Chromium');
      assert.deepEqual(device.info.size, { w: 1180, h: 820 });
      assert.equal(device.info.orientation, 'landscape');
      const facts = await device.evaluate<{ w: number; h: number; dpr: number; touch: number; ua: string; landscape: boolean }>(
        '({ w: innerWidth, h: innerHeight, dpr: devicePixelRatio, touch: navigator.maxTouchPoints, ua: navigator.userAgent, landscape: matchMedia("(orientation: landscape)").matches })',
      );
      assert.deepEqual([facts.w, facts.h, facts.dpr, facts.touch, facts.landscape], [1180, 820, 2, 5, true]);
      assert.match(facts.ua, /iPad/);
      const screen = await device.describe();
      assert.equal(screen.orientation, 'landscape');
      assert.equal(screen.app, undefined, 'the empty page has no origin to name it');
    } finally {
      await device.close();
    }
    assert.deepEqual(chromiumChildren(), []);
    await assert.rejects(device.describe(), (e: unknown) => e instanceof SimlabError && e.code === 'DEVICE_UNAVAILABLE');
  });
});
