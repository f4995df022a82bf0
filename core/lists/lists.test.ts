import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Rect } from '../model/geometry.js';
import type { Screen } from '../model/screen.js';
import type { UiNode } from '../model/ui-node.js';
import { parseScreen } from '../import-and-clean.js';
import { buildSnapshot } from '../outline/build.js';
import { renderOutline } from '../outline/render.js';
import { loadFixture, withoutFixtures } from '../../test/support/fixtures.js';
import { considerLists, detectLists } from './index.js';
import { H, node, screenOf, text, W } from '../../test/support/synthetic-screen.js';



/** A row with a title inside, like a settings row. */
const row = (label: string, y: number, h = 60, x = 0, w = W) =>
  node('Group', { x, y, w, h }, [text(label, { x: x + 16, y: y + 10, w: 200, h: 22 })], { actions: ['tap'] });


const scrollingState = (): Partial<UiNode> => ({ states: { scrollable: true } });
const labels = (cells: UiNode[]) => cells.map((c) => c.label ?? c.children[0]?.label);

describe('detectLists', () => {
  it('finds siblings of consistent height, ordered top to bottom whatever the tree order', () => {
    const rows = Array.from({ length: 6 }, (_, i) => row(`Row ${i}`, 100 + i * 60));
    const list = node('List', { x: 0, y: 100, w: W, h: 600 }, [rows[3], rows[0], rows[5], rows[1], rows[4], rows[2]] as UiNode[]);
    const lists = detectLists(screenOf(list));
    assert.equal(lists.length, 1);
    const [l] = lists;
    assert.equal(l?.detector, 'siblings');
    assert.equal(l?.axis, 'vertical');
    assert.equal(l?.container, list);
    assert.deepEqual(labels(l?.cells ?? []), ['Row 0', 'Row 1', 'Row 2', 'Row 3', 'Row 4', 'Row 5']);
    assert.ok((l?.score ?? 0) > 10, `score ${l?.score}`);
  });

  it('does not make a list of heterogeneous siblings', () => {
    const group = node('Group', { x: 0, y: 100, w: W, h: 600 }, [
      node('Image', { x: 0, y: 100, w: W, h: 240 }, [], { label: 'Hero' }),
      text('Title', { x: 16, y: 350, w: 300, h: 30 }),
      node('Button', { x: 16, y: 400, w: 120, h: 44 }, [], { label: 'Buy', actions: ['tap'] }),
      node('TextField', { x: 16, y: 460, w: 358, h: 44 }, [], { label: 'Email', actions: ['setValue'] }),
      node('Group', { x: 0, y: 520, w: W, h: 180 }, [text('Footer', { x: 16, y: 530, w: 200, h: 20 })]),
    ]);
    assert.deepEqual(detectLists(screenOf(group)), []);
  });

  it('reads a grid of tiles row by row as one list', () => {
    const tiles: UiNode[] = [];
    for (let r = 2; r >= 0; r--) {
      for (let c = 0; c < 3; c++) tiles.push(node('Cell', { x: 10 + c * 125, y: 100 + r * 125, w: 120, h: 120 }, [], { label: `${r}${c}`, actions: ['tap'] }));
    }
    const lists = detectLists(screenOf(node('Grid', { x: 0, y: 100, w: W, h: 375 }, tiles)));
    assert.equal(lists.length, 1);
    assert.equal(lists[0]?.axis, 'vertical');
    assert.deepEqual(labels(lists[0]?.cells ?? []), ['00', '01', '02', '10', '11', '12', '20', '21', '22']);
  });

  it('reads a grid of Arabic names row by row from the right, tiles of a row at slightly different tops included; the outline numbers them so', () => {
    // A TV's reciters (Compose): a name of one line is a shorter tile, its top lower, than one with a note under it.
    const names = ['أحمد الحذيفي', 'أحمد الحواشي', 'أحمد السويلم', 'أحمد صابر', 'أحمد سعود', 'أحمد ديبان'];
    const tiles = names.map((name, i) => {
      const [r, c] = [Math.floor(i / 3), i % 3];
      const tall = (i + r) % 2 === 0;
      return node('Cell', { x: 262 - c * 122, y: 200 + r * 60 + (tall ? 0 : 4), w: 114, h: tall ? 41 : 37 }, [], { label: name, actions: ['tap'] });
    });
    const grid = node('Grid', { x: 0, y: 200, w: W, h: 120 }, [...tiles].reverse(), { states: { scrollable: true } });
    const [l] = detectLists(screenOf(grid));
    assert.deepEqual(labels(l?.cells ?? []), names);
    const snap = buildSnapshot(screenOf(grid));
    const first = snap.lists[0]?.cells[0]?.elements[0];
    assert.equal(snap.elements.find((e) => e.index === first)?.label, names[0], 'cell #1 of the outline is the top-right tile');
  });

  it('lists a row of Hebrew items that scrolls sideways from the right', () => {
    const cards = ['א', 'ב', 'ג', 'ד', 'ה'].map((n, i) => node('Button', { x: 318 - i * 80, y: 120, w: 72, h: 130 }, [node('Image', { x: 318 - i * 80, y: 120, w: 72, h: 100 })], { label: `כרטיס ${n}`, actions: ['tap'] }));
    const lists = detectLists(screenOf(node('ScrollView', { x: 0, y: 120, w: W, h: 130 }, [...cards].reverse(), { states: { scrollable: true } })));
    assert.equal(lists[0]?.axis, 'horizontal');
    assert.deepEqual(labels(lists[0]?.cells ?? []), ['א', 'ב', 'ג', 'ד', 'ה'].map((n) => `כרטיס ${n}`));
  });

  it('reads a home screen grid of folders and apps among widgets: the last column is whole, a clock widget in a cell is no item', () => {
    const folder = (name: string, x: number, y: number) => node('Group', { x, y, w: 70, h: 96 }, [text(name, { x, y: y + 70, w: 70, h: 26 })], { label: `Folder: ${name}`, actions: ['tap'] });
    const app = (name: string, x: number, y: number) => node('Text', { x, y, w: 70, h: 96 }, [], { label: name, actions: ['tap', 'longPress'] });
    const weather = node('Group', { x: 0, y: 100, w: 230, h: 96 }, [text('Mon 21°', { x: 10, y: 120, w: 60, h: 20 })], { label: 'Weather' });
    // The clock fills one cell of the last column, as the icons below it do; it is built otherwise and is not tapped itself.
    const clock = node('Group', { x: 320, y: 100, w: 70, h: 96 }, [node('Group', { x: 320, y: 100, w: 70, h: 96 }, [node('Image', { x: 330, y: 120, w: 50, h: 50 }, [], { label: '21:09' })], { actions: ['tap'] })], { label: 'Clock' });
    const icons: UiNode[] = [];
    for (let r = 0; r < 3; r++) for (let c = 0; c < 5; c++) icons.push((c < 3 ? folder : app)(`${r}${c}`, c * 80, 200 + r * 100));
    const page = node('Group', { x: 0, y: 100, w: W, h: 396 }, [weather, clock, ...icons]);
    const lists = detectLists(screenOf(node('ScrollView', { x: 0, y: 100, w: W, h: 396 }, [page], { states: { scrollable: true } })));
    assert.equal(lists[0]?.cells.length, 15, 'the icons of the last column, which touch the edge, are whole icons, not cut pieces of the widget');
    assert.equal(lists[0]?.cells[0]?.label, 'Folder: 00');
  });

  it('reads a grid of figures whatever the order of each tile\'s parts: a tile listing its value before its label is built like the others', () => {
    const figure = (i: number, valueFirst: boolean) => {
      const [x, y] = [(i % 2) * 195, 150 + Math.floor(i / 2) * 57];
      const parts = [{ ...text(`Label ${i}`, { x: x + 4, y: y + 4, w: 60, h: 22 }), id: 'label' }, { ...text(`$${i}`, { x: x + 4, y: y + 28, w: 60, h: 24 }), id: 'value' }];
      // Tapped: figures a person opens, not only one record's fields.
      return node('Group', { x, y, w: 195, h: 57 }, valueFirst ? parts.reverse() : parts, { actions: ['tap'] });
    };
    const grid = (first: boolean) => node('Grid', { x: 0, y: 150, w: W, h: 228 }, Array.from({ length: 8 }, (_, i) => figure(i, first && i === 0)));
    assert.equal(detectLists(screenOf(grid(true)))[0]?.cells.length, 8, 'the first tile stays in the grid');
    assert.deepEqual(detectLists(screenOf(grid(true))).map((l) => l.cells.length), detectLists(screenOf(grid(false))).map((l) => l.cells.length));
  });

  it('reads rows of poster tiles as a grid, the last row cut short by the bottom of the list included', () => {
    const poster = (name: string, x: number, y: number, h = 110) =>
      node('Group', { x, y, w: 120, h }, h > 30 ? [text(name, { x: x + 5, y: y + 80, w: 110, h: 22 })] : [], { actions: ['tap'], label: name });
    const tiledRow = (r: number, h = 117, tileH = 110) => node('Group', { x: 0, y: 150 + r * 117, w: W, h }, [0, 1, 2].map((c) => poster(`${r}${c}`, 5 + c * 128, 153 + r * 117, tileH)));
    // uiautomator clips the bounds: the third row is 13 points tall and its tiles 10, where the scroll view ends.
    const grid = node('ScrollView', { x: 0, y: 150, w: W, h: 247 }, [tiledRow(0), tiledRow(1), tiledRow(2, 13, 10)], { states: { scrollable: true } });
    const lists = detectLists(screenOf(grid));
    assert.deepEqual(labels(lists[0]?.cells ?? []), ['00', '01', '02', '10', '11', '12', '20', '21', '22']);
    // The bottom edge cuts the whole last row of the grid, not only its last tile.
    assert.deepEqual(labels(lists[0]?.clipped ?? []), ['20', '21', '22']);
  });

  it('opens a row wrapper of a declared grid that holds items of its loose items\' layout: a share sheet, its next row cut to 6 points', () => {
    const target = (name: string, x: number, y: number, h = 105) =>
      node('Group', { x, y, w: 78, h }, [node('Image', { x: x + 3, y: y + 1, w: 72, h: Math.min(70, h - 1) }), ...(h > 50 ? [text(name, { x: x + 2, y: y + 71, w: 74, h: 16 })] : [])], { id: 'item', actions: ['tap', 'longPress'] });
    const message = node('Group', { x: 0, y: 600, w: W, h: 60 }, [text('No recommended people', { x: 0, y: 620, w: W, h: 19 })], { id: 'suggested' });
    const firstRow = node('Group', { x: 0, y: 660, w: W, h: 105 }, [0, 1, 2, 3, 4].map((i) => target(`T${i}`, i * 78, 660)), { id: 'suggested' });
    const cutRow = [0, 1, 2, 3, 4].map((i) => target(`U${i}`, i * 78, 765, 6));
    const sheet = node('Grid', { x: 0, y: 600, w: W, h: 171 }, [message, firstRow, ...cutRow]);
    const [main] = detectLists(screenOf(sheet));
    assert.equal(main?.cells.length, 10);
    assert.equal(main?.cells[0]?.children[1]?.label, 'T0');
  });

  it('reads a page of icons that can be pressed and held as a grid even where the page does not scroll; keys only tapped are no list', () => {
    const icon = (name: string, x: number, y: number, actions: UiNode['actions']) =>
      node('Group', { x, y, w: 95, h: 108 }, [node('Text', { x, y, w: 95, h: 108 }, [], { label: name })], { label: name, actions });
    const page = (actions: UiNode['actions']) => {
      const icons: UiNode[] = [];
      for (let r = 0; r < 3; r++) for (let c = 0; c < 4; c++) icons.push(icon(`${r}${c}`, 16 + c * 95, 156 + r * 108, actions));
      return node('Group', { x: 16, y: 48, w: 380, h: 648 }, [node('Group', { x: 16, y: 48, w: 380, h: 108 }, [text('Search', { x: 30, y: 70, w: 300, h: 40 })]), ...icons]);
    };
    const home = detectLists(screenOf(page(['tap', 'longPress'])));
    assert.equal(home[0]?.cells.length, 12);
    assert.equal(home[0]?.cells[0]?.label, '00');
    assert.ok(detectLists(screenOf(page(['tap']))).every((l) => l.cells.length < 12), 'keys that are only tapped make no grid');
  });

  it('reads an iOS home page from a dump that names no actions: icons as wide as their names, centred on the columns of a grid', () => {
    // Maestro's iOS hierarchy: every element is Other, nothing is tapped or held; an icon's frame spans its name.
    const names = ['Watch', 'Contacts', 'Files', 'Shortcuts', 'A very long app name', 'Notes'];
    const widths = [64, 73, 64, 76, 101, 77];
    const icon = (i: number) => {
      const cx = 61 + (i % 4) * 90.5;
      const w = widths[i] as number;
      return node('Other', { x: cx - w / 2, y: 88 + Math.floor(i / 4) * 98, w, h: i === 4 ? 89 : 86 }, [], { label: names[i] });
    };
    const pill = node('Other', { x: 157, y: 694, w: 78, h: 30 }, [node('Other', { x: 169, y: 703, w: 55, h: 15 }, [], { label: 'Search' })], { label: 'Search' });
    const dock = node('Other', { x: 0, y: 742, w: W, h: 98 }, [node('Other', { x: 120, y: 759, w: 64, h: 64 }, [], { label: 'Safari' }), node('Other', { x: 209, y: 759, w: 64, h: 64 }, [], { label: 'Messages' })], { label: 'Dock' });
    const page = (pressing: boolean) => {
      const status = node('Other', { x: 282, y: 23, w: 19, h: 12 }, [], { label: 'No signal', actions: pressing ? ['tap'] : [] });
      return screenOf(node('Other', { x: 0, y: 0, w: W, h: H }, [...names.map((_, i) => icon(i)), pill, dock]), status);
    };
    const [main] = detectLists(page(false));
    assert.deepEqual(labels(main?.cells ?? []), names);
    // Where the dump says what can be pressed, tiles only tapped (or not at all) stay a page's controls, as a keypad's keys.
    assert.ok(detectLists(page(true)).every((l) => l.cells.length < 6));
    // Figures over their captions, centred on the same columns of a page that scrolls, are lines of text, not icons.
    const line = (t: string, cx: number, y: number, w: number) => node('Other', { x: cx - w / 2, y, w, h: 18 }, [], { label: t });
    const stats = [line('120', 65, 300, 30), line('85', 195, 300, 22), line('7', 325, 300, 10), line('Followers', 65, 320, 70), line('Following', 195, 320, 72), line('Posts', 325, 320, 40)];
    const profile = screenOf(node('ScrollView', { x: 0, y: 0, w: W, h: H }, [node('Other', { x: 0, y: 280, w: W, h: 80 }, stats)], { states: { scrollable: true } }));
    assert.ok(detectLists(profile).every((l) => l.cells.length !== 6));
  });

  it('reads two cards built alike at the top of an otherwise empty column as a short list: a title of their own over edit and delete buttons', () => {
    const button = (x: number, y: number) => node('Button', { x, y, w: 48, h: 48 }, [], { actions: ['tap'] });
    // Flutter draws the card's text on the card itself: its buttons are no tiles of a grid.
    const card = (name: string, y: number) => node('View', { x: 12, y, w: 366, h: 96 }, [button(28, y + 8), button(314, y + 8)], { label: `${name}\n2024 • $0` });
    const column = (to: number) => node('View', { x: 0, y: 80, w: W, h: to - 80 }, [card('BMW', 92), card('Toyota Camry', 188)]);
    const header = node('View', { x: 0, y: 0, w: W, h: 80 }, [text('Hello', { x: 16, y: 37, w: 146, h: 31 }), button(300, 28), button(342, 28)]);
    const [main] = detectLists(screenOf(header, column(794)));
    assert.deepEqual(main?.cells.map((c) => c.label?.split('\n')[0]), ['BMW', 'Toyota Camry']);
    // Two such cards filling their column are two blocks of a page.
    assert.ok(detectLists(screenOf(header, column(300))).every((l) => l.cells.length !== 2 || l.cells[0]?.label === undefined));
  });

  it('makes no grid of buttons of one size strewn over a page that scrolls, in rows of their own but on no column together', () => {
    // A player's back, menu, offset and search buttons: one size, each row's left and right edges elsewhere.
    const button = (x: number, y: number) => node('Button', { x, y, w: 41, h: 41 }, [node('Image', { x: x + 10, y: y + 10, w: 21, h: 21 })], { label: `At ${x}`, actions: ['tap'] });
    const strewn = [button(171, 0), button(27, 41), button(315, 41), button(241, 142), button(300, 142), button(100, 540)];
    const page = node('ScrollView', { x: 0, y: 0, w: W, h: H }, [...strewn, text('Fetching lyrics…', { x: 148, y: 372, w: 88, h: 17 })], { states: { scrollable: true } });
    assert.ok(detectLists(screenOf(page)).every((l) => l.cells.length < 3), 'no list of three or more buttons');
    // The same buttons moved onto shared columns are a grid.
    const tiled = [button(27, 0), button(171, 0), button(315, 0), button(27, 142), button(171, 142), button(315, 142)];
    assert.equal(detectLists(screenOf(node('ScrollView', { x: 0, y: 0, w: W, h: H }, tiled, { states: { scrollable: true } })))[0]?.cells.length, 6);
  });

  it('leaves a tab bar of five buttons as five buttons: siblings, not a list', () => {
    const names = ['Home', 'Search', 'Add', 'Alerts', 'Me'];
    const buttons = names.map((n, i) => node('Button', { x: i * 78, y: 795, w: 78, h: 49 }, [], { label: n, actions: ['tap'] }));
    const bar = node('TabBar', { x: 0, y: 795, w: W, h: 49 }, buttons);
    assert.deepEqual(detectLists(screenOf(bar)), []);
    assert.equal(bar.children.length, 5, 'the buttons stay as they were');
  });

  it('leaves a row of buttons laid in a page that scrolls down as buttons (a tab bar inside the page scroll view)', () => {
    const tabs = ['Home', 'Web', 'Login', 'Forms', 'Swipe', 'Drag', 'Menu'].map((n, i) =>
      node('Button', { x: i * 55, y: 790, w: 55, h: 54 }, [node('Image', { x: i * 55 + 15, y: 792, w: 25, h: 25 }), text(n, { x: i * 55 + 5, y: 820, w: 45, h: 20 })], { label: n, actions: ['tap'] }),
    );
    const heading = text('Form components', { x: 80, y: 100, w: 230, h: 40 });
    const page = node('ScrollView', { x: 0, y: 0, w: W, h: H }, [heading, ...tabs], { states: { scrollable: true } });
    assert.deepEqual(detectLists(screenOf(page)), []);
    // Videos in a scroll view of their own height scroll sideways: a list.
    const videos = ['Home', 'Web', 'Login', 'Forms', 'Swipe', 'Drag', 'Menu'].map((n, i) =>
      node('Button', { x: i * 110, y: 690, w: 105, h: 154 }, [node('Image', { x: i * 110, y: 690, w: 105, h: 120 }), text(n, { x: i * 110 + 5, y: 820, w: 45, h: 20 })], { label: n, actions: ['tap'] }),
    );
    const strip = node('ScrollView', { x: 0, y: 690, w: W, h: 154 }, videos, { states: { scrollable: true } });
    assert.equal(detectLists(screenOf(heading, strip))[0]?.cells.length, 4);
  });

  it('lists a row of items that scrolls sideways, left to right', () => {
    const cards = ['a', 'b', 'c', 'd', 'e'].reverse().map((n, i) => node('Button', { x: 16 + (4 - i) * 80, y: 120, w: 72, h: 130 }, [node('Image', { x: 16 + (4 - i) * 80, y: 120, w: 72, h: 100 })], { label: n, actions: ['tap'] }));
    const lists = detectLists(screenOf(node('ScrollView', { x: 0, y: 120, w: W, h: 130 }, cards, { states: { scrollable: true } })));
    assert.equal(lists[0]?.axis, 'horizontal');
    assert.deepEqual(labels(lists[0]?.cells ?? []), ['a', 'b', 'c', 'd', 'e']);
  });

  it('counts only cells that can be seen', () => {
    const rows = Array.from({ length: 20 }, (_, i) => row(`Row ${i}`, 100 + i * 60));
    for (const r of rows) if (r.frame.y >= H) delete r.visibleFrame;
    const lists = detectLists(screenOf(node('List', { x: 0, y: 100, w: W, h: H - 100 }, rows, { visibleFrame: { x: 0, y: 100, w: W, h: H - 100 } })));
    // Rows from y=100 to y=844: 12 full or partly visible rows (the 13th starts at 820 and shows 24 points).
    assert.equal(lists[0]?.cells.length, 13);
  });

  it('leaves section headers out of the cells', () => {
    const children = [
      text('GENERAL', { x: 0, y: 100, w: W, h: 30 }),
      row('A', 130),
      row('B', 190),
      text('MORE', { x: 0, y: 250, w: W, h: 30 }),
      row('C', 280),
      row('D', 340),
    ];
    const lists = detectLists(screenOf(node('List', { x: 0, y: 100, w: W, h: 300 }, children)));
    assert.deepEqual(labels(lists[0]?.cells ?? []), ['A', 'B', 'C', 'D']);
  });

  it('leaves out section headings drawn as bare labelled views (not Text), between rows that do something', () => {
    const heading = (label: string, y: number) => node('Group', { x: 0, y, w: W, h: 45 }, [], { label });
    const notification = (label: string, y: number) =>
      node('Button', { x: 0, y, w: W, h: 84 }, [node('Image', { x: 13, y: y + 8, w: 67, h: 67 }, [], { label: 'Photo' }), text(label, { x: 92, y: y + 36, w: 277, h: 10 })], { label, actions: ['tap'] });
    const children = [heading('New', 100), notification('A', 145), notification('B', 229), heading('Today', 313), notification('C', 358), heading('Earlier', 442), notification('D', 487), notification('E', 571)];
    const lists = detectLists(screenOf(node('List', { x: 0, y: 100, w: W, h: 700 }, children)));
    assert.deepEqual(labels(lists[0]?.cells ?? []), ['A', 'B', 'C', 'D', 'E']);
    // A bare label as tall as the rows (iOS flattens a settings row with its switch so) is a row.
    const flat = [notification('A', 100), node('Other', { x: 0, y: 184, w: W, h: 84 }, [], { label: 'Login allowed, on' }), notification('B', 268), notification('C', 352)];
    const settings = detectLists(screenOf(node('List', { x: 0, y: 100, w: W, h: 700 }, flat)));
    assert.equal(settings[0]?.cells.length, 4);
  });

  it('takes only the declared cells of a table', () => {
    const cells = [0, 1, 2].map((i) => node('Cell', { x: 0, y: 200 + i * 44, w: W, h: 44 }, [], { label: `Cell ${i}`, actions: ['tap'] }));
    const header = node('Group', { x: 0, y: 160, w: W, h: 40 }, [], { label: 'HEADER' });
    const lists = detectLists(screenOf(node('Table', { x: 0, y: 0, w: W, h: H }, [header, ...cells])));
    assert.deepEqual(labels(lists[0]?.cells ?? []), ['Cell 0', 'Cell 1', 'Cell 2']);
  });

  it('does not take a form of fields with labels between them for a list', () => {
    const children: UiNode[] = [];
    ['Email', 'Password', 'Confirm'].forEach((name, i) => {
      const y = 100 + i * 88;
      children.push(text(name, { x: 16, y, w: 80, h: 12 }));
      children.push(text('(Mandatory)', { x: 100, y, w: 60, h: 12 }));
      children.push(node(i === 0 ? 'TextField' : 'SecureTextField', { x: 16, y: y + 20, w: 343, h: 44 }, [], { label: name, actions: ['tap', 'setValue'] }));
    });
    assert.deepEqual(detectLists(screenOf(node('ScrollView', { x: 0, y: 64, w: W, h: 600 }, [node('Group', { x: 0, y: 64, w: W, h: 600 }, children)]))), []);
    // Nor a login column as React Native gives it (every element a plain one but the fields): a
    // label, its field, another label and field, a hint, two buttons.
    const login = ['Phone Number', 'field:Phone', 'Verification Code', 'field:Code', 'Check your SMS', 'Login', 'Resend code'].map((t, i) =>
      t.startsWith('field:')
        ? node('TextField', { x: 24, y: 200 + i * 56, w: 342, h: 48 }, [], { label: t.slice(6), actions: ['tap', 'setValue'], states: { editable: true } })
        : node('Other', { x: 24, y: 200 + i * 56, w: 342, h: 40 }, [], { label: t, actions: t.startsWith('Log') || t.startsWith('Res') ? ['tap'] : [] }),
    );
    assert.deepEqual(detectLists(screenOf(node('Other', { x: 0, y: 0, w: W, h: H }, login))), []);
  });

  it('keeps two cells only where the platform declares a collection', () => {
    const two = (role: string) => screenOf(node(role, { x: 0, y: 100, w: W, h: 300 }, [row('A', 100, 120), row('B', 230, 120)]));
    assert.equal(detectLists(two('List'))[0]?.cells.length, 2);
    assert.deepEqual(detectLists(two('Group')), []);
  });

  it('finds rows of regular spacing spread over several parents (the spacing detector)', () => {
    // Hour slots whose wrappers differ: some rows sit one level deeper than the others.
    const slots = Array.from({ length: 8 }, (_, i) => node('Other', { x: 50, y: 100 + i * 50, w: 340, h: 50 }, [], { label: `${i + 9}:00` }));
    const children = slots.map((s, i) => (i % 2 === 0 ? s : node('Group', { x: 0, y: s.frame.y, w: W, h: 50 }, [s, node('Image', { x: 10, y: s.frame.y, w: 30, h: 30 }, [], { id: `dot${i}` })])));
    const lists = detectLists(screenOf(node('Group', { x: 0, y: 100, w: W, h: 400 }, children)));
    const spacing = lists.find((l) => l.detector === 'spacing');
    assert.ok(spacing, `lists: ${JSON.stringify(lists.map((l) => [l.detector, l.cells.length]))}`);
    assert.deepEqual(labels(spacing.cells), slots.map((s) => s.label));
  });

  it('takes the rows for the list, not the section holding a carousel above them, and the carousel after it', () => {
    const cards = Array.from({ length: 3 }, (_, i) => node('Button', { x: 16 + i * 130, y: 130, w: 120, h: 80 }, [node('Image', { x: 16 + i * 130, y: 130, w: 120, h: 60 })], { label: `Card ${i}`, actions: ['tap'] }));
    const carousel = node('List', { x: 0, y: 130, w: W, h: 80 }, cards);
    const feed = node('List', { x: 0, y: 100, w: W, h: 700 }, [
      node('Group', { x: 0, y: 100, w: W, h: 140 }, [carousel], { label: 'Featured' }),
      ...Array.from({ length: 5 }, (_, i) => row(`Post ${i}`, 240 + i * 110, 110)),
    ]);
    const lists = detectLists(screenOf(feed));
    assert.deepEqual(lists.map((l) => [l.container, l.axis, l.cells.length]), [
      [feed, 'vertical', 5],
      [carousel, 'horizontal', 3],
    ]);
    assert.ok((lists[0]?.score ?? 0) >= (lists[1]?.score ?? 0));
  });

  it('leaves out the items above the rows: a search field, a banner and a strip of another size', () => {
    const search = node('Group', { x: 0, y: 100, w: W, h: 54 }, [node('Image', { x: 16, y: 110, w: 30, h: 30 }), text('Search', { x: 56, y: 110, w: 200, h: 30 })], { actions: ['tap'] });
    const banner = node('Group', { x: 0, y: 154, w: W, h: 146 }, [text('Get the app', { x: 16, y: 170, w: 300, h: 40 }), node('Button', { x: 16, y: 230, w: 200, h: 40 }, [], { label: 'Install', actions: ['tap'] })]);
    const strip = node('Group', { x: 0, y: 300, w: W, h: 50 }, ['Inbox', 'Unread'].map((t, i) => node('Button', { x: 16 + i * 120, y: 310, w: 100, h: 30 }, [], { label: t, actions: ['tap'] })));
    const chats = Array.from({ length: 5 }, (_, i) => row(`Chat ${i}`, 350 + i * 80, 80));
    const lists = detectLists(screenOf(node('List', { x: 0, y: 100, w: W, h: 744 }, [search, banner, strip, ...chats])));
    assert.deepEqual(labels(lists[0]?.cells ?? []), ['Chat 0', 'Chat 1', 'Chat 2', 'Chat 3', 'Chat 4']);
    // Messages built alike stay rows whatever their height (a long message at the end).
    const bubbles = [80, 80, 80, 80, 160, 220].map((h, i, all) => row(`Message ${i}`, 100 + all.slice(0, i).reduce((a, b) => a + b, 0), h));
    const thread = detectLists(screenOf(node('List', { x: 0, y: 100, w: W, h: 744 }, bubbles)));
    assert.equal(thread[0]?.cells.length, 6);
  });

  it('does not take windows for rows, nor a narrow column of tool buttons at the side for a list', () => {
    // Three apps stacked in split-screen windows of one height.
    const windows = ['Mail', 'Maps', 'Notes'].map((name, i) => node('Group', { x: 0, y: i * 280, w: W, h: 280 }, [text(name, { x: 10, y: i * 280 + 10, w: 80, h: 30 })], { window: name }));
    assert.deepEqual(detectLists(screenOf(...windows)), []);
    const tools = ['Text', 'Trim', 'Filters', 'Voiceover', 'More'].map((label, i) => node('Button', { x: 330, y: 200 + i * 48, w: 56, h: 48 }, [], { label, actions: ['tap'] }));
    assert.deepEqual(detectLists(screenOf(node('Group', { x: 330, y: 200, w: 56, h: 240 }, tools))), []);
    // A narrow column of text rows (a car's settings categories) is a list.
    const categories = ['Sound', 'Profile', 'Display', 'Apps'].map((label, i) => row(label, 100 + i * 34, 34, 0, 70));
    assert.equal(detectLists(screenOf(node('Group', { x: 0, y: 100, w: 70, h: 136 }, categories)))[0]?.cells.length, 4);
  });

  it('finds a column of row wrappers that only hold a text each (a Compose list the platform does not name)', () => {
    const names = ['Sound', 'Profile', 'Convenience', 'Connection', 'Apps'];
    const rows = names
      .map((t, i) => `<node class="android.view.View" package="com.example.car" text="" bounds="[0,${i * 88}][353,${(i + 1) * 88}]"><node class="android.widget.TextView" package="com.example.car" text="${t}" bounds="[77,${i * 88 + 30}][${100 + t.length * 12},${i * 88 + 58}]"/></node>`)
      .join('');
    const xml = `<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="1"><node class="android.widget.FrameLayout" package="com.example.car" text="" bounds="[0,0][1258,886]"><node class="android.view.View" package="com.example.car" text="" scrollable="true" bounds="[0,0][353,886]">${rows}</node></node></hierarchy>`;
    const list = detectLists(parseScreen(xml))[0];
    assert.deepEqual(list?.cells.map((c) => c.label ?? c.children[0]?.label), names);
    assert.equal(new Set(list?.cells.map((c) => Math.round(c.frame.w))).size, 1, 'each cell is the whole row, not its text');
  });

  it('keeps the selected option of a radio group as its first row: Compose reports its radio button unlabelled and not tappable, only checked', () => {
    const options = ['YOLO', 'Built-in', 'GPU', 'OpenCV'];
    const rows = options
      .map((t, i) => {
        const y = 440 + i * 155;
        const radio = `<node class="android.widget.RadioButton" package="com.example.shop" text="" checkable="true" checked="${i === 0}" clickable="${i !== 0}" bounds="[97,${y + 7}][239,${y + 149}]"/>`;
        return `<node class="android.view.View" package="com.example.shop" text="" clickable="true" bounds="[96,${y}][2704,${y + 155}]">${radio}<node class="android.widget.TextView" package="com.example.shop" text="${t}" bounds="[263,${y + 48}][720,${y + 108}]"/></node>`;
      })
      .join('');
    const title = '<node class="android.widget.TextView" package="com.example.shop" text="Engine" bounds="[96,355][287,427]"/>';
    const xml = `<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="1"><node class="android.widget.FrameLayout" package="com.example.shop" text="" bounds="[0,0][2800,1272]"><node class="android.view.View" package="com.example.shop" text="" scrollable="true" bounds="[0,300][2800,1100]"><node class="android.view.View" package="com.example.shop" text="" bounds="[48,307][2752,1060]">${title}${rows}</node></node></node></hierarchy>`;
    const list = detectLists(parseScreen(xml))[0];
    assert.deepEqual(list?.cells.map((c) => c.children.find((m) => m.role === 'Text')?.label), options);
    assert.equal(list?.cells[0]?.children.find((m) => m.role === 'RadioButton')?.states.checked, true, 'the cleaned tree keeps the selected radio button');
  });

  it('does not take a stack of three bare buttons for a list', () => {
    const actions = ['Allow', 'Allow once', "Don't allow"].map((label, i) => node('Button', { x: 16, y: 500 + i * 56, w: 358, h: 48 }, [], { label, actions: ['tap'] }));
    assert.deepEqual(detectLists(screenOf(node('Group', { x: 0, y: 500, w: W, h: 168 }, actions))), []);
  });

  it('takes the content rows for the main list, not a strip of filter chips, the tabs or a date header above them', () => {
    const chips = node('List', { x: 0, y: 100, w: W, h: 40 }, ['All', 'Unread', 'Favourites', 'Groups', 'Work', 'Family'].map((t, i) => node('Button', { x: 8 + i * 90, y: 104, w: 84, h: 32 }, [], { label: t, actions: ['tap'] })), { states: { scrollable: true } });
    const tabs = node('TabBar', { x: 0, y: 60, w: W, h: 40 }, ['Chats', 'Updates', 'Calls'].map((t, i) => node('Tab', { x: i * 130, y: 60, w: 130, h: 40 }, [], { label: t, actions: ['tap'] })));
    const chats = node('List', { x: 0, y: 140, w: W, h: 660 }, [text('Today', { x: 0, y: 140, w: W, h: 24 }), ...Array.from({ length: 7 }, (_, i) => row(`Chat ${i}`, 164 + i * 72, 72))]);
    const [main] = detectLists(screenOf(tabs, chips, chats));
    assert.equal(main?.container, chats);
    assert.deepEqual(labels(main?.cells ?? []), Array.from({ length: 7 }, (_, i) => `Chat ${i}`));
    // A feed the platform names showing one tall post leads a scrolling shelf of six videos at the bottom.
    const feed = node('List', { x: 0, y: 100, w: W, h: 600 }, [row('A tall post', 100, 600)]);
    const thumb = (i: number) => node('Image', { x: i * 65, y: 700, w: 65, h: 120 });
    const shelf = node('ScrollView', { x: 0, y: 700, w: W, h: 144 }, ['Home', 'Search', 'Grok', 'Groups', 'Alerts', 'Mail'].map((t, i) => node('Button', { x: i * 65, y: 700, w: 65, h: 144 }, [thumb(i)], { label: t, actions: ['tap'] })), { states: { scrollable: true } });
    const [first, second] = detectLists(screenOf(feed, shelf));
    assert.deepEqual([first?.container, second?.container], [feed, shelf]);
    // A scrolling strip of tabs, each an icon and its name, is no list.
    const icon = (i: number) => node('Image', { x: i * 65 + 20, y: 764, w: 24, h: 24 });
    const bottomTabs = node('ScrollView', { x: 0, y: 760, w: W, h: 60 }, ['Home', 'Search', 'Grok', 'Groups', 'Alerts', 'Mail'].map((t, i) => node('Button', { x: i * 65, y: 760, w: 65, h: 60 }, [icon(i)], { label: t, actions: ['tap'] })), { states: { scrollable: true } });
    assert.deepEqual(detectLists(screenOf(feed, bottomTabs)).map((l) => l.container), [feed]);
  });

  it('leaves rows that load more rows out of the cells: a lone "View 1 more reply" button, a spinner at the end', () => {
    const comment = (name: string, y: number) =>
      node('Cell', { x: 0, y, w: W, h: 100 }, [node('Image', { x: 16, y: y + 10, w: 40, h: 40 }, [], { label: `${name} picture` }), text(`${name} said hi`, { x: 64, y: y + 10, w: 300, h: 40 }), node('Button', { x: 64, y: y + 60, w: 60, h: 30 }, [], { label: 'Reply', actions: ['tap'] })], { label: name, actions: ['tap'] });
    const more = node('Cell', { x: 0, y: 300, w: W, h: 30 }, [node('Button', { x: 85, y: 302, w: 105, h: 16 }, [], { label: 'View 1 more reply', actions: ['tap'] })], { actions: ['tap'] });
    const loading = node('Group', { x: 0, y: 530, w: W, h: 60 }, [node('Spinner', { x: 180, y: 540, w: 30, h: 30 }), text('Loading…', { x: 150, y: 572, w: 90, h: 16 })]);
    const lists = detectLists(screenOf(node('Grid', { x: 0, y: 100, w: W, h: 744 }, [comment('ann', 100), comment('kal', 200), more, comment('rus', 330), comment('mam', 430), loading])));
    assert.deepEqual(lists[0]?.cells.map((c) => c.label), ['ann', 'kal', 'rus', 'mam']);
    // A list whose every row is one button stays a list of buttons.
    const menu = ['Archive', 'Mute', 'Block', 'Report'].map((label, i) => node('Cell', { x: 0, y: 100 + i * 50, w: W, h: 50 }, [node('Button', { x: 16, y: 105 + i * 50, w: 200, h: 40 }, [], { label, actions: ['tap'] })]));
    assert.equal(detectLists(screenOf(node('Table', { x: 0, y: 100, w: W, h: 200 }, menu)))[0]?.cells.length, 4);
  });

  it('keeps a list the platform names with one or two cells in view (a web listbox, a RecyclerView)', () => {
    const one = detectLists(screenOf(node('List', { x: 0, y: 100, w: W, h: 600 }, [row('Only result', 100, 120)])));
    assert.equal(one[0]?.cells.length, 1);
    const two = detectLists(screenOf(node('List', { x: 0, y: 100, w: W, h: 600 }, [row('A', 100, 120), row('B', 220, 200)])));
    assert.deepEqual(labels(two[0]?.cells ?? []), ['A', 'B']);
    // Sideways too, whatever the cells' sizes: the consistency score is for lists nobody names.
    const picture = (x: number) => node('Image', { x, y: 100, w: 110, h: 90 });
    const cards = [node('Button', { x: 10, y: 100, w: 120, h: 90 }, [picture(10)], { label: 'Save', actions: ['tap'] }), node('Button', { x: 140, y: 100, w: 240, h: 90 }, [picture(140)], { label: 'Remix this reel', actions: ['tap'] })];
    const strip = detectLists(screenOf(node('List', { x: 0, y: 100, w: W, h: 90 }, cards)));
    assert.deepEqual([strip[0]?.axis, strip[0]?.cells.length], ['horizontal', 2]);
    // One declared cell beside the scroll bars iOS lists as elements of the collection.
    const bars = [node('Group', { x: 360, y: 100, w: 30, h: 400 }, [], { label: 'Vertical scroll bar, 9 pages', value: '0%' }), node('Group', { x: 0, y: 470, w: W, h: 30 }, [], { label: 'Horizontal scroll bar, 1 page', value: '0%' })];
    const tall = node('Cell', { x: 0, y: 130, w: W, h: 769 }, [text('A recipe', { x: 16, y: 140, w: 300, h: 20 })], { actions: ['tap'] });
    const withBars = detectLists(screenOf(node('Grid', { x: 0, y: 100, w: W, h: 744 }, [...bars, tall])));
    assert.deepEqual(withBars[0]?.cells, [tall]);
    // The same rows in a container the platform does not name are not a list.
    assert.deepEqual(detectLists(screenOf(node('Group', { x: 0, y: 100, w: W, h: 600 }, [row('A', 100, 120), row('B', 220, 200)]))), []);
  });

  it('takes two cards built alike, each a record of several parts, in a page that scrolls, for a list of two; not two plain rows that do nothing', () => {
    const card = (name: string, y: number) =>
      node('Group', { x: 17, y, w: 350, h: 226 }, [
        text(name, { x: 33, y: y + 16, w: 317, h: 23 }),
        text(`${name} code`, { x: 33, y: y + 48, w: 317, h: 17 }),
        text('No session open', { x: 33, y: y + 74, w: 317, h: 17 }),
        ...['Open', 'Updates', 'Schedule'].map((b, i) => node('Button', { x: 33 + i * 100, y: y + 171, w: 90, h: 39 }, [], { label: b, actions: ['tap'] })),
      ]);
    const page = (...members: UiNode[]) =>
      screenOf(node('ScrollView', { x: 0, y: 93, w: W, h: 751 }, [node('Group', { x: 0, y: 93, w: W, h: 590 }, [text('Classrooms', { x: 17, y: 111, w: 350, h: 35 }), ...members])], { states: { scrollable: true } }));
    assert.deepEqual(labels(detectLists(page(card('Maths', 200), card('Physics', 440)))[0]?.cells ?? []), ['Maths', 'Physics']);
    // Two rows a person taps are a list of two (isPressedPair); two that do nothing say too little.
    const still = (label: string, y: number) => ({ ...row(label, y, 120), actions: [] });
    assert.deepEqual(detectLists(page(still('A', 200), still('B', 320))), []);
  });

  it('takes the larger list, then the one nearer the centre, as the main list when two score the same', () => {
    // Two panes of one size side by side on a tablet: the same rows, one pane nearer the centre.
    const pane = (x: number, w: number, name: string) => node('List', { x, y: 100, w, h: 400 }, Array.from({ length: 4 }, (_, i) => row(`${name} ${i}`, 100 + i * 100, 100, x, w)));
    const wide = { ...screenOf(), size: { w: 1200, h: 844 } };
    const left = pane(0, 400, 'Left');
    const middle = pane(420, 400, 'Middle');
    wide.root = node('Application', { x: 0, y: 0, w: 1200, h: 844 }, [left, middle]);
    const [main, other] = detectLists(wide);
    assert.equal(main?.score, other?.score, 'a tie');
    assert.equal(main?.container, middle, 'the pane nearer the centre');
    // Of two lists with the same score, the larger one leads, whatever their order on the screen.
    const small = node('List', { x: 0, y: 100, w: W, h: 240 }, Array.from({ length: 4 }, (_, i) => row(`S${i}`, 100 + i * 60)));
    const large = node('List', { x: 0, y: 400, w: W, h: 440 }, Array.from({ length: 4 }, (_, i) => row(`L${i}`, 400 + i * 60)));
    const lists = detectLists(screenOf(small, large));
    assert.equal(lists[0]?.score, lists[1]?.score);
    assert.deepEqual([lists[0]?.container, lists[1]?.container], [large, small]);
  });

  it('reads a flat card of names with a status beside each as rows, and takes it over a navigation drawer', () => {
    // A drawer of five destinations at the left, and a card whose rows have no node of their own:
    // each name and its status are siblings, on one line.
    const drawer = node('Group', { x: 0, y: 80, w: 100, h: 300 }, Array.from({ length: 5 }, (_, i) => row(`Page ${i}`, 80 + i * 40, 40, 0, 100)));
    const stages = Array.from({ length: 7 }, (_, i) => [
      text(`Stage ${i}`, { x: 120, y: 120 + i * 30, w: 180, h: 16 }),
      text(i === 0 ? 'Running' : 'Pending', { x: 320, y: 121 + i * 30, w: 50, h: 14 }),
    ]).flat();
    const card = node('Group', { x: 110, y: 110, w: 270, h: 220 }, stages);
    const [main] = detectLists(screenOf(drawer, card));
    assert.equal(main?.container, card);
    assert.deepEqual(labels(main?.cells ?? []), Array.from({ length: 7 }, (_, i) => `Stage ${i}`));
    // A keypad's keys side by side are the columns of a grid: a column of keys stays no list.
    const keys = Array.from({ length: 9 }, (_, i) => node('Group', { x: 40 + (i % 3) * 104, y: 200 + Math.floor(i / 3) * 76, w: 72, h: 72 }, [], { label: `Digit ${i + 1}`, actions: ['tap'] }));
    assert.deepEqual(detectLists(screenOf(node('Group', { x: 40, y: 200, w: 280, h: 228 }, keys))), []);
  });

  it('does not take the lines of one card, or the paragraphs of a page, for rows', () => {
    // A route summary: a title and four plain lines of one record.
    const lines = ['Origin: here', 'Destination: hospital', 'Distance 2.1 km', 'Route ready'].map((t, i) => text(t, { x: 32, y: 528 + i * 26, w: 347, h: 20 }));
    const card = node('Group', { x: 16, y: 478, w: 358, h: 184 }, [text('Route summary', { x: 32, y: 494, w: 128, h: 24 }), ...lines]);
    assert.deepEqual(detectLists(screenOf(card)), []);
    const page = node('ScrollView', { x: 0, y: 100, w: W, h: 700 }, ['First', 'Second', 'Third', 'Fourth'].map((t, i) => text(`${t} paragraph`, { x: 16, y: 100 + i * 120, w: 358, h: 100 })), { states: { scrollable: true } });
    assert.deepEqual(detectLists(screenOf(page)), []);
    // The labels of tappable wrappers (a launcher's icons) are another matter: each is a control.
    const icons = ['Mail', 'Maps', 'Notes', 'Clock'].map((t, i) => node('Group', { x: 16, y: 100 + i * 108, w: 95, h: 108 }, [text(t, { x: 16, y: 100 + i * 108, w: 95, h: 108 })], { actions: ['tap'] }));
    const wrapped = node('Group', { x: 0, y: 100, w: W, h: 432 }, icons.map((g) => node('Group', g.frame, [g])));
    assert.equal(detectLists(screenOf(wrapped))[0]?.cells.length, 4);
  });

  it('does not take a strip of controls for a list, even where it scrolls: tabs, days, actions, a menu of buttons', () => {
    const scrolling = { states: { scrollable: true } };
    const tabs = ['Sale', 'General', 'Payment', 'Sensors', 'Cleaning', 'About'].map((t, i) => node('Button', { x: 8 + i * 64, y: 45, w: 60, h: 24 }, [], { label: t, actions: ['tap'] }));
    assert.deepEqual(detectLists(screenOf(node('ScrollView', { x: 0, y: 45, w: W, h: 24 }, tabs, scrolling))), []);
    // A strip of days: each item three short texts, no picture.
    const days = Array.from({ length: 8 }, (_, i) =>
      node('Group', { x: i * 50, y: 129, w: 48, h: 84 }, ['JUN', String(20 + i), 'SAT'].map((t, j) => text(t, { x: i * 50 + 14, y: 135 + j * 24, w: 20, h: 24 })), { actions: ['tap'] }),
    );
    assert.deepEqual(detectLists(screenOf(node('Group', { x: 0, y: 129, w: W, h: 84 }, days, scrolling))), []);
    // A web page's list of promo chips is a strip too, though the page names it a list.
    const chips = ['Christmas gifts', '10% off', 'Kids sale'].map((t, i) => node('Group', { x: 18 + i * 180, y: 668, w: 178, h: 48 }, [text(t, { x: 70 + i * 180, y: 681, w: 107, h: 21 })], { label: t, actions: ['tap'] }));
    assert.deepEqual(detectLists(screenOf(node('ScrollView', { x: 0, y: 668, w: W, h: 57 }, [node('List', { x: 18, y: 668, w: 375, h: 57 }, chips)], scrolling))), []);
    // Preset chips, each an emoji before a name of up to three words: the emoji is the chip's icon and a slash no word.
    const presets = ['⚪ White Belt', '🔵 Blue / Purple Belt', '🏆 Final CBJJ / IBJJF', '⚡ Drills / Position'].map((t, i) =>
      node('Group', { x: 12 + i * 96, y: 57, w: 90, h: 36 }, t.split(/ (.*)/).filter(Boolean).map((part, j) => text(part, { x: 21 + i * 96 + j * 15, y: 68, w: j === 0 ? 10 : 60, h: 15 })), { actions: ['tap'] }),
    );
    assert.deepEqual(detectLists(screenOf(node('Group', { x: 12, y: 63, w: W - 12, h: 24 }, presets, scrolling))), []);
    // A spelling game's letter keys, each a tapped wrapper of its letter, laid in the page that scrolls.
    const letters = 'QWERTYUIOPASDFGHJKL'.split('').map((k, i) => {
      const [x, y] = [16 + (i % 10) * 36, 600 + Math.floor(i / 10) * 56];
      return node('Group', { x, y, w: 33, h: 48 }, [text(k, { x: x + 8, y: y + 8, w: 17, h: 32 })], { actions: ['tap'] });
    });
    const prompt = text('Spell this word', { x: 16, y: 500, w: 200, h: 20 });
    assert.deepEqual(detectLists(screenOf(node('ScrollView', { x: 0, y: 112, w: W, h: 700 }, [prompt, ...letters], scrolling))), []);
    // A grid of bare buttons: a menu of sections.
    const menu = ['General', 'Models', 'Knowledge', 'Workspace', 'Cognition'].map((t, i) => node('Button', { x: 24 + (i % 2) * 184, y: 273 + Math.floor(i / 2) * 57, w: 176, h: 48 }, [], { label: t, actions: ['tap'] }));
    assert.deepEqual(detectLists(screenOf(node('Group', { x: 0, y: 250, w: W, h: 355 }, menu, scrolling))), []);
    // Cards whose short title takes a sliver of them hold a picture the platform left unnamed: a list.
    const posters = ['Dune', 'Heat', 'Alien', 'Up'].map((t, i) => node('Group', { x: 10 + i * 95, y: 300, w: 90, h: 200 }, [text(t, { x: 16 + i * 95, y: 470, w: 70, h: 20 })], { actions: ['tap'] }));
    assert.equal(detectLists(screenOf(node('Group', { x: 0, y: 300, w: W, h: 200 }, posters, scrolling)))[0]?.cells.length, 4);
    // Cards that show pictures and say more are content laid sideways: a list.
    const cards = ['Bang Bang Tofu', 'Aburi Cheese Roll', 'Veg Bento Box'].map((t, i) =>
      node('Group', { x: 10 + i * 160, y: 367, w: 153, h: 170 }, [node('Image', { x: 14 + i * 160, y: 370, w: 147, h: 81 }), text(t, { x: 17 + i * 160, y: 456, w: 140, h: 33 }), text('₹455', { x: 17 + i * 160, y: 500, w: 75, h: 17 })], { actions: ['tap'] }),
    );
    assert.equal(detectLists(screenOf(node('Group', { x: 0, y: 367, w: W, h: 170 }, cards, scrolling)))[0]?.cells.length, 3);
  });

  it('takes a tab whose icon sits over its label for a control: the icon counts as what fills its height, as its text does', () => {
    // Tabs 72 points tall: a 24-point glyph at the top, a 14-point name at the bottom; the name alone is a sliver.
    const tab = (t: string, i: number, icon: boolean) =>
      node('Group', { x: 8 + i * 64, y: 100, w: 60, h: 72 }, [...(icon ? [node('Image', { x: 26 + i * 64, y: 108, w: 24, h: 24 })] : []), text(t, { x: 12 + i * 64, y: 150, w: 52, h: 14 })], { actions: ['tap'] });
    const strip = (icon: boolean) => screenOf(node('ScrollView', { x: 0, y: 100, w: W, h: 72 }, ['Home', 'Maps', 'Saved', 'Trips', 'Deals', 'Help'].map((t, i) => tab(t, i, icon)), scrollingState()));
    assert.deepEqual(detectLists(strip(true)), []);
    // Without the glyph, the same cards hold something the platform left unnamed over their short names: a list.
    assert.equal(detectLists(strip(false))[0]?.cells.length, 6);
  });

  it('reads a centred grid of icons the same whatever the order of the tree: tiles grouped by height from the first in reading order', () => {
    // Icons as wide as their names, none named to be pressed (Maestro's iOS hierarchy); a name of two lines
    // makes a taller tile, a short one a shorter: each within the tolerance of the usual 88, not of each other.
    const names = ['Mail', 'Calendar', 'Photos', 'Camera', 'Maps', 'Clock', 'Weather forecast', 'Notes'];
    const widths = [64, 90, 70, 104, 78, 100, 60, 86];
    const heights = [88, 88, 88, 88, 88, 76, 100, 88];
    const icons = names.map((name, i) => {
      const [cx, w] = [61 + (i % 4) * 90.5, widths[i] as number];
      return node('Other', { x: cx - w / 2, y: 88 + Math.floor(i / 4) * 110, w, h: heights[i] as number }, [], { label: name });
    });
    const home = (order: number[]) => screenOf(node('Other', { x: 0, y: 0, w: W, h: H }, order.map((i) => icons[i] as UiNode)));
    const inOrder = labels(detectLists(home([0, 1, 2, 3, 4, 5, 6, 7]))[0]?.cells ?? []);
    assert.deepEqual(inOrder, names);
    for (const order of [[5, 0, 1, 2, 3, 4, 6, 7], [6, 7, 4, 3, 2, 1, 0, 5], [7, 6, 5, 4, 3, 2, 1, 0]]) {
      assert.deepEqual(labels(detectLists(home(order))[0]?.cells ?? []), inOrder, `tree order ${order.join(',')}`);
    }
  });

  it('does not take a row of shortcuts, logos or swatches for a list: each shows at most an icon and says a name', () => {
    const collection = (children: UiNode[], y: number, h: number) => node('List', { x: 0, y, w: W, h }, children, { states: { scrollable: true }, actions: ['scroll'] });
    // A bank's shortcuts: an icon over a word each.
    const shortcuts = ['Transfer', 'Top up', 'Pay bills', 'Withdraw'].map((t, i) =>
      node('Group', { x: 9 + i * 94, y: 318, w: 94, h: 109 }, [node('Image', { x: 30 + i * 94, y: 318, w: 51, h: 51 }, [], { actions: ['tap'] }), text(t, { x: 17 + i * 94, y: 376, w: 77, h: 51 })]),
    );
    assert.deepEqual(detectLists(screenOf(collection(shortcuts, 318, 109))), []);
    // Brand logos, each a picture named after its brand.
    const logos = ['Kia', 'Hyundai', 'Changan', 'Cadillac', 'BMW'].map((t, i) => node('Image', { x: 13 + i * 80, y: 676, w: 69, h: 92 }, [], { label: t }));
    assert.deepEqual(detectLists(screenOf(node('ScrollView', { x: 0, y: 676, w: W, h: 92 }, logos, scrollingState()))), []);
    // Colour swatches: what their pictures' labels describe is no text of theirs.
    const swatches = ['Black', 'Blue', 'Gray', 'Green'].map((t, i) =>
      node('Group', { x: 21 + i * 52, y: 569, w: 37, h: 37 }, [...(i === 0 ? [node('Image', { x: 21, y: 569, w: 37, h: 37 }, [], { label: 'Indicates when color is selected' })] : []), node('Image', { x: 26 + i * 52, y: 574, w: 26, h: 26 }, [], { label: `${t} color` })], { actions: ['tap'] }),
    );
    assert.deepEqual(detectLists(screenOf(collection(swatches, 569, 37))), []);
    // Posters named by a word are content laid sideways: a list.
    const posters = ['Dune', 'Heat', 'Alien', 'Up'].map((t, i) => node('Group', { x: 10 + i * 95, y: 300, w: 90, h: 200 }, [node('Image', { x: 10 + i * 95, y: 300, w: 90, h: 160 }), text(t, { x: 16 + i * 95, y: 470, w: 70, h: 20 })], { actions: ['tap'] }));
    assert.equal(detectLists(screenOf(collection(posters, 300, 200)))[0]?.cells.length, 4);
  });

  it('does not take tiles that are a key over its value for a grid: the fields of one record, even in a collection', () => {
    const field = (key: string, value: string, x: number, y: number, extra: Partial<UiNode> = {}) =>
      node('Group', { x, y, w: 180, h: 56 }, [text(key, { x, y, w: 100, h: 16 }), text(value, { x, y: y + 18, w: 120, h: 36 })], extra);
    // One account's figures in a grid the platform names, above the account's positions.
    const figures = node('Grid', { x: 0, y: 100, w: W, h: 168 }, ['Assets', 'Equity', 'Free', 'Margin', 'Today', 'Profit'].map((k, i) => field(k, `$${i}00`, (i % 2) * 195, 100 + Math.floor(i / 2) * 56)));
    const positions = node('List', { x: 0, y: 300, w: W, h: 180 }, [0, 1, 2].map((i) => row(`BTCUSD ${i}`, 300 + i * 60)));
    const [main, ...rest] = detectLists(screenOf(figures, positions));
    assert.equal(main?.container, positions);
    assert.deepEqual(rest, []);
    // Facts of one profile, two to a line.
    const lines = [0, 1, 2].map((r) => node('Group', { x: 0, y: 400 + r * 56, w: W, h: 56 }, [field(`Key ${r}a`, 'value', 10, 400 + r * 56), field(`Key ${r}b`, 'value', 200, 400 + r * 56)]));
    const startChat = node('Button', { x: 0, y: 800, w: W, h: 44 }, [], { label: 'Start chat', actions: ['tap'] });
    assert.deepEqual(detectLists(screenOf(node('ScrollView', { x: 0, y: 400, w: W, h: 400 }, [node('Group', { x: 0, y: 400, w: W, h: 168 }, lines)], scrollingState()), startChat)), []);
    // Where the dump says of nothing that it is pressed (Maestro's iOS hierarchy), tiles of two texts may be products: a grid.
    const unpressed = ['Tea', 'Rice', 'Salt', 'Oil'].map((k, i) => field(k, '$2', (i % 2) * 195, 100 + Math.floor(i / 2) * 56));
    assert.equal(detectLists(screenOf(node('Grid', { x: 0, y: 100, w: W, h: 168 }, unpressed)))[0]?.cells.length, 4);
    // Products a person opens, a name over a price each, are a grid.
    const products = node('Grid', { x: 0, y: 100, w: W, h: 168 }, ['Tea', 'Rice', 'Salt', 'Oil'].map((k, i) => field(k, '$2', (i % 2) * 195, 100 + Math.floor(i / 2) * 56, { actions: ['tap'] })));
    assert.equal(detectLists(screenOf(products))[0]?.cells.length, 4);
  });

  it('does not take a dashboard\'s measures for a grid: tiles pressed nowhere, each an icon, a figure and what it counts', () => {
    const tile = (i: number, extra: (x: number, y: number) => UiNode[] = () => [], props: Partial<UiNode> = {}) => {
      const [x, y] = [16 + (i % 2) * 180, 200 + Math.floor(i / 2) * 110];
      const parts = [text('●', { x: x + 8, y: y + 8, w: 24, h: 24 }), text(`${i * 7}`, { x: x + 8, y: y + 36, w: 120, h: 36 }), text(`Measure ${i}`, { x: x + 8, y: y + 74, w: 150, h: 16 }), text(`What measure ${i} counts`, { x: x + 8, y: y + 90, w: 150, h: 14 })];
      return node('Group', { x, y, w: 170, h: 104 }, [...extra(x, y), ...parts], props);
    };
    const page = (tiles: UiNode[]) =>
      screenOf(
        node('ScrollView', { x: 0, y: 100, w: W, h: 600 }, [node('Group', { x: 0, y: 200, w: W, h: 320 }, tiles)], scrollingState()),
        node('Button', { x: 0, y: 760, w: W, h: 44 }, [], { label: 'Home', actions: ['tap'] }),
      );
    assert.deepEqual(detectLists(page([0, 1, 2, 3, 4, 5].map((i) => tile(i)))), []);
    // Tiles a person opens, or showing a picture of the thing, are items of a grid.
    assert.equal(detectLists(page([0, 1, 2, 3, 4, 5].map((i) => tile(i, () => [], { actions: ['tap'] }))))[0]?.cells.length, 6);
    const pictured = [0, 1, 2, 3, 4, 5].map((i) => tile(i, (x, y) => [node('Image', { x, y, w: 170, h: 104 }, [], { label: `Photo ${i}` })]));
    assert.equal(detectLists(page(pictured))[0]?.cells.length, 6);
  });

  it('reads tapped tiles that show more than a control as a grid where the page does not scroll: a quiz\'s picture answers, a kiosk\'s drinks; keys stay keys', () => {
    const tile = (i: number, children: (x: number, y: number) => UiNode[]) => {
      const [x, y] = [16 + (i % 2) * 190, 200 + Math.floor(i / 2) * 190];
      return node('Group', { x, y, w: 180, h: 180 }, children(x, y), { actions: ['tap'] });
    };
    const answers = ['the boy', 'one', 'the girl', 'the woman'].map((t, i) => tile(i, (x, y) => [node('Image', { x, y, w: 180, h: 150 }), text(t, { x, y: y + 155, w: 180, h: 22 })]));
    assert.deepEqual(detectLists(screenOf(node('Group', { x: 0, y: 200, w: W, h: 380 }, answers)))[0]?.cells, answers);
    const drinks = ['Raspberry', 'Melon', 'Grapefruit', 'Lime'].map((t, i) => tile(i, (x, y) => [text(t, { x: x + 80, y: y + 10, w: 90, h: 20 }), text('from 1 ₽', { x: x + 80, y: y + 150, w: 90, h: 20 })]));
    assert.equal(detectLists(screenOf(node('Group', { x: 0, y: 200, w: W, h: 380 }, drinks)))[0]?.cells.length, 4);
    // A dialer's keys, a digit over its letters, only say a label.
    const keys = ['1', '2 ABC', '3 DEF', '4 GHI'].map((t, i) => tile(i, (x, y) => t.split(' ').map((part, j) => text(part, { x: x + 70, y: y + 60 + j * 40, w: 40, h: 36 }))));
    assert.deepEqual(detectLists(screenOf(node('Group', { x: 0, y: 200, w: W, h: 380 }, keys))), []);
  });

  it('takes a short column on a page that asks for a value (text, a date) for part of the form: an event editor\'s option rows; longer columns stay lists', () => {
    const option = (key: string, value: string, y: number) =>
      node('Group', { x: 32, y, w: 347, h: 48 }, [text(key, { x: 48, y: y + 12, w: 80, h: 24 }), text(value, { x: 260, y: y + 12, w: 100, h: 24 })], { actions: ['tap'] });
    const options = () => node('Group', { x: 16, y: 514, w: 379, h: 218 }, [option('Calendar', 'Shared', 518), option('Repeat', 'Never', 591), option('Reminder', '1 hour before', 664)]);
    const title = node('TextField', { x: 16, y: 120, w: 379, h: 56 }, [], { label: 'Title', actions: ['tap', 'setValue'], states: { editable: true } });
    const page = (...children: UiNode[]) => screenOf(node('ScrollView', { x: 0, y: 100, w: W, h: 744 }, [node('Group', { x: 0, y: 100, w: W, h: 700 }, children)], scrollingState()));
    assert.deepEqual(detectLists(page(title, options())), []);
    // A date to pick asks for a value as a field does.
    const date = node('Picker', { x: 16, y: 120, w: 379, h: 56 }, [], { label: 'Start date', value: '2026-03-22', actions: ['tap'] });
    assert.deepEqual(detectLists(page(date, options())), []);
    // The same rows on a page that asks for nothing are a short list.
    assert.equal(detectLists(page(options()))[0]?.cells.length, 3);
    // Results under a search field are more than a form's few lines.
    const results = node('Group', { x: 0, y: 190, w: W, h: 360 }, Array.from({ length: 6 }, (_, i) => row(`Result ${i}`, 190 + i * 60)));
    assert.equal(detectLists(page(title, results))[0]?.cells.length, 6);
  });

  it('takes members that say one word in the same place (a kind, a status) for things of one kind: folders under a search field, orders around a card', () => {
    // Three folders, each shown with its kind, under a search field: the files to search, no form.
    const folder = (name: string, y: number) =>
      node('Group', { x: 23, y, w: 365, h: 65 }, [text(name, { x: 85, y: y + 10, w: 69, h: 24 }), text('Folder', { x: 85, y: y + 36, w: 41, h: 19 }), text('›', { x: 373, y: y + 19, w: 6, h: 27 })], { actions: ['tap'] });
    const search = node('TextField', { x: 17, y: 128, w: 378, h: 54 }, [], { actions: ['tap', 'setValue'], states: { editable: true } });
    const folders = node('Group', { x: 23, y: 199, w: 365, h: 560 }, [folder('Files', 199), folder('Photos', 264), folder('Music', 330)]);
    assert.equal(detectLists(screenOf(search, folders))[0]?.cells.length, 3);
    // Two orders with their status, a buy-again card between them and the next order, cut by the
    // bottom edge: one order shows a price before its discount, so they are not built part for part.
    const order = (shop: string, y: number, h: number, discount: boolean) =>
      node('Group', { x: 8, y, w: 374, h }, [
        text(shop, { x: 83, y: y + 12, w: 183, h: 16 }),
        text('Completed', { x: 323, y: y + 12, w: 60, h: 16 }),
        ...(h > 100 ? [node('Image', { x: 20, y: y + 40, w: 84, h: 84 }), text(`${shop} item`, { x: 112, y: y + 40, w: 200, h: 16 }), ...(discount ? [text('$225', { x: 300, y: y + 100, w: 27, h: 14 })] : []), text('$194', { x: 330, y: y + 100, w: 31, h: 16 })] : []),
        node('Button', { x: 300, y: y + Math.max(h - 44, 0), w: 66, h: Math.min(h, 36) }, [], { label: 'Rate', actions: ['tap'] }),
      ], { actions: ['tap'] });
    const again = node('Group', { x: 0, y: 698, w: W, h: 100 }, [text('Buy again', { x: 48, y: 712, w: 200, h: 16 }), node('Button', { x: 295, y: 750, w: 80, h: 36 }, [], { label: 'Buy', actions: ['tap'] })], { actions: ['tap'] });
    const orders = node('ScrollView', { x: 0, y: 142, w: W, h: 702 }, [node('Group', { x: 0, y: 147, w: W, h: 697 }, [order('Focus', 151, 267, false), order('Mamasha', 426, 267, true), again, order('Nova', 806, 38, false)])], scrollingState());
    const [main] = detectLists(screenOf(orders));
    assert.equal(main?.cells[0]?.children[0]?.label, 'Focus');
    assert.ok((main?.cells.length ?? 0) >= 3, `${main?.cells.length} cells`);
  });

  it('does not take the parts of one page for rows, even in a collection: members with an id each', () => {
    const part = (id: string, y: number, h: number, n = 1) => node('Group', { x: 0, y, w: W, h }, Array.from({ length: n }, (_, i) => text(`${id} ${i}`, { x: 18 + i * 100, y, w: 90, h: Math.min(h, 25) })), { id });
    // A price, an instalment line of two texts, a title, an offer link, four badges.
    const offer = node('Group', { x: 0, y: 532, w: W, h: 23 }, [node('Link', { x: 18, y: 532, w: 212, h: 23 }, [], { label: 'Make an offer', actions: ['tap'] })], { id: 'bargain' });
    const details = node('List', { x: 0, y: 91, w: W, h: 640 }, [part('item_price', 409, 50), part('credit_link', 468, 25, 2), part('title', 505, 25), offer, part('trust_badges', 576, 75, 4)], scrollingState());
    assert.deepEqual(detectLists(screenOf(details)).filter((l) => l.cells.length >= 3), []);
    // Rows built alike with an id each are a menu laid out by hand: rows.
    const item = (id: string, y: number) => node('Group', { x: 0, y, w: W, h: 56 }, [node('Image', { x: 16, y: y + 16, w: 24, h: 24 }), text(id, { x: 56, y: y + 16, w: 200, h: 24 })], { id, actions: ['tap'] });
    const menu = node('Group', { x: 0, y: 100, w: W, h: 224 }, ['profile', 'privacy', 'storage', 'about'].map((id, i) => item(id, 100 + i * 56)));
    assert.equal(detectLists(screenOf(menu))[0]?.cells.length, 4);
    // Rows of one layout share its id, or number it.
    const rows = node('List', { x: 0, y: 91, w: W, h: 640 }, [0, 1, 2, 3].map((i) => part(`row_${i}`, 100 + i * 60, 60)), scrollingState());
    assert.equal(detectLists(screenOf(rows))[0]?.cells.length, 4);
  });

  it('does not take the unlike blocks of a page for rows', () => {
    // A kiosk's panel: a status line, two pairs of figures, two buttons, a contact line and its button.
    const t = (label: string, x: number, y: number, h: number) => text(label, { x, y, w: 165, h });
    const b = (label: string, x: number, y: number, h: number) => node('Button', { x, y, w: 179, h }, [], { label, actions: ['tap'] });
    const block = (y: number, h: number, children: UiNode[]) => node('Group', { x: 18, y, w: 364, h }, children);
    const tile = (y: number, h: number, labels: string[]) => [18, 210].map((x) => node('Group', { x, y, w: 165, h }, labels.map((l, i) => t(l, x, y + i * 12, 10))));
    const panel = node('Group', { x: 18, y: 334, w: 364, h: 282 }, [
      block(334, 24, [t('Controller', 18, 334, 9), t('Cash detected', 18, 345, 14)]),
      block(365, 52, tile(372, 38, ['Stock', '120 L', 'of 200 L'])),
      block(424, 41, tile(431, 27, ['Price', '10.00'])),
      block(472, 23, [b('Cash', 18, 472, 23), b('Card', 203, 472, 23)]),
      block(564, 53, [t('Contact: none', 18, 564, 9), b('Start', 18, 592, 24)]),
    ]);
    assert.deepEqual(detectLists(screenOf(panel)), []);
    // A page that scrolls: a search field, two cards, and two sections' titles (each with its See
    // all) with an empty state between them.
    const view = (label: string, y: number, h: number, children: UiNode[] = [], actions: UiNode['actions'] = []) => node('View', { x: 16, y, w: 358, h }, children, { label, actions });
    const seeAll = (y: number) => [node('Button', { x: 300, y, w: 72, h: 48 }, [], { label: 'See all', actions: ['tap'] })];
    const page = node('ScrollView', { x: 0, y: 24, w: W, h: 820 }, [
      view('Search the Bible...', 88, 52, [], ['tap']),
      view('Continue reading Genesis 1', 160, 120, [], ['tap']),
      view('Create a reading plan', 308, 148, [], ['tap']),
      view('Bookmarks', 484, 48, seeAll(484)),
      view('No bookmarks yet', 540, 221, [node('Button', { x: 140, y: 688, w: 131, h: 48 }, [], { label: 'Browse', actions: ['tap'] })]),
      view('Annotations', 789, 48, seeAll(789)),
    ], scrollingState());
    assert.deepEqual(detectLists(screenOf(page)).filter((l) => l.cells.length >= 3), []);
    // Two kinds of row, each alike in build and size (with a subtitle, without): a list.
    const kinds = [0, 1, 2, 3].map((i) => {
      const y = 100 + i * 72;
      const lines = i % 2 === 0 ? [text(`Row ${i}`, { x: 16, y: y + 8, w: 200, h: 22 }), text('subtitle', { x: 16, y: y + 34, w: 200, h: 18 })] : [text(`Row ${i}`, { x: 16, y: y + 8, w: 200, h: 22 })];
      return node('Group', { x: 0, y, w: W, h: i % 2 === 0 ? 64 : 44 }, lines, { actions: ['tap'] });
    });
    assert.equal(detectLists(screenOf(node('Group', { x: 0, y: 100, w: W, h: 300 }, kinds)))[0]?.cells.length, 4);
  });

  it('leaves a strip of sort chips out of the rows below it, where the strip does not scroll', () => {
    const chips = node('Group', { x: 0, y: 100, w: W, h: 44 }, ['Rank', 'Popular', 'Picks'].map((t, i) => node('Button', { x: 16 + i * 80, y: 104, w: 72, h: 36 }, [], { label: t, actions: ['tap'] })));
    const page = node('Group', { x: 0, y: 100, w: W, h: 194 }, [chips, row('First', 144, 50), row('Second', 194, 50), row('Third', 244, 50)]);
    const [main] = detectLists(screenOf(node('ScrollView', { x: 0, y: 100, w: W, h: 744 }, [page], { states: { scrollable: true } })));
    assert.deepEqual(labels(main?.cells ?? []), ['First', 'Second', 'Third']);
    // A row that holds a text beside its buttons is a row like the others.
    const withText = node('Group', { x: 0, y: 100, w: W, h: 44 }, [text('Sort', { x: 16, y: 110, w: 40, h: 20 }), ...chips.children]);
    const other = node('Group', { x: 0, y: 100, w: W, h: 194 }, [withText, row('First', 144, 50), row('Second', 194, 50), row('Third', 244, 50)]);
    assert.equal(detectLists(screenOf(node('ScrollView', { x: 0, y: 100, w: W, h: 744 }, [other], { states: { scrollable: true } })))[0]?.cells[0], withText);
  });

  it('leaves a lone "new" card before rows that each hold several things out of the rows', () => {
    const add = node('Group', { x: 16, y: 120, w: 358, h: 150 }, [text('New notebook', { x: 140, y: 185, w: 110, h: 20 })], { actions: ['tap'] });
    const book = (name: string, y: number, h = 150) =>
      node('Group', { x: 16, y, w: 358, h }, [text(name, { x: 32, y: y + 16, w: 200, h: 24 }), text('2026/06/24', { x: 32, y: y + 48, w: 100, h: 16 }), node('Button', { x: 300, y: y + 90, w: 44, h: 44 }, [], { label: 'Delete', actions: ['tap'] })], { actions: ['tap'] });
    const shelf = node('ScrollView', { x: 0, y: 100, w: W, h: 744 }, [add, book('To do', 290), book('Algebra', 460), book('Poems', 630)], { states: { scrollable: true } });
    assert.deepEqual(labels(detectLists(screenOf(shelf))[0]?.cells ?? []), ['To do', 'Algebra', 'Poems']);
    // A last row at the list's edge showing one text is a row the edge cut, not an action.
    const cut = node('Group', { x: 16, y: 800, w: 358, h: 44 }, [text('Drafts', { x: 32, y: 816, w: 200, h: 24 })], { actions: ['tap'] });
    const edge = node('ScrollView', { x: 0, y: 290, w: W, h: 554 }, [book('To do', 290), book('Algebra', 460), book('Poems', 630, 150), cut], { states: { scrollable: true } });
    assert.equal(detectLists(screenOf(edge))[0]?.cells.length, 4);
  });

  it('starts the rows at a section header that follows the page\'s cards, built of another class', () => {
    const card = (label: string, y: number, h: number) => node('Group', { x: 0, y, w: W, h }, [node('Group', { x: 16, y: y + 8, w: 358, h: h - 16 }, [text(label, { x: 40, y: y + 20, w: 200, h: 20 }), text('Details', { x: 40, y: y + 44, w: 200, h: 16 })])], { className: 'FrameLayout' });
    const setting = (label: string, y: number, h = 78) => node('Group', { x: 0, y, w: W, h }, [node('Image', { x: 24, y: y + 29, w: 20, h: 20 }), text(label, { x: 72, y: y + 16, w: 200, h: 27 }), text('On', { x: 72, y: y + 43, w: 200, h: 19 })], { className: 'LinearLayout', actions: ['tap'] });
    const header = node('Group', { x: 0, y: 554, w: W, h: 35 }, [text('Security', { x: 24, y: 562, w: 300, h: 19 })], { className: 'LinearLayout' });
    const cards = [card('Device may be at risk', 200, 80), card('Set a screen lock', 280, 200), card('More alerts', 480, 74)];
    const page = node('List', { x: 0, y: 200, w: W, h: 644 }, [...cards, header, setting('App security', 589), setting('Device unlock', 667), setting('Account security', 745)], { states: { scrollable: true } });
    assert.deepEqual(detectLists(screenOf(page))[0]?.cells.map((c) => c.children[1]?.label), ['App security', 'Device unlock', 'Account security']);
    // Where the members above the header are built like the rows, they are rows of an earlier section.
    const same = node('List', { x: 0, y: 200, w: W, h: 644 }, [setting('Wi-Fi', 300), setting('Bluetooth', 378), setting('Cast', 456, 78), node('Group', { x: 0, y: 534, w: W, h: 35 }, [text('More', { x: 24, y: 542, w: 300, h: 19 })], { className: 'LinearLayout' }), setting('App security', 569), setting('Device unlock', 647)], { states: { scrollable: true } });
    assert.equal(detectLists(screenOf(same))[0]?.cells.length, 5);
  });

  it('reads the tiles of a share sheet\'s rows as a grid, past a row that only says there are no suggestions', () => {
    const notice = node('Group', { x: 0, y: 600, w: W, h: 100 }, [text('No recommended people to share with', { x: 0, y: 640, w: W, h: 19 })]);
    const target = (name: string, i: number) => node('Group', { x: i * 78, y: 700, w: 78, h: 100 }, [node('Image', { x: i * 78 + 5, y: 702, w: 68, h: 66 }), text(name, { x: i * 78 + 4, y: 770, w: 70, h: 16 })], { actions: ['tap'] });
    const targets = node('Group', { x: 0, y: 700, w: W, h: 100 }, ['Nearby', 'Chrome', 'Drive', 'Mail', 'Messages'].map(target));
    const [main] = detectLists(screenOf(node('Grid', { x: 0, y: 600, w: W, h: 244 }, [notice, targets])));
    assert.deepEqual(main?.cells.map((c) => c.children[1]?.label), ['Nearby', 'Chrome', 'Drive', 'Mail', 'Messages']);
  });

  it('takes a wrapper that repeats its one text as its label (as iOS containers do) for that text, not a row', () => {
    // An onboarding page: a welcome header of two texts, a paragraph, a footer button, each in a
    // container labelled with all it says.
    const other = (label: string, y: number, h: number, children: UiNode[]) => node('Other', { x: 0, y, w: W, h }, children, { label });
    const header = other('Welcome! Glad you are here', 0, 360, [text('Welcome!', { x: 28, y: 171, w: 337, h: 77 }), text('Glad you are here', { x: 62, y: 256, w: 269, h: 25 })]);
    const paragraph = other('Reveal perks and save on every order.', 392, 362, [text('Reveal perks and save on every order.', { x: 18, y: 392, w: 357, h: 121 })]);
    const footer = other('Start now', 754, 90, [node('Button', { x: 16, y: 766, w: 361, h: 40 }, [], { label: 'Start now', actions: ['tap'] })]);
    assert.deepEqual(detectLists(screenOf(other('Welcome! Glad you are here Reveal perks', 0, H, [header, paragraph, footer]))).filter((l) => l.cells.length >= 3), []);
  });

  it('reads a staggered grid of cards of several heights from its first card, by their tops', () => {
    const card = (name: string, x: number, y: number, h: number) =>
      node('Group', { x, y, w: 186, h }, [node('Image', { x, y, w: 186, h: h - 60 }), text(name, { x: x + 8, y: y + h - 50, w: 170, h: 20 })], { actions: ['tap'] });
    const feed = node('List', { x: 0, y: 100, w: W, h: 744 }, [
      card('Tall', 8, 100, 280), card('R1', 204, 100, 225), card('R2', 204, 335, 225), card('L2', 8, 390, 225), card('R3', 204, 570, 225), card('L3', 8, 625, 200),
    ], { states: { scrollable: true } });
    const [main] = detectLists(screenOf(feed));
    assert.deepEqual(main?.cells.map((c) => c.children[1]?.label), ['Tall', 'R1', 'L2', 'R2', 'L3', 'R3']);
  });

  it('considers every candidate: the lists detectLists reports, in its order, and the ones dropped with the stage that dropped them', () => {
    // Two blocks of rows at one pitch: the spacing detector's column of eight wins over each block's four, which share its cells.
    const block = (p: string, top: number) => node('Group', { x: 0, y: top, w: W, h: 240 }, Array.from({ length: 4 }, (_, i) => row(`${p} ${i}`, top + i * 60)));
    const tabs = ['Sale', 'General', 'Payment', 'Sensors', 'Cleaning', 'About'].map((t, i) => node('Button', { x: 8 + i * 64, y: 45, w: 60, h: 24 }, [], { label: t, actions: ['tap'] }));
    const screen = screenOf(node('ScrollView', { x: 0, y: 45, w: W, h: 24 }, tabs, scrollingState()), block('A', 100), block('B', 340));
    const considered = considerLists(screen);
    assert.deepEqual(considered.filter((c) => c.fate === 'listed').map((c) => c.list), detectLists(screen));
    const fateOf = (first: string) => considered.filter((c) => labels(c.list.cells)[0] === first).map((c) => `${c.list.detector} ${c.list.cells.length} ${c.fate}`);
    assert.deepEqual(fateOf('A 0'), ['spacing 8 listed', 'siblings 4 conflict']);
    assert.deepEqual(fateOf('B 0'), ['siblings 4 conflict']);
    assert.deepEqual(fateOf('Sale'), ['siblings 6 not admitted']);
  });

  it('is deterministic', () => {
    const build = () => screenOf(node('List', { x: 0, y: 0, w: W, h: H }, Array.from({ length: 10 }, (_, i) => row(`R${i}`, i * 70, 70))));
    const summary = (s: Screen) => detectLists(s).map((l) => [l.score, labels(l.cells)]);
    assert.deepEqual(summary(build()), summary(build()));
  });
});

