import { z } from 'zod';
import { SimlabError } from '../contract/envelope.js';
import { ActionDataSchema } from '../wire/action-data.js';
import { isCommandName, OBSERVE_COMMANDS } from '../wire/commands.js';
import { FLOW_MAX_SCREEN, FLOW_MAX_STEPS, FLOW_VERSION, type Flow, type FlowStep } from './flow-schema.js';
import { expectedChange, screenContent } from './screen-change.js';

/** What the action log keeps of an action that a flow is made from (the REST action JSON has these fields). */
export interface RecordedAction {
  command: string;
  args: unknown;
  envelope: unknown;
  diff: string | null;
  outlineBeforeText: string | null;
  outlineAfterText: string | null;
}

const SucceededAction = z.looseObject({ ok: z.literal(true), data: z.looseObject({ target: ActionDataSchema.shape.target }) });

/** The argument that names where an action starts: `target`, or `from` for a swipe or drag. */
const TARGET_KEYS = ['target', 'from'] as const;

const isRef = (v: unknown): v is string => typeof v === 'string' && v.trim().startsWith('@');

/**
 * One action as a step: its target replaced by the stable selector the worker found for the
 * element it hit (a point tap on a labelled button becomes `text="Save"`), or by the point it
 * hit when nothing named the element alone; the diff it answered becomes what it should change.
 */
function stepOf(action: RecordedAction): FlowStep | undefined {
  if (!isCommandName(action.command) || OBSERVE_COMMANDS.has(action.command)) return undefined;
  const done = SucceededAction.safeParse(action.envelope);
  // A failed action changed nothing anyone can count on: it has no place in a replay.
  if (!done.success) return undefined;
  const args: Record<string, unknown> = typeof action.args === 'object' && action.args !== null ? { ...(action.args as Record<string, unknown>) } : {};
  const notes: string[] = [];
  const target = done.data.data.target;
  const key = TARGET_KEYS.find((k) => k in args);
  if (key !== undefined && target) {
    if (target.stable !== undefined) args[key] = target.stable;
    else if (isRef(args[key])) {
      args[key] = target.tap;
      notes.push(`no selector named ${target.element ?? 'the element'} alone: its point`);
    }
  }
  if (isRef(args.to)) notes.push(`the end ${String(args.to)} was a snapshot ref: replace it with a selector`);
  if (action.command === 'batch' && JSON.stringify(args).includes('"@')) notes.push('the batch names elements by snapshot refs: replace them with selectors');
  const step: FlowStep = { command: action.command, args };
  if (action.diff) step.expect = expectedChange(action.diff);
  if (notes.length > 0) step.note = notes.join('; ');
  return step;
}

/** `App: X  390x844  portrait ...`: the app and the screen size an outline's header names. */
function sourceOf(outline: string | null): NonNullable<Flow['source']> {
  const header = /^App: (.*?) {2}(\d+)x(\d+) {2}/.exec(outline ?? '');
  if (!header) return {};
  const [, app, w, h] = header as unknown as [string, string, string, string];
  return { ...(app === '?' ? {} : { app }), screen: { w: Number(w), h: Number(h) } };
}

/**
 * A session's actions (in log order) as a flow. Observations and failed actions are left out;
 * more steps than a flow may hold is INVALID_ARGS (export a range of the session instead).
 */
export function flowFromActions(actions: RecordedAction[], meta: { session?: string; name?: string } = {}): Flow {
  const kept = actions.map((action) => ({ action, step: stepOf(action) })).filter((x): x is { action: RecordedAction; step: FlowStep } => x.step !== undefined);
  if (kept.length === 0) throw new SimlabError('NOT_FOUND', 'the session has no successful action to make a flow of', { hint: 'a flow replays actions (tap, type, swipe...), not observations' });
  if (kept.length > FLOW_MAX_STEPS) {
    throw new SimlabError('INVALID_ARGS', `the session has ${kept.length} actions; a flow holds at most ${FLOW_MAX_STEPS}`, {
      hint: 'export a part of it with from and to (action positions in the session, from 1)',
      details: { actions: kept.length, max: FLOW_MAX_STEPS },
    });
  }
  const first = kept[0] as { action: RecordedAction };
  const last = kept[kept.length - 1] as { action: RecordedAction };
  const flow: Flow = {
    flow: FLOW_VERSION,
    ...(meta.name === undefined ? {} : { name: meta.name }),
    source: { ...(meta.session === undefined ? {} : { session: meta.session }), ...sourceOf(first.action.outlineBeforeText ?? first.action.outlineAfterText) },
    steps: kept.map((x) => x.step),
  };
  const end = last.action.outlineAfterText === null ? undefined : screenContent(last.action.outlineAfterText);
  if (end !== undefined && end.length <= FLOW_MAX_SCREEN) flow.end = { screen: end };
  return flow;
}
