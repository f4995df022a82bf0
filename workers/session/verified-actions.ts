import { SimlabError } from '../../core/contract/envelope.js';
import { tap } from '../../core/gestures/index.js';
import { identityOf } from '../../core/outline/identity.js';
import type { OutlineElement, Snapshot } from '../../core/outline/snapshot.js';
import type { CommandArgs } from '../../core/wire/commands.js';
import { canonicalKey } from '../../core/wire/keys.js';
import type { HandlerSession, Located, Run } from './handler-context.js';

const TEXT_ROLES = new Set(['TextField', 'SearchField', 'SecureTextField', 'TextArea']);

function isTextField(el: OutlineElement): boolean {
  return el.states.editable === true || TEXT_ROLES.has(el.role);
}

function focusedField(snapshot: Snapshot): OutlineElement | undefined {
  return snapshot.elements.find((e) => e.states.focused && isTextField(e));
}

/** A password field shows bullets, not the text: only the length can be checked. */
function isMasked(el: OutlineElement): boolean {
  return el.states.password === true || el.role === 'SecureTextField';
}

function verificationFailed(message: string, details: Record<string, unknown>): SimlabError {
  return new SimlabError('POST_ACTION_VERIFICATION', message, {
    delivery: 'delivered_unverified',
    hint: 'look at the screen before trying again: the action reached the device',
    details,
  });
}

async function pressKey(session: HandlerSession, run: Run, key: string, times: number): Promise<void> {
  const name = canonicalKey(key, session.capabilities.keys);
  if (!name) throw new SimlabError('UNSUPPORTED', `clearing a field needs the ${key} key, which this device lacks`);
  for (let i = 0; i < times; i++) await run.ledger.send(() => session.bridge.key(name));
}

/**
 * Types text (after tapping the target to focus it), then checks that the field holds it:
 * equal to the text after `clear`, containing it otherwise. A contradiction is
 * POST_ACTION_VERIFICATION, never retried here.
 */
export async function typeCommand(session: HandlerSession, a: CommandArgs<'type'>, run: Run): Promise<unknown> {
  let located: Located | undefined;
  let field: OutlineElement | undefined;
  let before: Snapshot;
  if (a.target !== undefined) {
    located = await session.locate(a.target, run);
    before = located.before;
    field = located.element && isTextField(located.element) ? located.element : undefined;
    if (!field && typeof a.target === 'string') {
      throw new SimlabError('INVALID_ARGS', `${a.target} is not a text field`, { details: { element: located.element && identityOf(located.element) } });
    }
  } else {
    before = (await session.observe(run, false, false)).snapshot;
    field = focusedField(before);
  }
  if (a.clear && !field) {
    throw new SimlabError('INVALID_ARGS', 'clear needs a text field: give a target or focus one first');
  }
  if (located) {
    const point = located.point;
    await session.perform(run, tap(point));
    await session.bridge.waitForStill({ quietMs: 100 });
  }
  const existing = a.clear ? (field?.value ?? '').length : 0;
  if (existing > 0) {
    await pressKey(session, run, canonicalKey('End', session.capabilities.keys) ? 'End' : 'ArrowRight', canonicalKey('End', session.capabilities.keys) ? 1 : existing);
    await pressKey(session, run, 'Backspace', existing);
  }
  await run.ledger.send(() => session.bridge.type(a.text));
  const { data, after } = await session.observeAfter(run, before, located);
  const now = (field && session.sameElement(field, after)) ?? focusedField(after);
  if (!now) return { ...data, verified: false };
  const value = now.value ?? '';
  const holds = isMasked(now) ? value.length >= a.text.length : a.clear ? value === a.text : value.includes(a.text);
  if (!holds) {
    throw verificationFailed(`the field does not hold the typed text afterwards`, {
      expected: a.text,
      match: a.clear ? 'equals' : 'contains',
      actual: value,
      field: identityOf(now),
      before: data.before,
      after: after.id,
      diff: data.diff,
    });
  }
  return { ...data, delivery: 'delivered_verified', verified: true, value };
}

/**
 * Flips a switch or checkbox (or sets it to `on`), then checks its checked state afterwards.
 * Already in the wanted state: nothing is sent.
 */
export async function toggleCommand(session: HandlerSession, a: CommandArgs<'toggle'>, run: Run): Promise<unknown> {
  const located = await session.locate(a.target, run);
  const el = located.element;
  if (!el || el.states.checked === undefined) {
    throw new SimlabError('INVALID_ARGS', 'the target has no on/off state to toggle', {
      details: { element: el && identityOf(el) },
      hint: 'toggle a switch or a checkbox; tap anything else',
    });
  }
  const want = a.on ?? !el.states.checked;
  if (el.states.checked === want) {
    return { delivered: false, changed: false, checked: want, snapshot: located.before.id };
  }
  await session.perform(run, tap(located.point));
  const { data, after } = await session.observeAfter(run, located.before, located);
  const now = session.sameElement(el, after);
  if (now?.states.checked !== want) {
    throw verificationFailed(`the toggle is ${now ? (now.states.checked ? 'on' : 'off') : 'gone'} afterwards, not ${want ? 'on' : 'off'}`, {
      expected: want,
      actual: now?.states.checked ?? null,
      element: identityOf(el),
      before: data.before,
      after: after.id,
      diff: data.diff,
    });
  }
  return { ...data, delivery: 'delivered_verified', changed: true, checked: want };
}
