import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Screen } from '../core/model/screen.js';
import type { UiNode } from '../core/model/ui-node.js';
import { considerLists, detectLists } from '../core/lists/index.js';
import { judge, missKind, type MissKind } from './support/list-labels.js';
import { node, screenOf, text, W } from './support/synthetic-screen.js';

// The bench's kinds of miss (test/support/list-labels.ts), each on a small screen of its own.



const row = (label: string, y: number) => node('Group', { x: 0, y, w: W, h: 60 }, [text(label, { x: 16, y: y + 10, w: 200, h: 22 })], { actions: ['tap'] });
/** A list the platform names, of `count` rows from `top`, the first headed by `header` where given. */
const rows = (prefix: string, count: number, top: number, header?: UiNode) =>
  node('List', { x: 0, y: top - (header ? 40 : 0), w: W, h: count * 60 + (header ? 40 : 0) }, [...(header ? [header] : []), ...Array.from({ length: count }, (_, i) => row(`${prefix} ${i}`, top + i * 60))]);


/** A label row as LABELS.tsv has it (iOS: bounds in points). */
function label(cells: number, first: string, bounds = ''): Record<string, string> {
  return { file: 'synthetic.json', main_list: 'yes', cells: String(cells), partial_cells: '0', first_cell_text: first, first_cell_bounds: bounds, confidence: 'high' };
}

/** The kind of miss, asserting first that the screen is one: the detector disagrees with the label. */
function kindOf(row: Record<string, string>, screen: Screen): MissKind {
  assert.equal(judge(row, screen, detectLists(screen)).agrees, false, 'the detector disagrees with the label');
  return missKind(row, screen, considerLists(screen)).kind;
}

describe('the kind of a missed screen', () => {
  it('is chosen wrong where a list the detector reports agrees, but another comes first', () => {
    const screen = screenOf(rows('A', 6, 100), rows('B', 3, 500));
    assert.equal(kindOf(label(3, 'B 0'), screen), 'chosen wrong');
    assert.equal(missKind(label(3, 'B 0'), screen, considerLists(screen)).detail, 'list 2 of 2');
  });

  it('is not admitted where only a candidate admission dropped agrees: a strip of tabs labelled a list', () => {
    const tabs = ['Sale', 'General', 'Payment', 'Sensors', 'Cleaning', 'About'].map((t, i) => node('Button', { x: 8 + i * 64, y: 45, w: 60, h: 24 }, [], { label: t, actions: ['tap'] }));
    const screen = screenOf(node('ScrollView', { x: 0, y: 45, w: W, h: 24 }, tabs, { states: { scrollable: true } }));
    assert.equal(kindOf(label(6, 'Sale'), screen), 'not admitted');
    assert.equal(missKind(label(6, 'Sale'), screen, considerLists(screen)).detail, 'at admission');
  });

  it('is not admitted where only a candidate pruned for sharing cells with a better list agrees', () => {
    // Two blocks of rows at one pitch: the column of eight across them is listed, each block pruned.
    const block = (p: string, top: number) => node('Group', { x: 0, y: top, w: W, h: 240 }, Array.from({ length: 4 }, (_, i) => row(`${p} ${i}`, top + i * 60)));
    const screen = screenOf(block('A', 100), block('B', 340));
    assert.equal(kindOf(label(4, 'B 0'), screen), 'not admitted');
    assert.equal(missKind(label(4, 'B 0'), screen, considerLists(screen)).detail, 'pruned: shares cells with a better list');
  });

  it('is a wrong count or start where the first list is the labelled one: too few rows, or a left-out first row', () => {
    assert.equal(kindOf(label(12, 'A 0'), screenOf(rows('A', 6, 100))), 'wrong count/start');
    // The labeller counted the header as the first row; the detector left it out of the rows.
    const header = text('Recent', { x: 16, y: 62, w: 200, h: 30 });
    assert.equal(kindOf(label(7, 'Recent', '16,62,216,92'), screenOf(rows('A', 6, 100, header))), 'wrong count/start');
  });

  it('is not found where no candidate is the labelled list, even where the detector reports another', () => {
    const hero = node('Group', { x: 0, y: 0, w: W, h: 90 }, [node('Image', { x: 0, y: 0, w: W, h: 60 }, [], { label: 'Hero' }), text('Title', { x: 16, y: 62, w: 300, h: 26 })]);
    assert.equal(kindOf(label(5, 'Title', '16,62,316,88'), screenOf(hero, rows('A', 6, 100))), 'not found');
    assert.equal(kindOf(label(5, 'Title', '16,62,316,88'), screenOf(hero)), 'not found');
  });

  it('is a false list where the label says the screen has no main list', () => {
    const row = { ...label(0, '-'), main_list: 'no' };
    assert.equal(kindOf(row, screenOf(rows('A', 6, 100))), 'false list');
  });
});