describe('a named list showing a single row', () => {
  it('is the list of its one row, under a section header and a dismissible tip', () => {
    const header = node('Group', { x: 0, y: 125, w: W, h: 40 }, [text('Inbox', { x: 16, y: 125, w: 32, h: 40 })]);
    const tip = node('Group', { x: 0, y: 165, w: W, h: 72 }, [
      node('Image', { x: 24, y: 189, w: 24, h: 24 }),
      text('Tap a sender image to select that conversation.', { x: 72, y: 165, w: 230, h: 71 }),
      node('Button', { x: 300, y: 174, w: 88, h: 53 }, [], { label: 'Dismiss', actions: ['tap'] }),
    ]);
    const mail = node('Group', { x: 0, y: 237, w: W, h: 94 }, [text('Test User', { x: 72, y: 253, w: 278, h: 20 }), text('Zimbra Test Email', { x: 72, y: 277, w: 291, h: 18 })], { actions: ['tap', 'longPress'] });
    const inbox = node('List', { x: 0, y: 72, w: W, h: 700 }, [header, tip, mail]);
    const [main] = detectLists(screenOf(inbox));
    assert.deepEqual(main?.cells, [mail]);
    // Parts of a page below the link (a title, a bar of buttons) make it no lone row.
    const buy = node('Group', { x: 0, y: 340, w: W, h: 46 }, [node('Button', { x: 11, y: 340, w: 216, h: 46 }, [], { label: 'Buy', actions: ['tap'] })]);
    const page = detectLists(screenOf(node('List', { x: 0, y: 72, w: W, h: 700 }, [header, tip, mail, buy])));
    assert.notDeepEqual(page[0]?.cells, [mail]);
  });
  it('reads a pressed card in a holder that does nothing as a row, not a notice above the one row below', () => {
    // Samsung Notes: each note card sits in a holder; the last, cut by the bottom edge, is listed bare.
    const card = (label: string, y: number, h: number) =>
      node('Group', { x: 0, y, w: W, h }, [node('Group', { x: 24, y: y + 20, w: 342, h: h - 40 }, [text(label, { x: 47, y: y + 20, w: 300, h: 20 })])], { id: 'root_cardview', actions: ['tap', 'longPress'] });
    const holder = (label: string, y: number) => node('Group', { x: 0, y, w: W, h: 160 }, [card(label, y, 146)], { id: 'root_cardview_parent' });
    const notes = node('List', { x: 0, y: 340, w: W, h: 504 }, [holder('Class singleton', 340), holder('Handwriting', 500), card('App version', 660, 184)], scrollingState());
    const [main] = detectLists(screenOf(notes));
    assert.equal(main?.cells[0]?.children[0]?.children[0]?.children[0]?.label, 'Class singleton');
  });
});

