import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import { cleanScreen } from '../clean/index.js';
import { importScreen } from '../importers/index.js';
import { buildSnapshot } from './build.js';
import { outlineJson } from './json.js';
import { renderOutline } from './render.js';
import { node, settingsScreen } from './test-support/screens.js';
import { SKELETON_THRESHOLD } from './views.js';

/** A long feed: 80 cells of three lines each, in a list. */
function feed() {
  const cells = Array.from({ length: 80 }, (_, i) =>
    node({
      role: 'Cell',
      actions: ['tap'],
      frame: [0, 100 + i * 60, 390, 60],
      children: [
        node({ role: 'Text', label: `Post ${i + 1}`, frame: [10, 105 + i * 60, 300, 20] }),
        node({ role: 'Text', label: `by someone ${i + 1}`, frame: [10, 130 + i * 60, 300, 20] }),
      ],
    }),
  );
  const list = node({ role: 'List', actions: ['scroll'], frame: [0, 100, 390, 4800], children: cells });
  const { screen } = settingsScreen();
  screen.size = { w: 390, h: 5000 };
  screen.root.children = [list];
  return buildSnapshot(screen, { lists: [{ container: list, containerFrame: list.frame, axis: 'vertical', cells, score: 80, detector: 'siblings' }] });
}

describe('views', () => {
  it('interactive: only what takes an action, the nearest label of each unlabelled one, and a count of the rest', () => {
    const { screen } = settingsScreen();
    screen.root.children.push(node({ role: 'Text', label: 'Version 17.2', frame: [20, 600, 200, 20] }));
    screen.root.children.push(node({ role: 'Text', label: 'Nickname', frame: [20, 650, 200, 20] }));
    screen.root.children.push(node({ role: 'TextField', frame: [20, 680, 300, 40], states: { editable: true } }));
    screen.root.children.push(node({ role: 'Text', label: 'Email', frame: [20, 730, 200, 20] }));
    screen.root.children.push(node({ role: 'TextField', label: 'Email', frame: [20, 750, 300, 30], states: { editable: true } }));
    const snapshot = buildSnapshot(screen);
    const text = renderOutline(snapshot, { interactive: true });
    assert.doesNotMatch(text, /Version 17\.2/);
    assert.doesNotMatch(text, /Heading "Settings"/, 'a heading takes no action');
    assert.doesNotMatch(text, /Text "Email"/, 'a field with its own label needs no caption');
    assert.match(text, /\n@\d+ (#\S+ )?Text "Nickname"\n@\d+ TextField 20,680 300x40\n/, 'the caption right before an unlabelled field stays');
    assert.match(text, /@\d+ Switch "Wi-Fi"/);
    assert.match(text, / {4}@\d+ Text "Bluetooth"\n/, 'a row without a label keeps the text that says what it is');
    assert.match(text, /\n… 3 lines left out: not actionable/);
    assert.match(text.split('\n')[0] ?? '', new RegExp(`interactive ${snapshot.elements.length - 3}/${snapshot.elements.length}$`));
    const json = outlineJson(snapshot, { interactive: true });
    assert.equal(json.complete, false);
    assert.equal(json.truncated, false);
    assert.equal(json.counts.omitted.total, 3);
  });

  it('interactive on the demo app\'s Settings screen keeps its nine controls of 18 lines', () => {
    const dump = readFileSync(new URL('../importers/testdata/web-demo-settings.cdp-ax.json', import.meta.url), 'utf8');
    const text = renderOutline(buildSnapshot(cleanScreen(importScreen(dump))), { interactive: true });
    assert.match(text.split('\n')[0] ?? '', /interactive 9\/18$/);
    assert.deepEqual(text.split('\n').filter((l) => l.startsWith('@')).map((l) => l.split(' ')[1]), ['TextField', 'Switch', 'Switch', 'Switch', 'Button', 'Tab', 'Tab', 'Tab', 'Tab']);
    assert.match(text, /\n… 9 lines left out/);
  });

  it('switches to a skeleton above the threshold, with counts of what was left out', () => {
    const snapshot = feed();
    assert.ok(snapshot.elements.length > SKELETON_THRESHOLD);
    const text = renderOutline(snapshot);
    assert.match(text.split('\n')[0] ?? '', /skeleton \d+\/241$/);
    assert.match(text, /\n {2}@2 #1 Cell\n/);
    assert.match(text, /#80 Cell/);
    assert.match(text, /\n {2}… 228 more \(cells #4-#79\)\n/);
    const json = outlineJson(snapshot);
    assert.equal(json.complete, false);
    assert.equal(json.truncated, true);
    assert.equal(json.counts.omitted.total, 228);
    assert.deepEqual(json.counts.omitted.lists, [{ list: 1, cells: 76, elements: 228 }]);
    assert.deepEqual(json.counts.omitted.bands, { Top: 0, Content: 228, Bottom: 0, Overlay: 0 });
    const full = outlineJson(snapshot, { skeleton: false });
    assert.equal(full.complete, true);
    assert.equal(full.elements.length, 241);
  });

  it('makes a skeleton when asked even of a small screen', () => {
    const { screen, rows, table } = settingsScreen({ titles: ['A', 'B', 'C', 'D', 'E', 'F', 'G'] });
    const snapshot = buildSnapshot(screen, { lists: [{ container: table, containerFrame: table.frame, axis: 'vertical', cells: rows, score: 7, detector: 'siblings' }] });
    const text = renderOutline(snapshot, { skeleton: true });
    assert.match(text, /… \d+ more \(cells #4-#6\)/);
    assert.match(text, /#7 Cell/);
  });
});
