import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Rect } from '../../core/model/index.js';
import type { OutlineJson } from '../../core/outline/json.js';
import type { OutlineElement } from '../../core/outline/snapshot.js';
import { pageSessionForSuite } from '../support/page-session.js';
import { KIT_PACKAGES, kitTargets, matchTargets, waitForKit } from './kit-targets.js';

const KITS = fileURLToPath(new URL('./kits/', import.meta.url));

/**
 * Pages nobody here wrote the controls of: each is built with a real mobile UI kit from npm
 * (its stack navigator open on a second page, its tab bar, a toolbar the page hides from the
 * accessibility tree), served locally. Every control the page marks with data-hit must be a
 * line of the outline that a tap by @N reaches, and no found control may double one the tree has.
 */
describe('UI kits from npm: every control in the outline and reached by @N (headless Chromium)', () => {
  const lab = pageSessionForSuite(KITS, 'chart.html', KIT_PACKAGES);
  const outline = async (): Promise<OutlineJson> => (await lab().outline()).json;
  const inside = (a: Rect, b: Rect): boolean => a.x >= b.x - 1 && a.y >= b.y - 1 && a.x + a.w <= b.x + b.w + 1 && a.y + a.h <= b.y + b.h + 1;

  it('chart.js: the axis and legend labels drawn on its canvas are pixel lines, and a tap on a legend label reaches the legend', async () => {
    await lab().open('chart.html');
    const json = await outline();
    const pixel = json.elements.filter((e) => e.source === 'pixel');
    // Single-glyph ticks (0, 5) are beyond the OCR's sparse-text mode: not asserted.
    const labels = ['Online', 'Stores', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', '10', '15', '20', '25'];
    assert.deepEqual(labels.filter((l) => !pixel.some((e) => e.label === l)), [], `read: ${pixel.map((e) => e.label).join(', ')}`);
    assert.deepEqual(pixel.filter((e) => !labels.includes(e.label ?? '')).map((e) => `${e.role} ${e.label ?? ''}`), [], 'nothing else: no bar taken for an icon, no swatch for a letter');
    const online = pixel.find((e) => e.label === 'Online') as OutlineElement;
    assert.equal(await lab().tapHit(`@${online.index}`), 'legend-Online');
  });

  for (const kit of ['framework7', 'onsen', 'ionic']) {
    it(`${kit}: back arrow, toolbar buttons, hidden toolbar and tabs`, async () => {
      const { device, open, tapHit } = lab();
      await open(`${kit}.html`);
      await waitForKit(device);
      const targets = await kitTargets(device);
      const json = await outline();
      const { found, missed } = matchTargets(json, targets);
      assert.deepEqual(missed.map((t) => t.name), [], `missed on ${kit}`);
      const back = found.find(([t]) => t.name === 'back')?.[1] as OutlineElement;
      assert.equal(back.label?.toLowerCase(), 'back', 'the back arrow is named for what it does');
      // Each tap on a fresh outline (a tap may change the screen); the back arrow and then the tabs
      // last, since they leave the page.
      const last = (t: { name: string }): number => (t.name === 'back' ? 1 : t.name.startsWith('tab-') ? 2 : 0);
      for (const t of [...targets].sort((a, b) => last(a) - last(b))) {
        const el = matchTargets(await outline(), [t]).found[0]?.[1];
        assert.ok(el, `${t.name} is still in the outline`);
        assert.equal(await tapHit(`@${el.index}`), t.name, `tap on @${el.index} (${el.role} ${el.label ?? ''})`);
      }
      // Nothing else is offered: every hit or pixel line is one of the page's controls.
      const offered = new Set(found.map(([, e]) => e.index));
      assert.deepEqual(json.elements.filter((e) => e.source !== 'ax' && !offered.has(e.index)).map((e) => `@${e.index} ${e.role} ${e.label ?? ''} ${JSON.stringify(e.visibleFrame)}`), [], 'false controls');
      // A found control inside a tappable line of the tree is a double of it, not a second control.
      const control = (e: OutlineElement): boolean => e.visibleFrame.w * e.visibleFrame.h <= json.size.w * json.size.h * 0.1;
      const tappable = json.elements.filter((e) => e.source === 'ax' && e.actions.includes('tap') && control(e));
      const doubles = json.elements.filter((e) => e.source === 'hit' && tappable.some((t) => inside(e.visibleFrame, t.visibleFrame)));
      assert.deepEqual(doubles.map((e) => `@${e.index} ${e.role} ${JSON.stringify(e.visibleFrame)}`), []);
      // Every control's label that a kit's markup leaks (class names, icon file titles) reads as words.
      for (const e of json.elements.filter((x) => x.actions.includes('tap'))) assert.ok(!/activatable|button-icon|_ios\b/.test(e.label ?? ''), `@${e.index} label ${e.label}`);
    });
  }
});