describe('two rows a person taps', () => {
  /** A tapped row of a title and a path, as a drawer lists its sessions. */
  const session = (title: string, y: number, x = 0, w = 295, h = 50) =>
    node('Group', { x, y, w, h }, [text(title, { x: x + 53, y: y + 10, w: 200, h: 19 }), text('~/src', { x: x + 53, y: y + 30, w: 100, h: 16 })], { label: title, actions: ['tap'] });
  const header = text('Sessions', { x: 0, y: 208, w: 295, h: 17 });

  it('are a list of two under a header in a column that scrolls', () => {
    const sessions = node('Group', { x: 0, y: 194, w: 295, h: 140 }, [header, session('linege/nim-src', 234), session('UI lag', 284)]);
    const drawer = node('ScrollView', { x: 0, y: 181, w: 295, h: 577 }, [sessions], scrollingState());
    const [main] = detectLists(screenOf(drawer));
    assert.deepEqual(main?.cells.map((c) => c.label), ['linege/nim-src', 'UI lag']);
    // A menu of two entries at the top of a column it leaves empty below, which does not scroll.
    const entry = (label: string, y: number) => node('Text', { x: 16, y, w: 379, h: 48 }, [], { label, actions: ['tap'] });
    const [menu] = detectLists(screenOf(node('Group', { x: 0, y: 80, w: W, h: 603 }, [entry('Month', 96), entry('Week', 144)])));
    assert.deepEqual(menu?.cells.map((c) => c.label), ['Month', 'Week']);
  });

  it('are not where two tiles stand beside another, or two cards are centred in the space for them', () => {
    const tiles = node('Group', { x: 0, y: 99, w: W, h: 662 }, [
      node('Group', { x: 18, y: 112, w: 183, h: 209 }, [text('Bus', { x: 41, y: 135, w: 54, h: 24 })], { actions: ['tap'] }),
      session('Transit', 112, 210, 183),
      session('Bikes', 222, 210, 183),
    ], scrollingState());
    assert.ok(detectLists(screenOf(tiles)).every((l) => l.cells.length < 2), 'a mosaic of tiles');
    const choice = node('ScrollView', { x: 0, y: 99, w: W, h: 734 }, [session('Create a club', 270, 24, 342, 188), session('Join a club', 474, 24, 342, 188)], scrollingState());
    assert.deepEqual(detectLists(screenOf(choice)), [], 'a choice of two');
  });
});

