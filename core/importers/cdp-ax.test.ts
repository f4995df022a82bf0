import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { SimlabError } from '../contract/index.js';
import type { UiNode } from '../model/index.js';
import { detectFormat, importScreen } from './index.js';
import { importCdpAx, type CdpAxCapture, type CdpAxNode } from './cdp-ax.js';

const p = (name: string, value: unknown) => ({ name, value: { type: 'booleanOrUndefined', value } });
const node = (nodeId: string, role: string, extra: Partial<CdpAxNode> = {}): CdpAxNode => ({
  nodeId,
  role: { type: 'role', value: role },
  ...extra,
});

/** A small page: a heading, a switch, a text field, a scrolling list and an aria-hidden toolbar. */
const capture: CdpAxCapture = {
  format: 'cdp-ax',
  url: 'http://127.0.0.1:4000/#/home',
  title: 'Home',
  viewport: { w: 390, h: 844 },
  scale: 3,
  nodes: [
    node('1', 'RootWebArea', { name: { value: 'Home' }, childIds: ['2'], backendDOMNodeId: 1 }),
    node('2', 'none', { ignored: true, parentId: '1', childIds: ['3', '5', '6', '7', '20'], backendDOMNodeId: 2 }),
    node('3', 'heading', { name: { value: 'Home' }, parentId: '2', childIds: ['4'], backendDOMNodeId: 3 }),
    node('4', 'StaticText', { name: { value: 'Home' }, parentId: '3', childIds: ['4a'], backendDOMNodeId: 4 }),
    node('4a', 'InlineTextBox', { name: { value: 'Home' }, parentId: '4' }),
    node('5', 'switch', {
      name: { value: 'Dark mode' },
      parentId: '2',
      backendDOMNodeId: 5,
      properties: [p('focusable', true), p('checked', 'true'), p('disabled', true)],
    }),
    node('6', 'textbox', {
      name: { value: 'Display name' },
      value: { value: 'Ada' },
      parentId: '2',
      backendDOMNodeId: 6,
      properties: [p('focusable', true), p('focused', true), p('editable', 'plaintext')],
    }),
    node('7', 'list', { name: { value: 'Posts' }, parentId: '2', childIds: ['8', '10', '12'], backendDOMNodeId: 7 }),
    node('8', 'listitem', { name: { value: '' }, parentId: '7', childIds: ['9'], backendDOMNodeId: 8 }),
    node('9', 'StaticText', { name: { value: 'First  post' }, parentId: '8', backendDOMNodeId: 9 }),
    node('10', 'listitem', { parentId: '7', childIds: ['11'], backendDOMNodeId: 10 }),
    node('11', 'StaticText', { name: { value: 'Second post' }, parentId: '10', backendDOMNodeId: 11 }),
    node('12', 'listitem', { parentId: '7', backendDOMNodeId: 12 }),
    node('20', 'generic', { ignored: true, parentId: '2', childIds: ['21'], backendDOMNodeId: 20 }),
    node('21', 'StaticText', { ignored: true, name: { value: 'Like' }, parentId: '20', backendDOMNodeId: 21 }),
  ],
  boxes: {
    '3': { frame: [12, 10, 100, 30], tag: 'h1', id: 'title' },
    '4': { frame: [12, 12, 60, 24] },
    '5': { frame: [320, 60, 52, 32], tag: 'button', id: 'toggle-dark', clickable: true },
    '6': { frame: [14, 100, 362, 42], tag: 'input', id: 'display-name', inputType: 'text' },
    '7': { frame: [0, 200, 390, 300], tag: 'ul', id: 'feed', scroll: { x: 0, y: 120 } },
    '8': { frame: [0, 150, 390, 100], clip: [0, 200, 390, 300], tag: 'li', id: 'post-1' },
    '9': { frame: [10, 160, 200, 20], clip: [0, 200, 390, 300] },
    '10': { frame: [0, 250, 390, 100], clip: [0, 200, 390, 300], tag: 'li', id: 'post-2' },
    '11': { frame: [10, 260, 200, 20], clip: [0, 200, 390, 300] },
    '12': { frame: [0, 520, 390, 100], clip: [0, 200, 390, 300], tag: 'li', id: 'post-3' },
    '20': { frame: [0, 700, 390, 40], tag: 'div', clickable: true },
  },
  scroll: [
    { target: 'document', x: 0, y: 0 },
    { target: 'feed', x: 0, y: 120 },
  ],
};

function all(n: UiNode): UiNode[] {
  return [n, ...n.children.flatMap(all)];
}
const byId = (root: UiNode, id: string) => all(root).find((n) => n.id === id) as UiNode;

