import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { intersectRect, rectArea } from '../model/geometry.js';
import type { Screen } from '../model/screen.js';
import type { UiNode } from '../model/ui-node.js';
import { cleanScreen } from '../clean/index.js';
import { importScreen } from '../importers/index.js';
import { loadFixtures, loadMoreApps, withoutFixtures } from '../../test/support/fixtures.js';
import { buildSnapshot } from './build.js';
import { outlineJson } from './json.js';
import { renderOutline } from './render.js';

function overlaps(a: UiNode, b: UiNode): boolean {
  const o = intersectRect(a.frame, b.frame);
  return o !== null && rectArea(o) > 0;
}

/** Shuffles, at every level, the siblings that overlap none of their siblings (their order cannot matter). */
function permute(node: UiNode, random: () => number): void {
  const free = node.children.map((c, i) => i).filter((i) => node.children.every((o, j) => j === i || !overlaps(node.children[i] as UiNode, o)));
  const moved = free.map((i) => node.children[i] as UiNode);
  for (let i = moved.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [moved[i], moved[j]] = [moved[j] as UiNode, moved[i] as UiNode];
  }
  free.forEach((slot, k) => (node.children[slot] = moved[k] as UiNode));
  for (const c of node.children) permute(c, random);
}

function outlineOf(screen: Screen): string {
  return renderOutline(buildSnapshot(cleanScreen(screen)));
}

function seeded(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

describe('outline stability over every captured fixture', { skip: withoutFixtures() }, () => {
  /** The shared fixtures, and the labelled dumps of apps the engine was not developed on when present. */
  const dumps = [...loadFixtures(), ...loadMoreApps().present.map((d) => d.fixture)];
  for (const fixture of dumps) {
    it(`${fixture.name}: same bytes twice, and with non-overlapping siblings permuted`, () => {
      const imported = importScreen(fixture.text);
      const reference = outlineOf(structuredClone(imported));
      assert.equal(outlineOf(importScreen(fixture.text)), reference);
      // The JSON form too; it is left out of the permutation property because list scores
      // (core/lists) weigh how unbroken a run of sibling cells is, which sibling order changes.
      assert.equal(JSON.stringify(outlineJson(buildSnapshot(cleanScreen(importScreen(fixture.text))))), JSON.stringify(outlineJson(buildSnapshot(cleanScreen(structuredClone(imported))))));
      fc.assert(
        fc.property(fc.integer(), (seed) => {
          const copy = structuredClone(imported);
          permute(copy.root, seeded(seed));
          assert.equal(outlineOf(copy), reference);
        }),
        { numRuns: 8 },
      );
    });
  }
});