describe('two records of one kind', () => {
  /** A record of a name, a cost, an effect and a price; pressed itself where `actions` says so. */
  const building = (name: string, y: number, actions: UiNode['actions']) =>
    node('View', { x: 62, y, w: 288, h: 83 }, [
      text(name, { x: 74, y: y + 12, w: 94, h: 22 }),
      text('1 star', { x: 307, y: y + 12, w: 30, h: 22 }),
      text(`${name} makes more`, { x: 74, y: y + 34, w: 202, h: 16 }),
      text('2 stone', { x: 74, y: y + 54, w: 22, h: 16 }),
    ], { actions });

  it('a person taps, alone in their holder, are a list of two where nothing scrolls (a dialog of buildings to pick from)', () => {
    const dialog = (actions: UiNode['actions']) =>
      node('View', { x: 46, y: 322, w: 320, h: 271 }, [
        text('Build structure', { x: 62, y: 350, w: 155, h: 24 }),
        node('View', { x: 62, y: 403, w: 288, h: 174 }, [building('Fungal Farm', 403, actions), building('Beetle Stable', 494, actions)]),
      ]);
    const [main] = detectLists(screenOf(dialog(['tap'])));
    assert.deepEqual(main?.cells.map((c) => c.children[0]?.label), ['Fungal Farm', 'Beetle Stable']);
    // Not pressed, two such blocks filling their holder are two blocks of a page.
    assert.deepEqual(detectLists(screenOf(dialog([]))), []);
  });

  it('say one text in the same place, the first cut by the top of the page that scrolls, and beat the tool buttons below them', () => {
    const button = (label: string, x: number, y: number, w: number) => node('View', { x, y, w, h: 55 }, [text(label, { x: x + 14, y: y + 16, w: w - 28, h: 23 })], { actions: ['tap'] });
    // A model card: its title scrolled away, its engine, files, Replace and Delete still shown.
    const model = (y: number, lines: string[]) =>
      node('View', { x: 18, y, w: 354, h: 70 + 30 * lines.length }, [
        ...lines.map((l, i) => text(l, { x: 37, y: y + 10 + 30 * i, w: 200, h: 18 })),
        button('Replace', 37, y + 15 + 30 * lines.length, 220),
        button('Delete', 266, y + 15 + 30 * lines.length, 100),
      ]);
    // Tool buttons as wide as their labels: three of one width, a shorter one between them.
    const tools = [['Translation test', 172], ['OCR test', 94], ['Speech test', 170], ['Voice test', 172]].map(([t, w], i) => button(t as string, 18, 512 + 69 * i, w as number));
    const page = node('ScrollView', { x: 0, y: 41, w: W, h: 768 }, [
      model(41, ['Engine: Whisper', 'whisper.bin 74 MB']),
      model(211, ['Speech model', 'Installed', 'Engine: Onnx', 'model.onnx 244 MB']),
      text('Developer tools', { x: 18, y: 475, w: 119, h: 23 }),
      ...tools,
    ], scrollingState());
    const [main] = detectLists(screenOf(page));
    assert.deepEqual(main?.cells.map((c) => c.children[0]?.label), ['Engine: Whisper', 'Speech model']);
  });
});