describe('cdp-ax importer', () => {
  const screen = importCdpAx(JSON.stringify(capture));

  it('makes a web screen from the page and its viewport', () => {
    assert.equal(screen.platform, 'web');
    assert.equal(screen.app, 'http://127.0.0.1:4000');
    assert.deepEqual(screen.size, { w: 390, h: 844 });
    assert.equal(screen.scale, 3);
    assert.equal(screen.orientation, 'portrait');
    assert.equal(screen.root.role, 'WebView');
    assert.equal(screen.root.label, 'Home');
    assert.deepEqual(screen.appState?.scroll, capture.scroll);
    assert.equal(screen.appState?.url, 'http://127.0.0.1:4000/#/home');
  });

  it('maps roles, names, values, states, ids and actions', () => {
    const sw = byId(screen.root, 'toggle-dark');
    assert.deepEqual([sw.role, sw.label, sw.states.checked, sw.states.enabled], ['Switch', 'Dark mode', true, false]);
    assert.deepEqual(sw.actions, ['tap']);
    const field = byId(screen.root, 'display-name');
    assert.deepEqual([field.role, field.label, field.value], ['TextField', 'Display name', 'Ada']);
    assert.deepEqual(field.states, { focused: true, editable: true });
    assert.deepEqual(field.actions, ['tap', 'setValue']);
    const heading = byId(screen.root, 'title');
    assert.equal(heading.role, 'Heading');
    assert.deepEqual(heading.children.map((c) => [c.role, c.label]), [['Text', 'Home']], 'inline text boxes are dropped');
    assert.equal(heading.className, 'h1');
  });

  it('keeps list items with their text children and clips them to the scroll container', () => {
    const feed = byId(screen.root, 'feed');
    assert.deepEqual([feed.role, feed.label, feed.states.scrollable, feed.actions], ['List', 'Posts', true, ['scroll']]);
    const [first, second, third] = feed.children;
    assert.deepEqual(first?.frame, { x: 0, y: 150, w: 390, h: 100 });
    assert.deepEqual(first?.visibleFrame, { x: 0, y: 200, w: 390, h: 50 });
    assert.equal(first?.label, undefined);
    assert.equal(first?.children[0]?.label, 'First post', 'whitespace is collapsed');
    assert.equal(first?.children[0]?.visibleFrame?.h, 0, 'its text is scrolled out of sight');
    assert.deepEqual(second?.visibleFrame, second?.frame);
    assert.deepEqual(third?.visibleFrame, { x: 0, y: 520, w: 0, h: 0 }, 'below the container: nothing visible');
  });

  it('leaves out what the accessibility tree hides', () => {
    assert.equal(all(screen.root).some((n) => n.label === 'Like'), false);
    assert.ok(all(screen.root).every((n) => n.source === 'ax'));
  });

  it('refuses broken input with INVALID_ARGS', () => {
    assert.throws(() => importCdpAx('{"format":"cdp-ax","nodes":[{'), (e: unknown) => e instanceof SimlabError && e.code === 'INVALID_ARGS');
    assert.throws(() => importCdpAx('{"format":"cdp-ax"}'), (e: unknown) => e instanceof SimlabError && e.code === 'INVALID_ARGS');
  });
});

describe('cdp-ax importer on a real capture (the demo app\'s settings, from WebDevice.rawTree())', () => {
  const text = readFileSync(new URL('./testdata/web-demo-settings.cdp-ax.json', import.meta.url), 'utf8');

  it('is detected as cdp-ax and imports the controls with their states', () => {
    assert.equal(detectFormat(text), 'cdp-ax');
    const screen = importScreen(text);
    assert.equal(screen.app, 'http://127.0.0.1:8080');
    const nodes = all(screen.root);
    const switches = nodes.filter((n) => n.role === 'Switch').map((n) => [n.label, n.states.checked]);
    assert.deepEqual(switches, [
      ['Notifications', true],
      ['Dark mode', false],
      ['Autoplay videos', false],
    ]);
    const tabs = nodes.filter((n) => n.role === 'Tab');
    assert.deepEqual(tabs.map((t) => [t.label, t.states.selected]), [
      ['Home', false],
      ['Search', false],
      ['Alerts', false],
      ['Settings', true],
    ]);
    const field = byId(screen.root, 'display-name');
    assert.deepEqual([field.role, field.label, field.actions], ['TextField', 'Display name', ['tap', 'setValue']]);
    for (const n of nodes) assert.ok(n.visibleFrame && n.visibleFrame.x >= 0 && n.visibleFrame.x + n.visibleFrame.w <= 390.5, `${n.role} ${n.label} on screen`);
  });
});
