import { parseSelector } from '../selectors/parse.js';
import type { Flow, FlowStep } from './flow-schema.js';

/** A step Maestro has no command for, and why. */
export interface Unmapped {
  step: number;
  command: string;
  why: string;
}

export interface MaestroFlow {
  yaml: string;
  unmapped: Unmapped[];
}

/** A YAML double-quoted scalar (JSON's string syntax is valid YAML). */
const q = (s: string) => JSON.stringify(s);

/** Maestro matches text as a regular expression: our `text="..."` is literal. */
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

class NotMapped extends Error {}

type Point = { x: number; y: number };
const isPoint = (v: unknown): v is Point => typeof v === 'object' && v !== null && typeof (v as Point).x === 'number' && typeof (v as Point).y === 'number';

/** A target as Maestro's element selector, as YAML lines under a command (indented by `pad`). */
function selectorLines(target: unknown, flow: Flow, pad: string): string[] {
  if (isPoint(target)) {
    const screen = flow.source?.screen;
    if (!screen) throw new NotMapped('a point, and the flow does not know the screen size for Maestro\'s percentages');
    const pct = (v: number, of: number) => `${Math.round((v / of) * 100)}%`;
    return [`${pad}point: ${q(`${pct(target.x, screen.w)},${pct(target.y, screen.h)}`)}`];
  }
  if (typeof target !== 'string') throw new NotMapped('no target');
  const s = parseSelector(target);
  if (s.kind === 'id') return [`${pad}id: ${q(s.id)}`];
  if (s.kind === 'match' && s.tests.length === 1) {
    const [t] = s.tests as [(typeof s.tests)[number]];
    if (t.name === 'text' || t.name === 'label') return [`${pad}text: ${q(t.op === '=' ? literal(t.value) : `(?i).*${literal(t.value)}.*`)}`];
    if (t.name === 'id' && t.op === '=') return [`${pad}id: ${q(t.value)}`];
  }
  if (s.kind === 'cell') throw new NotMapped(`${target} is a list cell, which Maestro cannot name`);
  if (s.kind === 'ref') throw new NotMapped(`${target} is a snapshot ref`);
  throw new NotMapped(`Maestro has no selector like ${target}`);
}

function onElement(command: string, target: unknown, flow: Flow): string[] {
  return [`- ${command}:`, ...selectorLines(target, flow, '    ')];
}

const KEYS: Readonly<Record<string, string>> = { enter: 'Enter', return: 'Enter', backspace: 'Backspace', tab: 'Tab', home: 'Home', back: 'Back' };

const direction = (dx: number, dy: number) => (Math.abs(dx) >= Math.abs(dy) ? (dx < 0 ? 'LEFT' : 'RIGHT') : dy < 0 ? 'UP' : 'DOWN');

function swipeLines(a: Record<string, unknown>, flow: Flow): string[] {
  const from = a.from;
  const dx = typeof a.dx === 'number' ? a.dx : 0;
  const dy = typeof a.dy === 'number' ? a.dy : 0;
  const to = isPoint(a.to) ? a.to : isPoint(from) && a.to === undefined ? { x: from.x + dx, y: from.y + dy } : undefined;
  if (isPoint(from) && to) {
    const [start] = selectorLines(from, flow, '');
    const [end] = selectorLines(to, flow, '');
    return ['- swipe:', `    start: ${(start as string).slice('point: '.length)}`, `    end: ${(end as string).slice('point: '.length)}`];
  }
  if (a.to === undefined && (dx !== 0 || dy !== 0)) return ['- swipe:', '    from:', ...selectorLines(from, flow, '      '), `    direction: ${direction(dx, dy)}`];
  throw new NotMapped('a swipe between two elements');
}

function stepLines(step: FlowStep, flow: Flow): string[] {
  const a = step.args;
  switch (step.command) {
    case 'tap':
      return onElement('tapOn', a.target, flow);
    case 'toggle':
      // Maestro taps; it cannot ask for a state, so a switch already in place is flipped.
      if (a.on !== undefined) throw new NotMapped('a toggle to a given state (Maestro can only tap it)');
      return onElement('tapOn', a.target, flow);
    case 'double-tap':
      return onElement('doubleTapOn', a.target, flow);
    case 'long-press':
      return onElement('longPressOn', a.target, flow);
    case 'type': {
      if (typeof a.text !== 'string') throw new NotMapped('no text');
      return [...(a.target === undefined ? [] : onElement('tapOn', a.target, flow)), ...(a.clear === true ? ['- eraseText'] : []), `- inputText: ${q(a.text)}`];
    }
    case 'key': {
      const key = KEYS[String(a.key).toLowerCase()];
      if (!key) throw new NotMapped(`Maestro has no key ${String(a.key)}`);
      return [`- pressKey: ${key}`];
    }
    case 'button':
      return a.button === 'back' ? ['- back'] : ['- pressKey: Home'];
    case 'fling':
      return ['- swipe:', `    direction: ${String(a.direction).toUpperCase()}`];
    case 'swipe':
      return swipeLines(a, flow);
    case 'web.open':
      return [`- openLink: ${q(String(a.url))}`];
    case 'scroll-by':
      throw new NotMapped('Maestro scrolls by its own distance, not by points');
    default:
      throw new NotMapped(`Maestro has no ${step.command}`);
  }
}

/**
 * The flow as a Maestro flow: each step that has a Maestro command becomes it; the others are
 * left as comments and listed in `unmapped`, so nobody mistakes the file for the whole flow.
 */
export function maestroYaml(flow: Flow): MaestroFlow {
  const app = flow.source?.app;
  const lines: string[] = [`# ${flow.name ?? 'simlab flow'}${flow.source?.session ? ` (session ${flow.source.session})` : ''}, exported by simlab`];
  if (app !== undefined && /^https?:\/\//.test(app)) lines.push(`url: ${q(app)}`);
  else lines.push(`appId: ${q(app ?? '')}`);
  lines.push('---');
  const unmapped: Unmapped[] = [];
  flow.steps.forEach((step, i) => {
    try {
      lines.push(...stepLines(step, flow));
    } catch (err) {
      if (!(err instanceof NotMapped) && !(err instanceof Error && err.name === 'SimlabError')) throw err;
      unmapped.push({ step: i + 1, command: step.command, why: err.message });
      lines.push(`# step ${i + 1} (${step.command}) not mapped: ${err.message.replace(/\n/g, ' ')}`);
    }
  });
  return { yaml: `${lines.join('\n')}\n`, unmapped };
}
