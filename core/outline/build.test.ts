import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSnapshot } from './build.js';
import { renderOutline } from './render.js';
import { node, settingsScreen } from './test-support/screens.js';
import type { ListInput } from './list-input.js';
import type { UiNode } from '../model/ui-node.js';

function withList(opts: Parameters<typeof settingsScreen>[0] = {}) {
  const { screen, rows, table } = settingsScreen(opts);
  const lists: ListInput[] = [{ container: table, containerFrame: table.frame, axis: 'vertical', cells: rows, score: 4, detector: 'siblings' }];
  return { screen, snapshot: buildSnapshot(screen, { lists }), lists };
}

describe('buildSnapshot', () => {
  it('renders the settings screen exactly: bands, reading order, cells, frames only where words cannot place an element', () => {
    const { snapshot } = withList();
    assert.equal(
      renderOutline(snapshot),
      [
        `App: com.apple.Preferences  390x844  portrait  still 0.4s  snapshot ${snapshot.id}`,
        '[Top]',
        '@1 Heading "Settings"',
        '@2 Button "Back"',
        '[Content]',
        '@3 Table 0,88 390x700 scroll',
        '  @4 #1 Cell',
        '    @5 Text "Wi-Fi"',
        '    @6 Switch "Wi-Fi" #wifi_switch checked',
        '  @7 #2 Cell',
        '    @8 Text "Bluetooth"',
        '  @9 #3 Cell',
        '    @10 Text "Cellular"',
        '  @11 #4 Cell',
        '    @12 Text "Battery"',
        '[Bottom]',
        '@13 Button "Home" selected',
        '@14 Button "Profile"',
        '',
      ].join('\n'),
    );
  });

  it('numbers a screen written right to left from the right: tabs side by side, a grid\'s tiles row by row', () => {
    const { screen } = settingsScreen({ titles: ['الشبكة', 'البلوتوث', 'الخلوية', 'البطارية'] });
    const [nav, table, tabs] = screen.root.children as [UiNode, UiNode, UiNode];
    nav.children = [node({ role: 'Heading', label: 'الإعدادات', frame: [150, 52, 90, 24] })];
    tabs.children = [
      node({ role: 'Button', label: 'الملف', frame: [0, 788, 195, 56], actions: ['tap'] }),
      node({ role: 'Button', label: 'الرئيسية', frame: [195, 788, 195, 56], actions: ['tap'] }),
    ];
    const snapshot = buildSnapshot(screen, { lists: [] });
    const bottom = snapshot.elements.filter((e) => e.band === 'Bottom').map((e) => e.label);
    assert.deepEqual(bottom, ['الرئيسية', 'الملف'], 'the right-hand tab is read first');
    const tiles = ['أ', 'ب', 'ت', 'ث'].map((t, i) => node({ role: 'Button', label: `قارئ ${t}`, actions: ['tap'], frame: [200 - (i % 2) * 190, 100 + Math.floor(i / 2) * 60, 180, i % 3 === 0 ? 50 : 44] }));
    table.children = tiles;
    const grid = buildSnapshot(screen, { lists: [{ container: table, containerFrame: table.frame, axis: 'vertical', cells: [...tiles].reverse(), score: 4, detector: 'siblings' }] });
    const cellLabels = grid.lists[0]?.cells.map((c) => grid.elements.find((e) => e.index === c.elements[0])?.label);
    assert.deepEqual(cellLabels, tiles.map((t) => t.label), '#1 is the top-right tile, whatever the heights in its row');
  });

  it('says so when a screen shows nothing', () => {
    const { screen } = settingsScreen();
    screen.root.children = [];
    assert.match(renderOutline(buildSnapshot(screen, { lists: [] })), /\n\(no elements: the tree shows nothing\)\n$/);
  });

  it('gives the same content the same id whatever the stillness, and other content another id', () => {
    const a = withList({ stillMs: 400 }).snapshot;
    const b = withList({ stillMs: 2300 }).snapshot;
    const c = withList({ wifiOn: false }).snapshot;
    assert.match(a.id, /^[0-9a-f]{4,6}$/);
    assert.equal(a.id, b.id);
    assert.notEqual(a.id, c.id);
  });

  it('taps the centre of the visible part and clips frames to the screen', () => {
    const { screen } = settingsScreen();
    screen.root.children.push(node({ role: 'Button', label: 'Half off', actions: ['tap'], frame: [300, 820, 100, 60] }));
    const el = buildSnapshot(screen).elements.find((e) => e.label === 'Half off');
    assert.deepEqual(el?.visibleFrame, { x: 300, y: 820, w: 90, h: 24 });
    assert.deepEqual(el?.tap, { x: 345, y: 832 });
    assert.match(renderOutline(buildSnapshot(screen)), /Button "Half off" clipped\n/);
  });

  it('does not depend on the order the platform listed siblings in', () => {
    const { screen, snapshot, lists } = withList();
    const text = renderOutline(snapshot);
    screen.root.children.reverse();
    for (const n of screen.root.children) n.children.reverse();
    const again = buildSnapshot(screen, { lists: lists.map((l) => ({ ...l, cells: [...l.cells].reverse() })) });
    assert.equal(renderOutline(again), text);
  });

  it('numbers the cells of the second list #K@2, carried by the first line inside a cell without its own line', () => {
    const { screen, rows, table } = settingsScreen();
    const chips = [0, 1, 2].map((i) =>
      node({ frame: [10 + i * 100, 300, 90, 30], children: [node({ role: 'Button', label: `Chip ${i + 1}`, actions: ['tap'], frame: [10 + i * 100, 300, 90, 30] })] }),
    );
    screen.root.children.push(node({ frame: [0, 300, 390, 30], children: chips }));
    const snapshot = buildSnapshot(screen, {
      lists: [
        { container: table, containerFrame: table.frame, axis: 'vertical', cells: rows, score: 4, detector: 'siblings' },
        { container: null, containerFrame: { x: 0, y: 300, w: 390, h: 30 }, axis: 'horizontal', cells: chips, score: 2, detector: 'spacing' },
      ],
    });
    const chip2 = snapshot.elements.find((e) => e.label === 'Chip 2');
    assert.deepEqual(chip2?.list, { list: 2, cell: 2 });
    assert.equal(snapshot.lists[1]?.detector, 'spacing');
    assert.deepEqual(snapshot.lists[1]?.cells.map((c) => c.elements.length), [1, 1, 1]);
    assert.match(renderOutline(snapshot), /@\d+ #2@2 Button "Chip 2"\n/);
    assert.match(renderOutline(snapshot, { frames: 'all' }), /@\d+ #2@2 Button "Chip 2" 110,300 90x30\n/);
  });

  it('prints ids only where they name one element, short when the short form is unique', () => {
    const { screen } = settingsScreen();
    screen.root.children.push(node({ role: 'Button', label: 'Go', id: 'com.example:id/go', actions: ['tap'], frame: [0, 400, 100, 40] }));
    const text = renderOutline(buildSnapshot(screen));
    assert.match(text, /Button "Go" #go\n/);
    assert.doesNotMatch(text, /#title|#row/);
  });
});

describe('renderOutline frames', () => {
  it('prints frames where words cannot place an element, and everywhere with frames: all', () => {
    const { screen } = settingsScreen();
    screen.root.children.push(node({ role: 'Button', actions: ['tap'], frame: [340, 50, 40, 30] }));
    screen.root.children.push(node({ role: 'Button', label: 'Found', actions: ['tap'], source: 'hit', frame: [10, 600, 80, 30] }));
    const snapshot = buildSnapshot(screen);
    const text = renderOutline(snapshot);
    assert.match(text, /@\d+ Button 340,50 40x30\n/);
    assert.match(text, /@\d+ Button "Found" 10,600 80x30 \(hit\)\n/);
    assert.match(text, /@\d+ Button "Back"\n/);
    assert.match(renderOutline(snapshot, { frames: 'all' }), /@\d+ Button "Back" 0,44 80x44\n/);
  });

  it('leaves out a label that repeats the label of the line it sits in', () => {
    const { screen } = settingsScreen();
    screen.root.children.push(
      node({ role: 'Cell', label: 'Airplane Mode', actions: ['tap'], frame: [0, 500, 390, 44], children: [node({ role: 'Switch', label: 'Airplane Mode', actions: ['tap'], states: { checked: false }, frame: [320, 506, 51, 31] })] }),
    );
    const text = renderOutline(buildSnapshot(screen));
    assert.match(text, /\n@\d+ Cell "Airplane Mode"\n {2}@\d+ Switch unchecked\n/);
  });

  it('leaves out a label that is its child lines run together (a web link named by its content)', () => {
    const { screen } = settingsScreen();
    const link = (label: string, parts: string[]) =>
      node({ role: 'Link', label, actions: ['tap'], frame: [0, 400, 390, 60], children: parts.map((p, i) => node({ role: 'Text', label: p, frame: [10 + i * 120, 410, 110, 20] })) });
    screen.root.children.push(link('Bruno Silva 17 min ago', ['Bruno Silva', '17 min ago']));
    const text = renderOutline(buildSnapshot(screen));
    assert.match(text, /\n@\d+ Link\n {2}@\d+ Text "Bruno Silva"\n {2}@\d+ Text "17 min ago"\n/);
    assert.match(renderOutline(buildSnapshot(screen), { interactive: true }), /\n@\d+ Link "Bruno Silva 17 min ago"\n/);
    screen.root.children.pop();
    screen.root.children.push(link('Open profile', ['Bruno Silva', '17 min ago']));
    assert.match(renderOutline(buildSnapshot(screen)), /\n@\d+ Link "Open profile"\n/);
  });
});
