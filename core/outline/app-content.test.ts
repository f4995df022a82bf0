import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseScreen } from '../import-and-clean.js';
import { importScreen } from '../importers/index.js';
import type { UiNode } from '../model/ui-node.js';
import { loadFixtures, loadMoreApps, withoutFixtures } from '../../test/support/fixtures.js';
import { buildSnapshot } from './build.js';
import { renderOutline } from './render.js';
import type { OutlineElement } from './snapshot.js';

/** Whether a node of the raw dump (under its root, which names the app), or one below it, says or does anything a person could see or use. */
const saysOrDoes = (n: UiNode): boolean => Boolean(n.label || n.value || n.actions.length > 0) || n.children.some(saysOrDoes);

/** Below this share of the raw dump's bytes, an outline is suspect of having lost the app (issue 10). */
const SLIVER_SHARE = 0.02;

describe('no dump loses the app the user looks at', { skip: withoutFixtures() }, () => {
  /** The shared fixtures, and the labelled dumps of apps the engine was not developed on when present. */
  const dumps = [...loadFixtures(), ...loadMoreApps().present.map((d) => d.fixture)];
  for (const fixture of dumps) {
    it(`${fixture.name}: the front app's content is in the outline`, () => {
      const snapshot = buildSnapshot(parseScreen(fixture.text));
      if (!importScreen(fixture.text).root.children.some(saysOrDoes)) {
        // Nothing to lose: a game drawn on one surface, a tree captured before the app drew. The
        // outline must say so rather than show a sliver.
        assert.equal(snapshot.elements.length, 0);
        assert.match(renderOutline(snapshot), /no elements: the tree shows nothing/);
        return;
      }
      // The front app's window; a screen of the system alone (a lock screen) is the system's.
      const front = snapshot.screen.windows.find((w) => w.kind === 'app' || w.kind === 'dialog');
      const ofFront = (e: OutlineElement) => front === undefined || e.window === front.id;
      const fromApp = snapshot.elements.filter((e) => ofFront(e) && (e.label || e.value || e.actions.length > 0));
      assert.ok(fromApp.length >= 1, `the outline shows something of ${front?.title ?? front?.id ?? 'the screen'}`);
      // An outline this much smaller than the dump is a good summary only when it still has the
      // app's content band; a screen without one (a dialog alone, a video) needs its own test.
      const share = Buffer.byteLength(renderOutline(snapshot)) / Buffer.byteLength(fixture.text);
      if (share < SLIVER_SHARE) {
        assert.ok(
          snapshot.elements.some((e) => e.band === 'Content' && ofFront(e)),
          `outline is ${(share * 100).toFixed(2)}% of the dump with no content band of the app: explain this screen in a test`,
        );
      }
    });
  }
});
