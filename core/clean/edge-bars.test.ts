import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { UiNode } from '../model/ui-node.js';
import { parseScreen } from '../import-and-clean.js';

// A hand-built `uiautomator dump` of a Compose conversation: the message list spans the screen
// and scrolls under the top app bar, which is listed after it (drawn over it).
type Box = readonly [number, number, number, number];
const node = (cls: string, [x1, y1, x2, y2]: Box, attrs: Record<string, string> = {}, ...children: string[]): string => {
  const a = { text: '', 'resource-id': '', 'content-desc': '', clickable: 'false', focused: 'false', scrollable: 'false', ...attrs };
  const extra = Object.entries(a).map(([k, v]) => ` ${k}="${v}"`).join('');
  return `<node index="0" class="${cls}" package="com.example.chat"${extra} enabled="true" bounds="[${x1},${y1}][${x2},${y2}]">${children.join('')}</node>`;
};
const message = (text: string, y: number): string =>
  node('android.view.View', [14, y, 706, y + 81], { clickable: 'true' }, node('android.widget.TextView', [40, y + 20, 500, y + 60], { text }));
const dump = (bar: string, fieldFocused = false): string =>
  `<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0">${node(
    'android.widget.FrameLayout',
    [0, 0, 720, 1536],
    {},
    node(
      'android.view.View',
      [0, 0, 720, 1536],
      {},
      node('android.view.View', [0, 64, 720, 1536], { scrollable: 'true', 'resource-id': 'message_list' }, ...['Hidden', 'Half', 'Whole one', 'Whole two', 'Whole three'].map((t, i) => message(t, 23 + i * 103))),
      bar,
      node('android.widget.EditText', [14, 1450, 600, 1530], { text: 'Draft', focused: String(fieldFocused) }),
    ),
  )}</hierarchy>`;
const topBar = node('android.view.View', [0, 0, 720, 173], {}, node('android.widget.Button', [14, 84, 82, 152], { 'content-desc': 'Back', clickable: 'true' }), node('android.widget.TextView', [191, 96, 302, 141], { text: 'Ann' }));

const all = (n: UiNode): UiNode[] => [n, ...n.children.flatMap(all)];
const row = (root: UiNode, text: string): UiNode | undefined => all(root).find((n) => n.children.some((c) => c.label === text));

describe('a top app bar drawn over a list that scrolls under it', () => {
  it('hides the rows wholly under the bar and cuts the row half under it', () => {
    const screen = parseScreen(dump(topBar));
    const labels = all(screen.root).map((n) => n.label);
    assert.ok(!labels.includes('Hidden'), 'the row wholly under the bar is not on the screen');
    assert.ok(labels.includes('Ann') && labels.includes('Back'), 'the bar itself stays');
    const half = row(screen.root, 'Half');
    assert.ok(half?.visibleFrame, 'the row half under the bar stays');
    assert.equal(Math.round(half.visibleFrame.y * screen.scale), 173, 'seen from the bar down');
    assert.ok(half.visibleFrame.h < half.frame.h / 2);
    const whole = row(screen.root, 'Whole one');
    assert.deepEqual(whole?.visibleFrame, whole?.frame, 'rows below the bar are whole');
  });

  it('leaves the list alone where the bar does not reach the screen top (a toolbar in the page)', () => {
    const lowBar = node('android.view.View', [0, 40, 720, 173], {}, node('android.widget.TextView', [191, 96, 302, 141], { text: 'Ann' }));
    const labels = all(parseScreen(dump(lowBar)).root).map((n) => n.label);
    assert.ok(labels.includes('Half'));
  });
});
