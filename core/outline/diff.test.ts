import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSnapshot } from './build.js';
import { diffSnapshots, renderDiff } from './diff.js';
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
    assert.match(text, /\n- Switch "Wi-Fi" #wifi_switch 320,106 51x31 checked\n\+ @6 Switch "Wi-Fi" #wifi_switch 320,106 51x31 unchecked\n/);
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
    assert.match(renderDiff(diffSnapshots(before, after), { same: 'list' }), /\n= @14 Button "Profile" 195,788 195x56\n$/);
  });

  it('writes gone lines without a ref', () => {
    const { screen } = settingsScreen();
    screen.root.children.push(node({ role: 'Alert', label: 'Saved', frame: [40, 400, 300, 100] }));
    const text = renderDiff(diffSnapshots(buildSnapshot(screen), snap()));
    assert.match(text, /\n- Alert "Saved" 40,400 300x100\n/);
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
