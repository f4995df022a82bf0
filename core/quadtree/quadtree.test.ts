import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SimlabError } from '../contract/envelope.js';
import type { Point, Rect } from '../model/geometry.js';
import { containsPoint } from '../model/geometry.js';
import { fillGaps, subtractRect, type HitResult } from './index.js';

/** A synthetic screen: the topmost rectangle under a point, or nothing. */
function screenOf(elements: Array<HitResult & { name: string }>) {
  const probed: Point[] = [];
  const seenBefore: Rect[][] = [];
  const found: Rect[] = [];
  const probe = async (p: Point) => {
    probed.push(p);
    seenBefore.push([...found]);
    const hit = [...elements].reverse().find((e) => containsPoint(e.frame, p)) ?? null;
    if (hit) found.push(hit.frame);
    return hit;
  };
  return { probe, probed, seenBefore };
}

function buttonBar(n: number, y = 700): Array<HitResult & { name: string }> {
  return Array.from({ length: n }, (_, i) => ({ name: `b${i}`, key: `b${i}`, frame: { x: 15 + i * 78, y: y + 5, w: 50, h: 40 } }));
}

const BAR: Rect = { x: 0, y: 700, w: 390, h: 50 };

describe('fillGaps', () => {
  it('finds all five buttons of a bar the tree does not expose', async () => {
    const s = screenOf(buttonBar(5));
    const r = await fillGaps(BAR, s.probe);
    assert.deepEqual(r.hits.map((h) => h.key).sort(), ['b0', 'b1', 'b2', 'b3', 'b4']);
    assert.equal(r.exhausted, false);
    assert.equal(r.probes, s.probed.length);
  });

  it('finds a small element in a corner of a large empty region by splitting misses', async () => {
    const s = screenOf([{ name: 'dot', key: 'dot', frame: { x: 300, y: 140, w: 16, h: 16 } }]);
    const r = await fillGaps({ x: 0, y: 0, w: 320, h: 160 }, s.probe);
    assert.deepEqual(r.hits.map((h) => h.key), ['dot']);
  });

  it('never probes a covered centre: neither a known frame nor an earlier hit', async () => {
    const known = [{ x: 0, y: 700, w: 100, h: 50 }];
    const s = screenOf(buttonBar(5));
    const r = await fillGaps(BAR, s.probe, { covered: known });
    s.probed.forEach((p, i) => {
      for (const c of [...known, ...(s.seenBefore[i] ?? [])]) assert.ok(!containsPoint(c, p), `probe ${i} at (${p.x}, ${p.y}) is covered`);
    });
    assert.ok(!r.hits.some((h) => h.key === 'b0'), 'b0 lies inside the known frame');
    assert.deepEqual(r.hits.map((h) => h.key).sort(), ['b1', 'b2', 'b3', 'b4']);
  });

  it('respects the probe budget and says the search was cut short', async () => {
    const s = screenOf([]);
    const r = await fillGaps({ x: 0, y: 0, w: 390, h: 844 }, s.probe, { budget: 25 });
    assert.equal(r.probes, 25);
    assert.equal(s.probed.length, 25);
    assert.equal(r.exhausted, true);
    const none = await fillGaps(BAR, screenOf(buttonBar(5)).probe, { budget: 0 });
    assert.deepEqual([none.probes, none.hits.length, none.exhausted], [0, 0, true]);
  });

  it('ends the search when stop() says so, as a spent budget does', async () => {
    const s = screenOf(buttonBar(5));
    const r = await fillGaps(BAR, s.probe, { stop: () => s.probed.length >= 2 });
    assert.deepEqual([r.probes, s.probed.length, r.exhausted], [2, 2, true]);
  });

  it('explores an empty region down to minSize and stops', async () => {
    const s = screenOf([]);
    const r = await fillGaps({ x: 0, y: 0, w: 160, h: 80 }, s.probe, { budget: 10_000 });
    assert.equal(r.exhausted, false);
    // 1 cell of 160x80, 4 of 80x40, 16 of 40x20, then only halves (20 < 2 x 14 high): 32 of 20x20.
    assert.equal(r.probes, 1 + 4 + 16 + 32);
  });

  it('is deterministic: same screen, same probes in the same order, same hits', async () => {
    const els = [...buttonBar(5), { name: 'x', key: 'x', frame: { x: 200, y: 100, w: 30, h: 30 } }];
    const a = screenOf(els);
    const b = screenOf(els);
    const ra = await fillGaps({ x: 0, y: 0, w: 390, h: 844 }, a.probe, { budget: 400 });
    const rb = await fillGaps({ x: 0, y: 0, w: 390, h: 844 }, b.probe, { budget: 400 });
    assert.deepEqual(a.probed, b.probed);
    assert.deepEqual(ra.hits.map((h) => h.key), rb.hits.map((h) => h.key));
    assert.deepEqual(a.probed[0], { x: 80, y: 40 }, 'the first seed is the top-left cell');
  });

  it('rejects bad options with INVALID_ARGS', async () => {
    const probe = async () => null;
    await assert.rejects(fillGaps(BAR, probe, { minSize: 0 }), (e: unknown) => e instanceof SimlabError && e.code === 'INVALID_ARGS');
    await assert.rejects(fillGaps(BAR, probe, { budget: -1 }), (e: unknown) => e instanceof SimlabError && e.code === 'INVALID_ARGS');
  });
});

describe('subtractRect', () => {
  it('leaves up to four pieces around a hole, dropping strips thinner than minSize', () => {
    const cell = { x: 0, y: 0, w: 100, h: 100 };
    assert.deepEqual(subtractRect(cell, { x: 40, y: 40, w: 20, h: 20 }, 14), [
      { x: 0, y: 0, w: 100, h: 40 },
      { x: 0, y: 60, w: 100, h: 40 },
      { x: 0, y: 40, w: 40, h: 20 },
      { x: 60, y: 40, w: 40, h: 20 },
    ]);
    assert.deepEqual(subtractRect(cell, { x: 5, y: -10, w: 200, h: 200 }, 14), []);
  });
});