describe('what a page filters (filtered.ts)', () => {
  const chip = (label: string, x: number, y: number) => node('Group', { x, y, w: 70, h: 36 }, [text(label, { x: x + 10, y: y + 8, w: 50, h: 20 })], { label, actions: ['tap'] });
  const strip = (y: number, labels: string[]) => node('ScrollView', { x: 16, y, w: 358, h: 36 }, labels.map((l, i) => chip(l, 16 + 78 * i, y)), scrollingState());
  /** An order card a person taps: a name, a date, a status and a total. */
  const order = (y: number) =>
    node('Group', { x: 16, y, w: 358, h: 200 }, [
      text('Ba Youssoupha', { x: 34, y: y + 18, w: 260, h: 23 }),
      text('27 mars 2026', { x: 34, y: y + 43, w: 260, h: 17 }),
      text('LIVRÉE', { x: 310, y: y + 22, w: 40, h: 16 }),
      text('50 FCFA', { x: 200, y: y + 160, w: 150, h: 20 }),
    ], { actions: ['tap'] });
  const page = (...parts: UiNode[]) =>
    node('ScrollView', { x: 0, y: 100, w: W, h: 700 }, [node('Group', { x: 0, y: 100, w: W, h: 700 }, [text('Orders', { x: 16, y: 110, w: 150, h: 35 }), ...parts])], scrollingState());

  it('is its one record under a stack of filter strips, which are no list of rows', () => {
    // Periods and statuses as chips; suppliers named at length are no chips, still a strip among them.
    const suppliers = node('ScrollView', { x: 16, y: 280, w: 358, h: 40 }, [
      node('Group', { x: 16, y: 280, w: 205, h: 40 }, [text('All the suppliers of this shop', { x: 40, y: 290, w: 170, h: 20 })], { actions: ['tap'] }),
      node('Group', { x: 230, y: 280, w: 158, h: 40 }, [text('Ba Youssoupha and sons', { x: 250, y: 290, w: 120, h: 20 })], { actions: ['tap'] }),
    ], scrollingState());
    const card = order(340);
    const lists = detectLists(screenOf(page(strip(160, ['7j', '30j', '90j', '1 an']), strip(220, ['All', 'Waiting', 'Sent']), suppliers, card)));
    assert.deepEqual(lists[0]?.cells, [card]);
    // Without filters above it, one card is a card of the page.
    assert.deepEqual(detectLists(screenOf(page(order(340)))), []);
  });

  it('is the one record a person taps in a column that scrolls under a search field', () => {
    const search = node('TextField', { x: 20, y: 160, w: 350, h: 80 }, [], { actions: ['tap', 'setValue'], states: { editable: true } });
    const task = order(260);
    const tasks = node('View', { x: 16, y: 260, w: 358, h: 180 }, [task], scrollingState());
    assert.deepEqual(detectLists(screenOf(node('Group', { x: 0, y: 100, w: W, h: 700 }, [search, tasks])))[0]?.cells, [task]);
  });
});

