import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SimlabError } from '../contract/envelope.js';
import { buildSnapshot } from '../outline/build.js';
import { renderOutline } from '../outline/render.js';
import { node, settingsScreen } from '../outline/test-support/screens.js';
import { parseSelector } from './parse.js';
import { resolveSelector } from './resolve.js';
import { selectorsFor } from './selectors-for.js';
import { stableSelectorFor } from './stable-selector.js';

function snapshot(opts: Parameters<typeof settingsScreen>[0] = {}) {
  const { screen, rows, table } = settingsScreen(opts);
  screen.root.children.push(node({ role: 'Button', label: 'Sign in', id: 'com.example:id/login', actions: ['tap'], frame: [20, 700, 350, 44] }));
  screen.root.children.push(node({ role: 'Text', label: '42', id: '42', frame: [20, 650, 100, 20] }));
  return buildSnapshot(screen, { lists: [{ container: table, containerFrame: table.frame, axis: 'vertical', cells: rows, score: 4, detector: 'siblings' }] });
}

function errorOf(fn: () => unknown): SimlabError {
  try {
    fn();
  } catch (e) {
    if (e instanceof SimlabError) return e;
    throw e;
  }
  assert.fail('expected a SimlabError');
}

describe('parseSelector', () => {
  it('parses every form', () => {
    assert.deepEqual(parseSelector('@7'), { kind: 'ref', index: 7 });
    assert.deepEqual(parseSelector('@7F3A9C:12'), { kind: 'ref', snapshot: '7f3a9c', index: 12 });
    assert.deepEqual(parseSelector('#3'), { kind: 'cell', cell: 3, list: 1 });
    assert.deepEqual(parseSelector('#3@2'), { kind: 'cell', cell: 3, list: 2 });
    assert.deepEqual(parseSelector('#login'), { kind: 'id', id: 'login' });
    assert.deepEqual(parseSelector('#3d_button'), { kind: 'id', id: '3d_button' });
    assert.deepEqual(parseSelector('text="Say \\"hi\\""'), { kind: 'match', tests: [{ name: 'text', op: '=', value: 'Say "hi"' }] });
    assert.deepEqual(parseSelector('role=Button'), { kind: 'match', role: 'Button', tests: [] });
    assert.deepEqual(parseSelector('role=Switch[label~="wi"][value="1"]'), {
      kind: 'match',
      role: 'Switch',
      tests: [
        { name: 'label', op: '~=', value: 'wi' },
        { name: 'value', op: '=', value: '1' },
      ],
    });
  });

  it('reports bad syntax as INVALID_ARGS with the position', () => {
    for (const [text, position] of [['@', 1], ['@0', 1], ['@x', 1], ['#3@', 3], ['text="open', 5], ['role=Button[name="x"]', 12], ['role=Button[label="x"', 21], ['', 0], ['hello', 0]] as const) {
      const err = errorOf(() => parseSelector(text));
      assert.equal(err.code, 'INVALID_ARGS', text);
      assert.equal(err.options.details?.position, position, text);
    }
  });
});

