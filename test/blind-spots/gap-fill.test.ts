import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { OutlineJson } from '../../core/outline/json.js';
import type { OutlineElement } from '../../core/outline/snapshot.js';
import { pageSessionForSuite } from '../support/page-session.js';

const PAGES = fileURLToPath(new URL('./pages/', import.meta.url));

interface Target {
  /** What the page records when this target takes a tap. */
  name: string;
  /** Where it is, asked from the page. */
  frame: { x: number; y: number; w: number; h: number };
}

/**
 * Pages written the way other people write them (not the demo app): controls the accessibility
 * tree does not show, each recording its own name in `window.__hits` when tapped.
 */
describe('gap filling finds what the accessibility tree hides (headless Chromium)', () => {
  const lab = pageSessionForSuite(PAGES, 'text.html');
  const open = (page: string): Promise<void> => lab().open(page);
  const outline = async (): Promise<OutlineJson> => (await lab().outline()).json;
  const targets = (selector: string, attribute: string): Promise<Target[]> =>
    lab().device.evaluate<Target[]>(
      `[...document.querySelectorAll(${JSON.stringify(selector)})].map((e) => { const b = e.getBoundingClientRect(); return { name: e.getAttribute(${JSON.stringify(attribute)}), frame: { x: b.x, y: b.y, w: b.width, h: b.height } }; })`,
    );
  const near = (el: OutlineElement, t: Target): boolean =>
    Math.abs(el.frame.x - t.frame.x) <= 2 && Math.abs(el.frame.y - t.frame.y) <= 2 && Math.abs(el.frame.w - t.frame.w) <= 2 && Math.abs(el.frame.h - t.frame.h) <= 2;

  /** Every target is a line of the outline, and a tap on its @N reaches exactly it. */
  const everyTargetTapped = async (list: Target[]): Promise<void> => {
    assert.ok(list.length > 0);
    for (const t of list) {
      const el = (await outline()).elements.find((e) => near(e, t));
      assert.ok(el, `${t.name} at ${JSON.stringify(t.frame)} is not in the outline`);
      assert.equal(await lab().tapHit(`@${el.index}`), t.name, `tap on @${el.index} (${el.role} ${el.label ?? ''})`);
    }
  };

  it('mail: a back arrow and more button handled on the document, badge dots, a floating button and an aria-hidden toolbar', async () => {
    await open('mail.html');
    const list = await targets('[data-action]', 'data-action');
    assert.deepEqual(list.map((t) => t.name).sort(), ['archive', 'back', 'compose', 'delete', 'flag', 'more', 'move', 'move-badge', 'notifications-badge', 'side-badge']);
    await everyTargetTapped(list);
    const labels = (await outline()).elements.filter((e) => e.source === 'hit').map((e) => e.label);
    for (const word of ['Archive', 'Delete', 'Move', 'Flag']) assert.ok(labels.includes(word), `${word} is labelled from its caption`);
  });

  it('shop: icon buttons with their own listeners, a titled cart, badges, and a bottom bar whose container takes the taps', async () => {
    await open('shop.html');
    const hearts = await targets('.heart', 'data-item');
    const tabs = await targets('[data-tab]', 'data-tab');
    const cart = await targets('#cart, #cart-badge', 'id');
    await everyTargetTapped([
      ...hearts.map((h) => ({ ...h, name: `heart-${h.name}` })),
      ...tabs,
      ...cart.map((c) => ({ ...c, name: c.name === 'cart' ? 'cart' : 'cart-badge' })),
    ]);
    const json = await outline();
    assert.ok(json.elements.some((e) => e.label === 'Cart' && e.id === 'cart'), 'the cart is named by its title');
    assert.ok(!json.elements.some((e) => e.id === 'nav'), 'the bar that delegates its taps is not a control of its own');
  });

  it('labels an icon-only control by its icon font ligature', async () => {
    await open('shop.html');
    assert.equal(await lab().tapHit('#back-button'), 'back');
    const found = await lab().device.hitScan([{ x: 0, y: 0, w: 60, h: 60 }]);
    assert.deepEqual(
      found.map((n) => [n.role, n.label, n.id]),
      [['Other', 'back', 'back-button']],
    );
  });

  it('finds no control on a text page, even with a click listener on the document', async () => {
    await open('text.html');
    const json = await outline();
    assert.deepEqual(json.elements.filter((e) => e.source !== 'ax' || e.actions.includes('tap')).map((e) => `${e.role} ${e.label ?? ''}`), []);
  });

  it('reuses the hits of an unchanged screen: a second look probes nothing new', async () => {
    await open('mail.html');
    const first = await outline();
    const second = await outline();
    assert.deepEqual(second.elements, first.elements);
  });
});
