import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SimlabError } from '../contract/envelope.js';
import { buildSnapshot } from '../outline/build.js';
import { renderSettledDiff } from '../outline/diff.js';
import { renderOutline } from '../outline/render.js';
import { node, settingsScreen } from '../outline/test-support/screens.js';
import { flowFromActions, type RecordedAction } from './flow-from-actions.js';
import { FLOW_MAX_STEPS, FlowSchema, type Flow } from './flow-schema.js';
import { maestroYaml } from './maestro.js';
import { changedAsExpected, expectedChange, screenContent } from './screen-change.js';

function screen(opts: { wifiOn?: boolean; extra?: boolean; stillMs?: number } = {}) {
  const { screen: s } = settingsScreen({ wifiOn: opts.wifiOn ?? true, stillMs: opts.stillMs ?? 400 });
  if (opts.extra) s.root.children.unshift(node({ role: 'Text', label: 'Saved', frame: [20, 60, 100, 20] }));
  return buildSnapshot(s);
}

const ok = (target?: Record<string, unknown>) => ({ version: '1', ok: true, command: 'tap', data: { delivered: true, ...(target ? { target } : {}) } });

function tapAction(args: unknown, target: Record<string, unknown> | undefined, from = screen(), to = screen({ wifiOn: false })): RecordedAction {
  return { command: 'tap', args, envelope: ok(target), diff: renderSettledDiff(from, to), outlineBeforeText: renderOutline(from), outlineAfterText: renderOutline(to) };
}

describe('screen changes', () => {
  it('keeps the lines that came and went without their refs, so the same change numbered otherwise still matches', () => {
    const diff = renderSettledDiff(screen(), screen({ wifiOn: false }));
    const expected = expectedChange(diff);
    assert.ok((expected.added?.length ?? 0) > 0 && (expected.removed?.length ?? 0) > 0, diff);
    for (const line of [...(expected.added ?? []), ...(expected.removed ?? [])]) assert.doesNotMatch(line, /^@\d/);
    // The same change with a line above it: every ref moves by one, the change is the same.
    const shifted = renderSettledDiff(screen({ extra: true }), screen({ extra: true, wifiOn: false }));
    assert.notEqual(shifted, diff);
    assert.equal(changedAsExpected(expected, shifted), true);
    assert.equal(changedAsExpected(expected, renderSettledDiff(screen(), screen())), false, 'no change is not the expected change');
    assert.equal(changedAsExpected(expected, renderSettledDiff(screen(), screen({ extra: true }))), false);
  });

  it('an outline compares as content: the stillness figure and the snapshot id do not count', () => {
    const a = renderOutline(screen({ stillMs: 400 }));
    const b = renderOutline(screen({ stillMs: 2600 }));
    assert.notEqual(a, b);
    assert.equal(screenContent(a), screenContent(b));
    assert.doesNotMatch(screenContent(a).split('\n')[0] as string, /still|snapshot/);
    assert.notEqual(screenContent(a), screenContent(renderOutline(screen({ wifiOn: false }))));
  });
});

describe('flowFromActions', () => {
  it('names targets by stable selectors where the worker found one, else by the point it hit; leaves out failures and observations', () => {
    const actions: RecordedAction[] = [
      tapAction({ target: '@4' }, { selector: '@4', tap: { x: 345, y: 121 }, stable: '#wifi_switch' }),
      tapAction({ target: { x: 290, y: 816 } }, { tap: { x: 290, y: 816 }, element: 'Button "Profile"', stable: 'text="Profile"' }),
      tapAction({ target: '@9' }, { selector: '@9', tap: { x: 200, y: 300 }, element: 'Group' }),
      { command: 'tap', args: { target: '#gone' }, envelope: { version: '1', ok: false, command: 'tap', error: { code: 'NOT_FOUND' } }, diff: null, outlineBeforeText: null, outlineAfterText: null },
      { command: 'outline', args: {}, envelope: ok(), diff: null, outlineBeforeText: null, outlineAfterText: null },
      { command: 'type', args: { text: 'Ada', clear: true }, envelope: ok(), diff: null, outlineBeforeText: null, outlineAfterText: renderOutline(screen({ extra: true })) },
    ];
    const flow = flowFromActions(actions, { session: 's1' });
    assert.equal(FlowSchema.safeParse(flow).success, true);
    assert.deepEqual(flow.steps.map((s) => [s.command, s.args]), [
      ['tap', { target: '#wifi_switch' }],
      ['tap', { target: 'text="Profile"' }],
      ['tap', { target: { x: 200, y: 300 } }],
      ['type', { text: 'Ada', clear: true }],
    ]);
    assert.match(flow.steps[2]?.note ?? '', /no selector named Group alone/);
    assert.deepEqual(flow.source, { session: 's1', app: 'com.apple.Preferences', screen: { w: 390, h: 844 } });
    assert.equal(flow.end?.screen, screenContent(renderOutline(screen({ extra: true }))));
    assert.ok(flow.steps[0]?.expect?.added?.length);
  });

  it('a session longer than a flow holds is refused with a hint; one without actions is NOT_FOUND', () => {
    const many = Array.from({ length: FLOW_MAX_STEPS + 1 }, () => tapAction({ target: '#wifi_switch' }, { tap: { x: 1, y: 1 }, stable: '#wifi_switch' }));
    assert.throws(() => flowFromActions(many), (e: unknown) => e instanceof SimlabError && e.code === 'INVALID_ARGS' && /from and to/.test(e.options.hint ?? ''));
    assert.throws(() => flowFromActions([]), (e: unknown) => e instanceof SimlabError && e.code === 'NOT_FOUND');
  });
});

