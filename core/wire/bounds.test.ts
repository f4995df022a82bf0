import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COMMANDS, MAX_SCROLL_PTS, type CommandName } from './commands.js';

/** Every numeric argument of every command, with arguments that are valid apart from it. */
const NUMERIC_FIELDS: Array<{ command: CommandName; base: Record<string, unknown>; set: (value: unknown) => Record<string, unknown> }> = [
  { command: 'tap', base: { target: { x: 10, y: 10 } }, set: (v) => ({ target: { x: v, y: 10 } }) },
  { command: 'tap', base: { target: { x: 10, y: 10 } }, set: (v) => ({ target: { x: 10, y: v } }) },
  { command: 'double-tap', base: { target: { x: 10, y: 10 } }, set: (v) => ({ target: { x: v, y: 10 } }) },
  { command: 'long-press', base: { target: '@1' }, set: (v) => ({ target: '@1', ms: v }) },
  { command: 'swipe', base: { from: '@1', dy: 100 }, set: (v) => ({ from: '@1', dy: v }) },
  { command: 'swipe', base: { from: '@1', dx: 100 }, set: (v) => ({ from: '@1', dx: v }) },
  { command: 'swipe', base: { from: '@1', dy: 100 }, set: (v) => ({ from: '@1', dy: 100, ms: v }) },
  { command: 'drag', base: { from: '@1', to: { x: 5, y: 5 } }, set: (v) => ({ from: '@1', to: { x: 5, y: v } }) },
  { command: 'scroll-by', base: { dy: 100 }, set: (v) => ({ dy: v }) },
  { command: 'scroll-by', base: { dx: 100 }, set: (v) => ({ dx: v }) },
  { command: 'pinch', base: { scale: 2 }, set: (v) => ({ scale: v }) },
  { command: 'pinch', base: { scale: 2 }, set: (v) => ({ scale: 2, ms: v }) },
  { command: 'rotate', base: { degrees: 90 }, set: (v) => ({ degrees: v }) },
  { command: 'rotate', base: { degrees: 90 }, set: (v) => ({ degrees: 90, ms: v }) },
  { command: 'two-finger-long-press', base: {}, set: (v) => ({ ms: v }) },
  { command: 'screenshot', base: {}, set: (v) => ({ scale: v }) },
  { command: 'screenshot', base: { crop: { x: 0, y: 0, w: 10, h: 10 } }, set: (v) => ({ crop: { x: 0, y: 0, w: v, h: 10 } }) },
  { command: 'screenshot', base: { crop: { x: 0, y: 0, w: 10, h: 10 } }, set: (v) => ({ crop: { x: v, y: 0, w: 10, h: 10 } }) },
  { command: 'perform', base: { fingers: [{ id: 0, points: [{ x: 1, y: 1, t: 0 }] }] }, set: (v) => ({ fingers: [{ id: 0, points: [{ x: 1, y: 1, t: v }] }] }) },
  { command: 'perform', base: { fingers: [{ id: 0, points: [{ x: 1, y: 1, t: 0 }] }] }, set: (v) => ({ fingers: [{ id: v, points: [{ x: 1, y: 1, t: 0 }] }] }) },
  { command: 'perform', base: { fingers: [{ id: 0, points: [{ x: 1, y: 1, t: 0 }] }] }, set: (v) => ({ fingers: [{ id: 0, points: [{ x: v, y: 1, t: 0 }] }] }) },
];

/** What JSON can carry for a number that is not one (NaN and Infinity arrive as null or strings). */
const EXTREME = [1e12, -1e12, Number.MAX_VALUE, -Number.MAX_VALUE, Infinity, -Infinity, NaN, null, '1e12', 'Infinity', 'NaN', '12', true, [], {}];

describe('wire bounds: every numeric argument has a bound (issue 18, item 2)', () => {
  it('each field is valid in its base form', () => {
    for (const { command, base } of NUMERIC_FIELDS) assert.equal(COMMANDS[command].safeParse(base).success, true, `${command} ${JSON.stringify(base)}`);
  });

  it('each field refuses huge, infinite, NaN and non-number values', () => {
    for (const { command, set } of NUMERIC_FIELDS) {
      for (const value of EXTREME) {
        const args = set(value);
        assert.equal(COMMANDS[command].safeParse(args).success, false, `${command} accepted ${JSON.stringify(args)} (${String(value)})`);
      }
    }
  });

  it('the scroll of issue 18 (dy 1e12) is refused; one within the bound is taken', () => {
    assert.equal(COMMANDS['scroll-by'].safeParse({ dy: 1e12 }).success, false);
    assert.equal(COMMANDS['scroll-by'].safeParse({ dy: MAX_SCROLL_PTS + 1 }).success, false);
    assert.equal(COMMANDS['scroll-by'].safeParse({ dy: -MAX_SCROLL_PTS }).success, true);
  });

  it('texts, keys, selectors and snapshot ids are bounded in length', () => {
    const long = 'a'.repeat(100_001);
    assert.equal(COMMANDS.type.safeParse({ text: long }).success, false);
    assert.equal(COMMANDS.key.safeParse({ key: long }).success, false);
    assert.equal(COMMANDS.tap.safeParse({ target: long }).success, false);
    assert.equal(COMMANDS.outline.safeParse({ since: long }).success, false);
    assert.equal(COMMANDS['web.open'].safeParse({ url: `https://example.com/${long}` }).success, false);
  });

  it('a timeline is bounded in fingers and points', () => {
    const point = { x: 1, y: 1, t: 0 };
    assert.equal(COMMANDS.perform.safeParse({ fingers: Array.from({ length: 6 }, (_, id) => ({ id, points: [point] })) }).success, false);
    assert.equal(COMMANDS.perform.safeParse({ fingers: [{ id: 0, points: Array.from({ length: 5001 }, () => point) }] }).success, false);
  });
});