describe('resolveSelector', () => {
  const latest = snapshot();

  it('resolves refs, cells, ids and matches to one element', () => {
    const label = (s: string) => resolveSelector(s, { latest }).label;
    assert.equal(label('@1'), 'Settings');
    assert.equal(label(`@${latest.id}:2`), 'Back');
    assert.equal(resolveSelector('#2', { latest }).role, 'Cell');
    assert.equal(label('#login'), 'Sign in');
    assert.equal(label('#com.example:id/login'), 'Sign in');
    assert.equal(label('id="42"'), '42');
    assert.equal(label('text="Bluetooth"'), 'Bluetooth');
    assert.equal(label('role=Switch[label="Wi-Fi"]'), 'Wi-Fi');
    assert.equal(label('role=Button[label~="sign"]'), 'Sign in');
  });

  it('compares text as the outline prints it: whitespace collapsed, a cut label by its start', () => {
    const { screen } = settingsScreen();
    screen.root.children.push(node({ role: 'Text', label: `Breaking:\n\nthe  dollar ${'x'.repeat(100)}`, frame: [0, 600, 390, 40] }));
    const latest = buildSnapshot(screen);
    const printed = /"(Breaking: the dollar x+…)"/.exec(renderOutline(latest))?.[1];
    assert.ok(printed);
    assert.equal(resolveSelector(`text=${JSON.stringify(printed)}`, { latest }).role, 'Text');
    assert.equal(resolveSelector('text="Breaking: the dollar ' + 'x'.repeat(100) + '"', { latest }).role, 'Text');
    assert.equal(resolveSelector('text~="the dollar"', { latest }).role, 'Text');
  });

  it('is NOT_FOUND with a hint when nothing matches', () => {
    const err = errorOf(() => resolveSelector('text="bluetooth settings"', { latest }));
    assert.equal(err.code, 'NOT_FOUND');
    assert.match(err.options.hint ?? '', /Bluetooth/);
    assert.equal(errorOf(() => resolveSelector('@99', { latest })).code, 'NOT_FOUND');
    assert.equal(errorOf(() => resolveSelector('#9', { latest })).code, 'NOT_FOUND');
    assert.equal(errorOf(() => resolveSelector('#1@2', { latest })).code, 'NOT_FOUND');
  });

  it('is AMBIGUOUS_TARGET listing the candidates when several match', () => {
    const err = errorOf(() => resolveSelector('text="Wi-Fi"', { latest }));
    assert.equal(err.code, 'AMBIGUOUS_TARGET');
    const candidates = err.options.details?.candidates as Array<{ ref: string; role: string; label?: string }>;
    assert.deepEqual(candidates.map((c) => c.role), ['Text', 'Switch']);
    assert.equal(errorOf(() => resolveSelector('#title', { latest })).code, 'AMBIGUOUS_TARGET');
  });

  it('reads @<snapshot>:N from an earlier snapshot, and calls an unknown snapshot STALE_REF', () => {
    const older = snapshot({ wifiOn: false });
    const byId = (id: string) => (id === older.id ? older : undefined);
    const el = resolveSelector(`@${older.id}:6`, { latest, byId });
    assert.equal(el.states.checked, false);
    assert.equal(errorOf(() => resolveSelector('@abcdef:1', { latest, byId })).code, 'STALE_REF');
  });
});

describe('selectorsFor', () => {
  const latest = snapshot();
  it('lists the selectors naming one element, shortest first, each resolving back to it', () => {
    const sw = latest.elements.find((e) => e.role === 'Switch');
    assert.ok(sw);
    const all = selectorsFor(sw, latest);
    assert.equal(all[0], `@${sw.index}`);
    assert.ok(all.includes('#wifi_switch'));
    assert.ok(all.includes('role=Switch'));
    assert.ok(!all.includes('text="Wi-Fi"'));
    for (const s of all) assert.equal(resolveSelector(s, { latest }).index, sw.index, s);
    const lengths = all.map((s) => s.length);
    assert.deepEqual(lengths, [...lengths].sort((a, b) => a - b));
  });
});

describe('stableSelectorFor', () => {
  const latest = snapshot();
  const find = (pred: (e: (typeof latest.elements)[number]) => boolean) => {
    const el = latest.elements.find(pred);
    assert.ok(el);
    return el;
  };
  it('names an element by what it is, never by a snapshot ref: id first, then text, then role and label, then list cell', () => {
    assert.equal(stableSelectorFor(find((e) => e.role === 'Switch'), latest), '#wifi_switch');
    assert.equal(stableSelectorFor(find((e) => e.label === 'Sign in'), latest), '#login');
    assert.equal(stableSelectorFor(find((e) => e.role === 'Button' && e.label === 'Profile'), latest), 'text="Profile"');
    // The rows share one id and their titles repeat inside them: the row is found by its cell number.
    const row = find((e) => e.role === 'Cell' && e.list?.cell === 2);
    assert.equal(stableSelectorFor(row, latest), '#2');
    for (const el of latest.elements) {
      const s = stableSelectorFor(el, latest);
      if (s === undefined) continue;
      assert.ok(!s.startsWith('@'), s);
      assert.equal(resolveSelector(s, { latest }).index, el.index, s);
    }
  });
});