describe('FlowSchema (flow files are hostile input)', () => {
  const step = { command: 'tap', args: { target: '#ok' } };
  const rejects = (value: unknown) => assert.equal(FlowSchema.safeParse(value).success, false, JSON.stringify(value).slice(0, 80));
  it('bounds steps, strings and lines, and refuses unknown fields and versions', () => {
    assert.equal(FlowSchema.safeParse({ flow: 1, steps: [step] }).success, true);
    rejects({ flow: 2, steps: [step] });
    rejects({ flow: 1, steps: [] });
    rejects({ flow: 1, steps: Array.from({ length: FLOW_MAX_STEPS + 1 }, () => step) });
    rejects({ flow: 1, steps: [{ ...step, command: 'x'.repeat(61) }] });
    rejects({ flow: 1, steps: [{ ...step, run: 'rm -rf /' }] });
    rejects({ flow: 1, steps: [step], extra: true });
    rejects({ flow: 1, steps: [{ ...step, expect: { added: Array.from({ length: 61 }, () => 'x') } }] });
    rejects({ flow: 1, steps: [{ ...step, expect: { added: ['x'.repeat(1001)] } }] });
    rejects({ flow: 1, steps: [step], end: { screen: 'x'.repeat(64 * 1024 + 1) } });
    rejects({ flow: 1, steps: [step], source: { screen: { w: 1e9, h: 10 } } });
    rejects(JSON.parse('{"flow":1,"steps":[{"command":"tap","args":{"target":"#a"}}],"__proto__":{"polluted":true}}'));
  });
});

describe('maestroYaml', () => {
  const flow: Flow = {
    flow: 1,
    source: { app: 'com.example.app', screen: { w: 400, h: 800 } },
    steps: [
      { command: 'tap', args: { target: 'text="Save (2)"' } },
      { command: 'tap', args: { target: '#login' } },
      { command: 'tap', args: { target: { x: 100, y: 200 } } },
      { command: 'type', args: { text: 'Ada "L"', target: '#name', clear: true } },
      { command: 'pinch', args: { scale: 2 } },
      { command: 'tap', args: { target: '#3' } },
      { command: 'fling', args: { direction: 'up' } },
      { command: 'key', args: { key: 'Enter' } },
      { command: 'button', args: { button: 'back' } },
    ],
  };
  it('maps each step Maestro has a command for, and says which it does not and why', () => {
    const { yaml, unmapped } = maestroYaml(flow);
    assert.match(yaml, /^appId: "com\.example\.app"\n---\n/m);
    assert.match(yaml, /- tapOn:\n {4}text: "Save \\\\\(2\\\\\)"\n/, 'text is matched literally (Maestro reads a regex)');
    assert.match(yaml, /- tapOn:\n {4}id: "login"\n/);
    assert.match(yaml, /- tapOn:\n {4}point: "25%,25%"\n/);
    assert.match(yaml, /- tapOn:\n {4}id: "name"\n- eraseText\n- inputText: "Ada \\"L\\""\n/);
    assert.match(yaml, /- swipe:\n {4}direction: UP\n- pressKey: Enter\n- back\n$/);
    assert.deepEqual(unmapped.map((u) => [u.step, u.command]), [[5, 'pinch'], [6, 'tap']]);
    assert.match(yaml, /# step 5 \(pinch\) not mapped: Maestro has no pinch/);
    assert.match(unmapped[1]?.why ?? '', /list cell/);
  });
  it('a web flow opens its URL', () => {
    assert.match(maestroYaml({ ...flow, source: { app: 'http://127.0.0.1:5000' } }).yaml, /^url: "http:\/\/127\.0\.0\.1:5000"$/m);
  });
});
