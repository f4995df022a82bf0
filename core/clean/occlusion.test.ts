import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { UiNode } from '../model/ui-node.js';
import { parseScreen } from '../import-and-clean.js';
import { detectLists } from '../lists/index.js';
import { buildSnapshot } from '../outline/build.js';
import { renderOutline } from '../outline/render.js';

// Hand-built XCUITest page sources (no captured iOS dump in the fixtures shows a modal): the
// shapes UIKit gives them, children listed back to front as in the captured iOS fixtures.
const W = 390;
const H = 844;
type Attrs = Record<string, string | number>;
const el = (type: string, [x, y, w, h]: readonly number[], attrs: Attrs = {}, ...children: string[]): string => {
  const extra = Object.entries(attrs).map(([k, v]) => ` ${k}="${v}"`).join('');
  const open = `<XCUIElementType${type} type="XCUIElementType${type}"${extra} enabled="true" visible="true" x="${x}" y="${y}" width="${w}" height="${h}"`;
  return children.length > 0 ? `${open}>${children.join('')}</XCUIElementType${type}>` : `${open}/>`;
};
const full = [0, 0, W, H] as const;
const app = (...windowContent: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?><AppiumAUT>${el('Application', full, { name: 'Mail' }, el('Window', full, {}, ...windowContent))}</AppiumAUT>`;
const cell = (label: string, y: number, x = 0, w = W): string => el('Cell', [x, y, w, 60], {}, el('StaticText', [x + 16, y + 20, 200, 20], { label }));
const inboxRows = ['Groq', 'Adam', 'Logitech', 'Secretlab', 'Figma', 'GitHub'];
/** A navigation controller's page: its bar listed first (XCUITest does), its table as large as the screen. */
const page = (title: string, rows: readonly string[], x = 0, action = 'Edit'): string =>
  el(
    'Other',
    [x, 0, W, H],
    {},
    el('NavigationBar', [x, 47, W, 44], { name: title }, el('StaticText', [x + 150, 58, 90, 21], { label: title }), el('Button', [x + 330, 47, 60, 44], { label: action })),
    el('Table', [x, 0, W, H], {}, ...rows.map((r, i) => cell(r, 91 + i * 60, x))),
  );
const inbox = page('Inbox', inboxRows);

const all = (n: UiNode): UiNode[] => [n, ...n.children.flatMap(all)];
const labels = (xml: string): string[] => all(parseScreen(xml).root).flatMap((n) => (n.label ? [n.label] : []));
const outline = (xml: string): string => renderOutline(buildSnapshot(parseScreen(xml)));

describe('iOS occlusion: what a modal, a sheet, a pushed page or a drawer covers is not on the screen', () => {
  it('keeps the whole page when nothing covers it (the bar listed before the content it floats over stays)', () => {
    const seen = labels(app(inbox));
    for (const l of ['Inbox', 'Edit', ...inboxRows]) assert.ok(seen.includes(l), l);
  });

  it('hides the page under an alert with its dimming view, and the alert is all the outline offers', () => {
    const alert = el(
      'Other',
      full,
      {},
      el('Other', full),
      el('Alert', [60, 330, 270, 180], { name: 'Delete draft?', label: 'Delete draft?' }, el('StaticText', [76, 350, 238, 22], { label: 'Delete draft?' }), el('Button', [60, 466, 135, 44], { label: 'Cancel' }), el('Button', [195, 466, 135, 44], { label: 'Delete' })),
    );
    const xml = app(inbox, alert);
    const seen = labels(xml);
    for (const l of ['Delete draft?', 'Cancel', 'Delete']) assert.ok(seen.includes(l), l);
    for (const l of ['Inbox', 'Edit', ...inboxRows]) assert.ok(!seen.includes(l), `${l} is under the alert`);
    const text = outline(xml);
    assert.ok(!/#\d/.test(text), 'no list of the covered page is numbered');
    assert.deepEqual(text.split('\n').filter((l) => /@\d+ Button/.test(l)).map((l) => l.replace(/^\s*@\d+ /, '')), ['Button "Cancel"', 'Button "Delete"']);
    // Declared modal even without a dimming view in the dump: an action sheet.
    const sheet = el('Sheet', [8, 600, 374, 230], { label: 'Move to' }, el('Button', [8, 600, 374, 57], { label: 'Archive' }), el('Button', [8, 657, 374, 57], { label: 'Trash' }));
    const under = labels(app(inbox, sheet));
    assert.ok(under.includes('Archive') && !under.includes('Groq') && !under.includes('Inbox'));
  });

  it('hides the presenting page under a modal sheet and its dimming view; the sheet\'s table is the main list', () => {
    const composeRows = ['To', 'Cc', 'Subject'];
    const sheet = el(
      'Other',
      full,
      {},
      el('Other', full),
      el(
        'Other',
        [0, 57, W, H - 57],
        {},
        el('NavigationBar', [0, 57, W, 56], { name: 'New Message' }, el('StaticText', [130, 70, 130, 21], { label: 'New Message' })),
        el('Table', [0, 113, W, H - 113], {}, ...composeRows.map((r, i) => cell(r, 113 + i * 60))),
      ),
    );
    const xml = app(inbox, sheet);
    const seen = labels(xml);
    for (const l of ['New Message', ...composeRows]) assert.ok(seen.includes(l), l);
    for (const l of ['Inbox', 'Edit', ...inboxRows]) assert.ok(!seen.includes(l), `${l} is under the sheet`);
    const [main] = detectLists(parseScreen(xml));
    assert.deepEqual(main?.cells.map((c) => c.label ?? c.children[0]?.label), composeRows);
  });

  it('hides what a popover\'s dismiss region covers (UIKit names it), leaving the popover', () => {
    const region = el('Other', [-1000, -1000, W + 2000, H + 2000], { name: 'PopoverDismissRegion', label: 'dismiss popup' });
    const menu = el('Other', [200, 91, 180, 120], {}, el('Button', [200, 91, 180, 60], { label: 'Mark all read' }), el('Button', [200, 151, 180, 60], { label: 'Filter' }));
    const seen = labels(app(inbox, region, menu));
    assert.ok(seen.includes('Mark all read') && seen.includes('Filter') && seen.includes('dismiss popup'));
    for (const l of ['Inbox', ...inboxRows]) assert.ok(!seen.includes(l), `${l} is under the popover's region`);
  });

  it('shows only the part of the page a pushed page has not yet slid over (mid-way through the push)', () => {
    // The page left behind moves a little to the left, the new one slides in from the right.
    const seen = labels(app(el('Other', full, {}, page('Inbox', inboxRows, -60, 'Select'), page('Message', ['Reply', 'Forward'], 200, 'Flag'))));
    for (const l of ['Message', 'Reply', 'Forward']) assert.ok(seen.includes(l), `${l} on the pushed page shows`);
    assert.ok(!seen.includes('Select'), 'the old page\'s bar button lies under the pushed page');
    for (const l of inboxRows) assert.ok(seen.includes(l), `${l}: the left of its row still shows`);
  });

  it('hides the rows under an open drawer, with or without its dimming view, and keeps what lies beside it', () => {
    const drawer = el('Other', [0, 0, 300, H], {}, el('StaticText', [20, 60, 200, 30], { label: 'me@example.com' }), el('Button', [0, 120, 300, 50], { label: 'Starred' }), el('Button', [0, 170, 300, 50], { label: 'Sent' }), el('Button', [0, 780, 300, 50], { label: 'Settings' }));
    const narrow = el('Other', full, {}, el('Button', [340, 47, 50, 44], { label: 'Compose' }), el('Table', [300, 91, 90, 600], {}, cell('Peek', 91, 300, 90)));
    for (const xml of [app(inbox, drawer), app(inbox, el('Other', full), drawer)]) {
      const seen = labels(xml);
      assert.ok(seen.includes('Starred') && seen.includes('Sent'), 'the drawer shows');
      for (const l of inboxRows) assert.ok(!seen.includes(l), `${l} is under the drawer`);
    }
    // Beside the drawer, with no dimming view, a narrow column stays.
    const beside = labels(app(narrow, drawer));
    assert.ok(beside.includes('Compose') && beside.includes('Peek'));
  });

  it('by window order: a small window above the app is an overlay on it, an alert\'s window is in front of it', () => {
    const windows = (...extra: string[]): string =>
      `<?xml version="1.0" encoding="UTF-8"?><AppiumAUT>${el('Application', full, { name: 'Mail' }, el('Window', full, {}, inbox), ...extra)}</AppiumAUT>`;
    const banner = el('Window', [16, 60, 358, 64], {}, el('Other', [16, 60, 358, 64], {}, el('StaticText', [32, 80, 300, 24], { label: 'Message sent' })));
    const withBanner = parseScreen(windows(banner));
    const seen = all(withBanner.root).flatMap((n) => (n.label ? [n.label] : []));
    for (const l of ['Message sent', 'Inbox', ...inboxRows]) assert.ok(seen.includes(l), l);
    assert.deepEqual(withBanner.windows.map((w) => w.kind), ['app', 'overlay']);
    assert.match(renderOutline(buildSnapshot(withBanner)), /\[Overlay\]\n.*"Message sent"/);
    const alert = el('Window', full, {}, el('Other', full, {}, el('Alert', [60, 330, 270, 180], { label: 'No connection' }, el('Button', [60, 466, 270, 44], { label: 'OK' }))));
    const withAlert = labels(windows(alert));
    assert.ok(withAlert.includes('OK') && !withAlert.includes('Groq'), 'the alert\'s window is what the user looks at');
  });

  it('takes no empty layer with an id, nor a background with children, for a dimming view', () => {
    const overlay = el('Other', full, { name: 'sticker_layer' });
    const toast = el('Other', [40, 700, 310, 50], {}, el('StaticText', [56, 712, 278, 26], { label: 'Saved' }));
    const seen = labels(app(inbox, overlay, toast));
    for (const l of ['Inbox', 'Saved', ...inboxRows]) assert.ok(seen.includes(l), l);
  });
});