describe('a row of items cut by a side of what shows it', () => {
  const card = (label: string, x: number, w: number, actions: UiNode['actions'], h = 130) =>
    node('Group', { x, y: 400, w, h }, [text(label, { x: x + 16, y: 416, w: Math.max(w - 32, 4), h: 20 }), text(`${label} note`, { x: x + 16, y: 446, w: Math.max(w - 32, 4), h: 20 })], { label, actions });

  it('goes on past that side: one card and the next one\'s sliver in a scroll view, a launcher\'s held task cards where nothing scrolls', () => {
    const routes = node('ScrollView', { x: 40, y: 400, w: 330, h: 130 }, [card('Barrie to Sudbury', 40, 220, ['tap']), card('Toronto to Barrie', 272, 98, ['tap'])], scrollingState());
    assert.deepEqual(detectLists(screenOf(routes))[0]?.cells.map((c) => c.label), ['Barrie to Sudbury', 'Toronto to Barrie']);
    const tasks = (actions: UiNode['actions']) => node('Group', { x: 0, y: 0, w: W, h: H }, [card('Previous task', 0, 120, actions, 400), card('Files', 140, 240, actions, 400)]);
    assert.deepEqual(detectLists(screenOf(tasks(['tap', 'longPress'])))[0]?.cells.map((c) => c.label), ['Previous task', 'Files']);
    assert.deepEqual(detectLists(screenOf(tasks(['tap']))), [], 'tapped only, where nothing scrolls: two buttons');
  });
});

