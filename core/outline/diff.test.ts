import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSnapshot } from './build.js';
import { loadFixtures, withoutFixtures } from '../../test/support/fixtures.js';
import { cleanScreen } from '../clean/index.js';
import { importScreen } from '../importers/index.js';
import { DIFF_OVER_OUTLINE_MAX, diffSnapshots, isNewScreen, renderDiff, renderSettledDiff, screenTitle } from './diff.js';
import { renderOutline } from './render.js';
import { findSameElement, identityOf } from './identity.js';
import { node, settingsScreen } from './test-support/screens.js';

const snap = (opts: Parameters<typeof settingsScreen>[0] = {}) => buildSnapshot(settingsScreen(opts).screen);

describe('diffSnapshots', () => {
  it('finds nothing changed between the same screen twice', () => {
    const d = diffSnapshots(snap(), snap({ stillMs: 5000 }));
    assert.equal(d.added.length + d.removed.length + d.changed.length, 0);
    assert.equal(d.same.length, snap().elements.length);
  });

  it('reports a toggled switch as changed, matched by its id', () => {
    const before = snap();
    const after = snap({ wifiOn: false });
    const d = diffSnapshots(before, after);
    assert.deepEqual(d.changed.map((p) => p.after.id), ['wifi_switch']);
    const text = renderDiff(d);
    assert.match(text, new RegExp(`^Diff ${before.id} -> ${after.id}: \\+0 -0 ~1 =${d.same.length}\\n`));
    assert.match(text, /\n- Switch "Wi-Fi" #wifi_switch checked\n\+ @6 Switch "Wi-Fi" #wifi_switch unchecked\n/);
  });

  it('matches by role and label, not by @N: a row inserted above shifts numbers but only adds one line', () => {
    const before = snap({ titles: ['Wi-Fi', 'Bluetooth', 'Battery'] });
    const after = snap({ titles: ['Wi-Fi', 'Airplane', 'Bluetooth', 'Battery'] });
    const d = diffSnapshots(before, after);
    assert.deepEqual(d.added.map((e) => e.label ?? e.role), ['Cell', 'Airplane']);
    assert.equal(d.removed.length, 0);
    const battery = d.same.find((p) => p.after.label === 'Battery');
    assert.ok(battery && battery.before.index !== battery.after.index && battery.moved);
  });

  it('lists few unchanged lines and counts many', () => {
    const before = snap();
    const after = snap({ wifiOn: false });
    assert.match(renderDiff(diffSnapshots(before, after)), /\n= \d+ unchanged\n$/);
    assert.match(renderDiff(diffSnapshots(before, after), { same: 'list' }), /\n= @14 Button "Profile"\n$/);
  });

  it('writes gone lines without a ref', () => {
    const { screen } = settingsScreen();
    screen.root.children.push(node({ role: 'Alert', label: 'Saved', frame: [40, 400, 300, 100] }));
    const text = renderDiff(diffSnapshots(buildSnapshot(screen), snap()));
    assert.match(text, /\n- Alert "Saved"\n/);
  });

  it('gives a frame only to elements found by hit-testing or pixels', () => {
    const { screen } = settingsScreen();
    screen.root.children.push(node({ role: 'Button', label: 'Like', frame: [10, 100, 119, 32], source: 'hit' }));
    assert.match(renderDiff(diffSnapshots(snap(), buildSnapshot(screen))), /\n\+ @\d+ Button "Like" 10,100 119x32 \(hit\)\n/);
  });

  it('folds what was inside a gone element into its line', () => {
    const { screen } = settingsScreen();
    screen.root.children.push(node({ role: 'Alert', label: 'Saved', frame: [40, 400, 300, 100], children: [node({ role: 'Text', label: 'Your changes are saved', frame: [50, 410, 280, 20] }), node({ role: 'Button', label: 'OK', frame: [50, 440, 80, 40] })] }));
    const d = diffSnapshots(buildSnapshot(screen), snap());
    assert.equal(d.removed.length, 3);
    const text = renderDiff(d);
    assert.match(text, /\n- Alert "Saved" \(\+2 inside\)\n/);
    assert.doesNotMatch(text, /OK|Your changes/);
  });
});

/** A different screen: a profile form that shares only the tab bar with the settings screen. */
function profileSnapshot() {
  const { screen } = settingsScreen();
  const nav = screen.root.children[0];
  const heading = nav?.children[1];
  assert.ok(heading);
  heading.label = 'Profile';
  screen.root.children[1] = node({
    role: 'Group',
    frame: [0, 88, 390, 700],
    children: ['Name', 'Email', 'Phone', 'City', 'Country'].map((f, i) => node({ role: 'TextField', label: f, states: { editable: true }, frame: [16, 100 + i * 60, 358, 44] })),
  });
  return buildSnapshot(screen);
}

const lines = (text: string) => text.split('\n').length - 1;

describe('renderSettledDiff', { skip: withoutFixtures() }, () => {
  it('says a new screen in one line, then its outline, instead of a - line per old element', () => {
    const before = snap();
    const after = profileSnapshot();
    assert.ok(isNewScreen(diffSnapshots(before, after)));
    const text = renderSettledDiff(before, after);
    assert.equal(text, `screen: Settings → Profile\n${renderOutline(after)}`);
    assert.doesNotMatch(text, /^- /m);
  });

  it('keeps the line diff when the screen stays', () => {
    const before = snap();
    const after = snap({ wifiOn: false });
    assert.equal(isNewScreen(diffSnapshots(before, after)), false);
    assert.equal(renderSettledDiff(before, after), renderDiff(diffSnapshots(before, after)));
  });

  it('names a screen by its first heading, else its page or window, else the app', () => {
    assert.equal(screenTitle(snap()), 'Settings');
    const { screen } = settingsScreen();
    screen.root.children.shift();
    assert.equal(screenTitle(buildSnapshot(screen)), 'com.apple.Preferences');
  });

  it('is never longer than the new outline plus 3 lines, between any two captured screens', () => {
    const snaps = loadFixtures().map((f) => buildSnapshot(cleanScreen(importScreen(f.text))));
    let newScreens = 0;
    for (let i = 0; i < snaps.length; i++) {
      for (const j of [i, (i + 1) % snaps.length, (i + 7) % snaps.length]) {
        const [before, after] = [snaps[i], snaps[j]];
        assert.ok(before && after);
        const text = renderSettledDiff(before, after);
        assert.ok(lines(text) <= lines(renderOutline(after)) + DIFF_OVER_OUTLINE_MAX, `${i} -> ${j}: ${lines(text)} lines`);
        if (text.startsWith('screen: ')) newScreens++;
      }
    }
    assert.ok(newScreens > snaps.length, 'most pairs of different fixtures are new screens');
  });
});

describe('findSameElement', () => {
  it('finds the same identity within the frame tolerance, and nothing once it moved further or changed label', () => {
    const before = snap();
    const sw = before.elements.find((e) => e.role === 'Switch');
    assert.ok(sw);
    assert.deepEqual(identityOf(sw), { id: 'wifi_switch', role: 'Switch', label: 'Wi-Fi', frame: { x: 320, y: 106, w: 51, h: 31 } });
    assert.equal(findSameElement(sw, snap({ wifiOn: false }))?.index, sw.index);
    const { screen } = settingsScreen();
    const moved = screen.root.children[1]?.children[0]?.children[1];
    assert.equal(moved?.role, 'Switch');
    moved.frame.y += 3;
    const shifted = buildSnapshot(screen);
    assert.equal(findSameElement(sw, shifted), undefined);
    assert.equal(findSameElement(sw, shifted, { frameTolerance: 4 })?.role, 'Switch');
    const renamed = snap({ titles: ['Wireless', 'Bluetooth'] });
    assert.equal(findSameElement(sw, renamed, { frameTolerance: 4 }), undefined);
  });
});