describe('rows of a flat column (records.ts)', () => {
  const texts = (cell: UiNode) => cell.children.map((c) => c.label);
  /** A record of a title over a size line over a note, every text a bare child of one view. */
  const tier = (name: string, y: number, noteHeight = 32): UiNode[] => [
    text(name, { x: 16, y, w: 200, h: 20 }),
    text(`${name} size`, { x: 16, y: y + 20, w: 250, h: 16 }),
    text(`${name} note`, { x: 16, y: y + 38, w: 300, h: noteHeight }),
  ];

  it('groups the texts of each record into a cell where no node holds a row', () => {
    const names = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'];
    // Records of two heights (a note on two lines, then on one), the same whitespace between them.
    const tops = [100, 184, 268, 352, 420];
    const flat = node('Group', { x: 0, y: 100, w: W, h: 500 }, names.flatMap((n, i) => tier(n, tops[i] as number, i < 3 ? 32 : 16)));
    const [main] = detectLists(screenOf(flat));
    assert.equal(main?.cells.length, 5);
    assert.equal(main?.container, flat);
    assert.deepEqual(texts(main?.cells[0] as UiNode), ['Alpha', 'Alpha size', 'Alpha note']);
    assert.deepEqual(texts(main?.cells[4] as UiNode), ['Epsilon', 'Epsilon size', 'Epsilon note']);
  });

  it('numbers each record as a cell in the outline, carried by its first text', () => {
    const flat = node('Group', { x: 0, y: 100, w: W, h: 500 }, ['A', 'B', 'C'].flatMap((n, i) => tier(n, 100 + i * 84)));
    const lines = renderOutline(buildSnapshot(screenOf(flat))).split('\n');
    assert.ok(lines.some((l) => /#2 .*"B"/.test(l) || /"B".*#2\b/.test(l)), lines.join('\n'));
  });

  it('reads a chat whose messages sit right and left, each a header line over its text', () => {
    const mine = (t: string, y: number): UiNode[] => [
      text('▶', { x: 330, y, w: 10, h: 17 }),
      text('You', { x: 344, y, w: 19, h: 16 }),
      text('· 09:41', { x: 363, y, w: 32, h: 14 }),
      text(t, { x: 384 - 9 * t.length, y: y + 19, w: 9 * t.length, h: 22 }),
    ];
    const theirs = (t: string, y: number): UiNode[] => [
      text('◀', { x: 17, y, w: 10, h: 17 }),
      text('04cd', { x: 32, y, w: 24, h: 16 }),
      text('· 09:43', { x: 56, y, w: 32, h: 14 }),
      text('[sub]', { x: 87, y, w: 24, h: 14 }),
      text(t, { x: 34, y: y + 19, w: 9 * t.length, h: 22 }),
    ];
    const said = ['ping', 'secret', 'hello', 'hi', 'yo', 'got it', 'hey'];
    const who = [mine, theirs, mine, mine, theirs, mine, theirs];
    const chat = node('Group', { x: 17, y: 100, w: 377, h: 400 }, said.flatMap((t, i) => (who[i] as typeof mine)(t, 100 + i * 50)), { states: { scrollable: true } });
    const [main] = detectLists(screenOf(chat));
    assert.equal(main?.cells.length, 7);
    assert.deepEqual(main?.cells.map((c) => c.children[c.children.length - 1]?.label), said);
  });

  it('leaves the sections of a form alone: each holds another kind of control', () => {
    const section = (label: string, y: number, controls: UiNode[]) => [text(label, { x: 50, y, w: 200, h: 22 }), ...controls];
    const form = node('Group', { x: 0, y: 100, w: W, h: 400 }, [
      ...section('Switch:', 100, [node('Switch', { x: 50, y: 126, w: 46, h: 27 }, [], { label: 'switch', actions: ['tap'] }), text('Turn it on', { x: 50, y: 157, w: 160, h: 19 })]),
      ...section('Dropdown:', 200, [node('Button', { x: 50, y: 226, w: 312, h: 40 }, [], { label: 'Select an item', actions: ['tap'] })]),
      ...section('Links', 290, [node('Link', { x: 50, y: 316, w: 125, h: 40 }, [], { label: 'Terms', actions: ['tap'] }), node('Link', { x: 185, y: 316, w: 125, h: 40 }, [], { label: 'Privacy', actions: ['tap'] })]),
    ]);
    assert.deepEqual(detectLists(screenOf(form)).filter((l) => l.cells.length >= 3), []);
  });

  it('leaves a card heading over a grid of figures alone: the heading is laid out like no figure', () => {
    const figure = (name: string, value: string, x: number, y: number) => [text(name, { x, y, w: 130, h: 15 }), text(value, { x, y: y + 21, w: 130, h: 25 })];
    const card = node('Group', { x: 17, y: 514, w: 350, h: 237 }, [
      text('Overview', { x: 33, y: 530, w: 317, h: 23 }),
      text('Summary cards from today', { x: 33, y: 562, w: 317, h: 17 }),
      ...figure('Classes', '2', 45, 599),
      ...figure('Pending', '0', 208, 599),
      ...figure('Device', 'Trusted', 45, 677),
      ...figure('Lectures', '6', 208, 677),
    ]);
    assert.deepEqual(detectLists(screenOf(card)).filter((l) => l.cells.length >= 3), []);
  });

  it('leaves the lines of one record alone: a key beside its value is a line, not a row of several', () => {
    const keys = ['Status', 'Selected', 'File', 'Size', 'Path', 'Loaded from'];
    const sheet = node('Group', { x: 16, y: 440, w: 379, h: 200 }, keys.flatMap((k, i) => [
      text(k, { x: 32, y: 450 + i * 24, w: 60, h: 16 }),
      text(`${k} value`, { x: 200, y: 450 + i * 24, w: 180, h: 16 }),
    ]));
    // (The keys alone may be read as a flat table's rows, siblings.ts; no row holds a key and its value.)
    const records = detectLists(screenOf(sheet)).filter((l) => l.cells.some((c) => c.children.length >= 2));
    assert.deepEqual(records.map((l) => l.cells.map(texts)), []);
  });
});

describe('clipped end cells', () => {
  it('marks a first row that the top of the list cuts, and the last one the bottom cuts', () => {
    const rows = Array.from({ length: 8 }, (_, i) => row(`Row ${i}`, 70 + i * 100, 100));
    const clip: Rect = { x: 0, y: 100, w: W, h: 650 };
    for (const r of rows) r.visibleFrame = { x: 0, y: Math.max(r.frame.y, 100), w: W, h: Math.min(r.frame.y + 100, 750) - Math.max(r.frame.y, 100) };
    const [list] = detectLists(screenOf(node('List', { x: 0, y: 100, w: W, h: 650 }, rows.filter((r) => r.frame.y < 750), { visibleFrame: clip })));
    assert.deepEqual(labels(list?.clipped ?? []), ['Row 0', 'Row 6']);
  });
});

describe('clipped end cells on captured dumps', { skip: withoutFixtures() }, () => {
  it('marks the last row that the list edge cuts, even where uiautomator already clipped its bounds', () => {
    const screen = parseScreen(loadFixture('android/appium_settings_top.xml').text);
    const [main] = detectLists(screen);
    assert.ok(main);
    const last = main.cells[main.cells.length - 1] as UiNode;
    assert.deepEqual(main.clipped, [last], 'Location shows 91 of 200 px at the bottom of the list');
    assert.ok(!main.clipped.includes(main.cells[0] as UiNode));
    const lines = renderOutline(buildSnapshot(screen)).split('\n');
    assert.match(lines.find((l) => l.includes(`#${main.cells.length} `)) ?? '', /clipped$/);
    assert.ok(!lines.some((l) => / #1 .*clipped/.test(l)));
  });

  it('opens a section of a declared list that wraps its first items with their header: a contact list\'s letters', () => {
    const contact = (name: string, y: number) =>
      node('Group', { x: 0, y, w: W, h: 58 }, [node('Image', { x: 10, y: y + 2, w: 53, h: 53 }, [], { actions: ['tap'] }), node('View', { x: 74, y, w: 316, h: 58 }, [], { label: name })], { id: 'contact' });
    const section = (letter: string, name: string, y: number) =>
      node('Group', { x: 0, y, w: W, h: 91 }, [text(letter, { x: 0, y, w: 50, h: 33 }), contact(name, y + 33)]);
    const fixed = node('Group', { x: 0, y: 86, w: W, h: 230 }, ['New friends', 'Groups', 'Tags', 'Accounts'].map((t, i) => row(t, 86 + i * 57, 57)));
    const list = node('List', { x: 0, y: 86, w: W, h: 748 }, [
      fixed,
      section('A', 'Ann', 316),
      contact('Amy', 407),
      section('B', 'Bea', 465),
      contact('Ben', 556),
      contact('Bob', 614),
      contact('Bud', 672),
    ], scrollingState());
    const [main] = detectLists(screenOf(list));
    assert.deepEqual(main?.cells.map((c) => c.children[1]?.label), ['Ann', 'Amy', 'Bea', 'Ben', 'Bob', 'Bud']);
  });

  it('reads an app\'s own widget named after its platform class as that class: text headers between rows are no rows', () => {
    const at = (y: number, h: number) => `bounds="[0,${y}][1080,${y + h}]"`;
    const header = (y: number, t: string) => `<node class="android.view.ViewGroup" package="com.example.trade" text="" ${at(y, 76)}><node class="com.example.uikit.FancyTextView" package="com.example.trade" text="${t}" ${at(y, 52)}/></node>`;
    const trade = (y: number, t: string) =>
      `<node class="android.view.ViewGroup" package="com.example.trade" text="" clickable="true" ${at(y, 175)}><node class="com.example.uikit.FancyTextView" package="com.example.trade" text="${t}" bounds="[36,${y + 24}][670,${y + 92}]"/><node class="com.example.uikit.FancyTextView" package="com.example.trade" text="10%" bounds="[674,${y + 24}][1044,${y + 92}]"/><node class="com.example.uikit.FancyTextView" package="com.example.trade" text="CODE" bounds="[36,${y + 96}][690,${y + 150}]"/></node>`;
    const items = [header(240, '2025/11/01 03:47'), trade(316, 'A'), trade(491, 'B'), trade(666, 'C'), header(841, '2025/11/01 00:13'), trade(917, 'D'), trade(1092, 'E')].join('');
    const xml = `<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0"><node class="android.widget.FrameLayout" package="com.example.trade" text="" bounds="[0,0][1080,1920]"><node class="androidx.recyclerview.widget.RecyclerView" package="com.example.trade" text="" scrollable="true" bounds="[0,240][1080,1920]">${items}</node></node></hierarchy>`;
    const [main] = detectLists(parseScreen(xml));
    assert.deepEqual(main?.cells.map((c) => c.children[0]?.label), ['A', 'B', 'C', 'D', 'E']);
  });
});

describe('pages that are no list (nolist2)', () => {
  it('leaves a form alone where half its blocks hold a field: instructions, a link, two labelled fields', () => {
    const field = (label: string, y: number) =>
      node('Group', { x: 20, y, w: 353, h: 70 }, [
        node('Group', { x: 20, y, w: 353, h: 17 }, [], { label }),
        node('Group', { x: 20, y: y + 25, w: 353, h: 45 }, [node('TextField', { x: 21, y: y + 26, w: 351, h: 43 }, [], { label: `Enter ${label}`, actions: ['setValue'], states: { editable: true } })]),
      ]);
    const form = node('Group', { x: 0, y: 323, w: W, h: 312 }, [
      node('Group', { x: 20, y: 323, w: 353, h: 49 }, [], { label: 'Please supply the first and last name of the recipient.' }),
      node('Group', { x: 20, y: 392, w: 353, h: 33 }, [], { label: 'Back to selection', actions: ['tap'] }),
      field('First Name', 441),
      field('Last Name', 528),
    ]);
    assert.deepEqual(detectLists(screenOf(form)).filter((l) => l.cells.length >= 3), []);
  });
  it('takes no tab bar drawn over the last block of a page for a second column of a grid of blocks', () => {
    const button = (label: string, x: number, y: number, w: number, h: number) => node('Button', { x, y, w, h }, [], { label, actions: ['tap'] });
    const page = node('WebView', { x: 0, y: 0, w: 360, h: 592 }, [
      node('Group', { x: 0, y: 0, w: 360, h: 84 }, [text('Name', { x: 68, y: 33, w: 103, h: 16 }), text('Status', { x: 85, y: 52, w: 81, h: 15 }), button('Gift', 272, 34, 32, 32), button('Settings', 312, 34, 32, 32)]),
      button('Order a card', 16, 372, 328, 80),
      node('Group', { x: 16, y: 460, w: 328, h: 68 }, [button('', 16, 460, 68, 68), button('Cashback', 84, 460, 154, 68), button('Choose', 245, 478, 83, 32)]),
      node('Group', { x: 16, y: 536, w: 328, h: 56 }, [button('Banner 1', 0, 536, 8, 56), button('Banner 2', 16, 536, 328, 56), button('Banner 3', 352, 536, 8, 56)]),
      node('Group', { x: 0, y: 543, w: 360, h: 49 }, ['Home', 'Payments', 'Offers', 'Chat', 'More'].map((t, i) => button(t, 72 * i, 544, 72, 48))),
    ], { actions: ['scroll'] });
    assert.deepEqual(detectLists(screenOf(page)).filter((l) => l.cells.length >= 3), []);
  });

  it('leaves out a first or last item that shares no named part with the rows built from one layout: a notice above a chat', () => {
    const hold = { actions: ['longPress'] as UiNode['actions'] };
    const notice = node('Group', { x: 12, y: 600, w: 305, h: 81 }, [node('Text', { x: 18, y: 604, w: 293, h: 72 }, [], { id: 'notice_text', label: 'This live is monitored' })], { id: 'notice', ...hold });
    const message = (who: string, y: number, h: number) =>
      node('Group', { x: 8, y, w: 315, h }, [
        node('Image', { x: 11, y: y + 6, w: 36, h: 36 }, [], { id: 'avatar', actions: ['tap'] }),
        text(who, { x: 54, y: y + 6, w: 100, h: 18 }),
        node('Text', { x: 54, y: y + 28, w: 200, h: h - 34 }, [], { id: 'comment', label: `hi from ${who}` }),
      ], hold);
    const withIds = (m: UiNode) => ({ ...m, children: m.children.map((c, i) => (i === 1 ? { ...c, id: 'name' } : c)) });
    const chat = node('List', { x: 8, y: 142, w: 395, h: 760 }, [notice, withIds(message('white', 690, 75)), withIds(message('bot', 770, 60)), withIds(message('ann', 835, 66))], scrollingState());
    const [main] = detectLists(screenOf(chat));
    assert.deepEqual(main?.cells.map((c) => c.children[1]?.label), ['white', 'bot', 'ann']);
  });

  it('leaves the fields of one record alone: lines laid out by hand, an id each, a key beside its value', () => {
    const keys = ['Name', 'Policy', 'Birth', 'Start', 'Sum', 'Plan', 'Term', 'Premium'];
    const line = (k: string, y: number, h: number) =>
      node('Group', { x: 0, y, w: W, h }, [
        text(`${k}:`, { x: 8, y: y + 3, w: 180, h: 21 }),
        node('Text', { x: 200, y: y + 3, w: 180, h: h - 6 }, [], { label: `${k} value`, id: `txt${k}` }),
      ], { id: `lay${k}` });
    // One value takes two lines, as an address does.
    const sheet = node('Group', { x: 0, y: 81, w: W, h: 584 }, [
      ...keys.slice(0, 4).map((k, i) => line(k, 112 + i * 28, 27)),
      line('Address', 224, 40),
      ...keys.slice(4).map((k, i) => line(k, 265 + i * 28, 27)),
    ]);
    const found = detectLists(screenOf(node('ScrollView', { x: 0, y: 81, w: W, h: 584 }, [sheet], { actions: ['scroll'] })));
    assert.deepEqual(found.filter((l) => l.cells.length >= 3), []);
  });
  it('leaves paragraphs alone where each is a plain element repeating the text of the one it wraps (React Native on iOS)', () => {
    const para = (label: string, y: number) => node('Other', { x: 20, y, w: 353, h: 17 }, [node('Other', { x: 20, y, w: 353, h: 17 }, [], { label })], { label });
    const page = node('Other', { x: 0, y: 54, w: W, h: 790 }, [para('BOX 1', 70), para('Lorem ipsum 1', 87), para('BOX 2', 144), para('Lorem ipsum 2', 161)]);
    assert.deepEqual(detectLists(screenOf(page)).filter((l) => l.cells.length >= 3), []);
  });
});

describe('cells of a found list (counts)', () => {
  it('leaves out the bars with a short label in their middle below the rows: a sheet\'s buttons, a build number', () => {
    const bar = (label: string, y: number, w: number) =>
      node('Group', { x: 21, y, w: 369, h: 54 }, [text(label, { x: 21 + (369 - w) / 2, y: y + 14, w, h: 25 })], { label, actions: ['tap'] });
    // The options' texts fill the space beside their icons, as React Native lays them out.
    const option = (label: string, y: number) => node('Group', { x: 21, y, w: 369, h: 54 }, [text(label, { x: 83, y: y + 14, w: 245, h: 27 })], { label, actions: ['tap'] });
    const sheet = node('Group', { x: 0, y: 452, w: W, h: 411 }, [
      option('Deliver to an address', 536),
      option('Pickup from a restaurant', 600),
      option('Scan to Order', 665),
      bar('Skip for now', 729, 100),
      bar('Choose an address', 788, 154),
    ]);
    const [main] = detectLists(screenOf(sheet));
    assert.deepEqual(main?.cells.map((c) => c.label), ['Deliver to an address', 'Pickup from a restaurant', 'Scan to Order']);
  });

  it('keeps a column of centred labels whole: there every member is such a bar', () => {
    const labelsOf = ['Take photo', 'Choose from library', 'Remove photo', 'Cancel'];
    const sheet = node('Group', { x: 0, y: 500, w: W, h: 240 }, labelsOf.map((label, i) => node('Group', { x: 0, y: 500 + i * 60, w: W, h: 60 }, [text(label, { x: W / 2 - 60, y: 518 + i * 60, w: 120, h: 24 })], { label, actions: ['tap'] })));
    const [main] = detectLists(screenOf(sheet));
    assert.deepEqual(main?.cells.map((c) => c.label), labelsOf);
  });
});

describe('clipped end cells of a column laid in a scrolling page', () => {
  it('marks the last row that the page\'s scroll view cuts, where the bounds are already cut short (uiautomator)', () => {
    const day = (label: string, y: number, h = 57) => node('Group', { x: 8, y, w: 374, h }, [text(label, { x: 20, y: y + 4, w: 200, h: Math.min(22, h - 2) })], { actions: ['tap'] });
    // Six whole days and a seventh cut to 18 points at the scroll view's bottom, above a tab bar.
    const days = node('Group', { x: 8, y: 400, w: 374, h: 360 }, [...['Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((d, i) => day(d, 400 + i * 57)), day('Mon', 742, 18)]);
    const page = node('ScrollView', { x: 0, y: 100, w: W, h: 660 }, [node('Group', { x: 0, y: 100, w: W, h: 660 }, [text('Forecast', { x: 16, y: 120, w: 200, h: 30 }), days])], scrollingState());
    const tabs = node('Group', { x: 0, y: 760, w: W, h: 84 }, [text('Home', { x: 20, y: 780, w: 60, h: 20 })]);
    const [main] = detectLists(screenOf(page, tabs));
    assert.equal(main?.cells.length, 7);
    assert.deepEqual(main?.clipped.map((c) => c.children[0]?.label), ['Mon']);
  });

  it('reads the rows at the end of a scrolling page of blocks, down to the one its bottom edge cuts: a dashboard\'s project cards under its chart', () => {
    const card = (name: string, y: number, h: number) =>
      node('Group', { x: 18, y, w: 375, h }, [text('COLLECTING', { x: 37, y: y + 20, w: 80, h: 27 }), text(name, { x: 156, y: y + 20, w: 192, h: h - 110 }), text('Events: 0', { x: 37, y: y + h - 50, w: 121, h: 27 })], { actions: ['tap'] });
    const head = node('Group', { x: 0, y: 44, w: W, h: 315 }, [text('Dashboard', { x: 18, y: 67, w: 117, h: 27 }), node('Image', { x: 18, y: 117, w: 354, h: 224 })]);
    // uiautomator cuts the bounds of the card below the edge: it is reported bare.
    const cut = node('Group', { x: 18, y: 803, w: 375, h: 18 }, [], { actions: ['tap'] });
    const page = (bottom: number) => node('ScrollView', { x: 0, y: 44, w: W, h: bottom - 44 }, [head, card('MN-AA-2', 446, 158), card('p_name_4', 613, 181), cut], scrollingState());
    const [main] = detectLists(screenOf(page(821)));
    assert.equal(main?.cells.length, 3);
    assert.equal(main?.cells[0]?.children[1]?.label, 'MN-AA-2');
    assert.ok(detectLists(screenOf(page(844))).every((l) => l.cells.length < 3), 'a page whose last block ends above its edge is blocks');
  });

  it('reads one row and the next, cut by the bottom edge of a scrolling page below its summary and chips, as a list going on below', () => {
    const notice = (label: string, y: number, h: number, parts: UiNode[]) => node('Group', { x: 16, y, w: 379, h }, parts, { label });
    const chips = node('Group', { x: 16, y: 370, w: 379, h: 48 }, ['All', 'Messages', 'Requests'].map((l, i) => node('Button', { x: 16 + i * 100, y: 370, w: 94, h: 48 }, [], { label: l, actions: ['tap'] })));
    const page = (cutAt: number, bottom = cutAt) =>
      node('ScrollView', { x: 0, y: 108, w: W, h: bottom - 108 }, [
        notice('Notification centre', 120, 122, []),
        notice('Unread 3', 258, 96, [node('Button', { x: 211, y: 281, w: 185, h: 50 }, [], { label: 'Read all', actions: ['tap'] })]),
        chips,
        notice('Request updated: done', 438, 268, [node('Button', { x: 34, y: 626, w: 64, h: 50 }, [], { label: 'Open', actions: ['tap'] })]),
        notice('Appointment updated: done', 706, cutAt - 706, []),
      ], scrollingState());
    const [main] = detectLists(screenOf(page(816)));
    assert.deepEqual(main?.cells.map((c) => c.label), ['Request updated: done', 'Appointment updated: done']);
    const whole = detectLists(screenOf(page(816, 844)));
    assert.ok(whole.every((l) => l.cells[0]?.label !== 'Request updated: done'), 'two notices above the edge are two blocks of the page');
  });
});
