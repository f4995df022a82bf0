import type { ActionEntry } from '../../core/wire/ui-protocol.js';

type Args = Record<string, unknown>;
interface Landed {
  selector?: string;
  tap?: { x: number; y: number };
  element?: string;
}

const short = (text: string, max = 32) => JSON.stringify(text.length > max ? `${text.slice(0, max - 1)}…` : text);
const round = (n: number) => Math.round(n);

/** A target as written in the arguments: a selector, or a point. */
function targetText(target: unknown): string {
  if (typeof target === 'string') return target;
  if (target && typeof target === 'object' && 'x' in target && 'y' in target) {
    const p = target as { x: number; y: number };
    return `${round(p.x)},${round(p.y)}`;
  }
  return '';
}

/** What an action hit, once it settled: the element there (`Tab "Settings"`), else the selector or point asked for. */
function hit(action: ActionEntry, asked: unknown): string {
  const env = action.envelope as { ok?: boolean; data?: { target?: Landed } } | null;
  const landed = env?.ok ? env.data?.target : undefined;
  return landed?.element ?? landed?.selector ?? targetText(asked);
}

function performText(args: Args): string {
  const fingers = Array.isArray(args.fingers) ? (args.fingers as Array<{ points?: Array<{ t: number }> }>) : [];
  const ms = Math.max(0, ...fingers.map((f) => f.points?.at(-1)?.t ?? 0));
  return `${fingers.length} finger${fingers.length === 1 ? '' : 's'}, ${(ms / 1000).toFixed(1)} s`;
}

/** One action in a few words, as the compact log shows it: `tap Tab "Settings"`, `type "ramen"`, `scroll-by 0,365 at feed`. */
export function actionSummary(action: ActionEntry): string {
  const a = (action.args ?? {}) as Args;
  const c = action.command;
  const words: string[] = [c];
  switch (c) {
    case 'type':
      words.push(short(String(a.text ?? '')));
      if (a.target !== undefined) words.push('into', hit(action, a.target));
      break;
    case 'key':
      words.push(String(a.key ?? ''));
      break;
    case 'button':
      words.push(String(a.button ?? ''));
      break;
    case 'scroll-by':
      words.push(`${round(Number(a.dx ?? 0))},${round(Number(a.dy ?? 0))}`);
      if (a.target !== undefined) words.push('at', hit(action, a.target));
      break;
    case 'fling':
      words.push(String(a.direction ?? ''));
      break;
    case 'swipe':
    case 'drag':
      words.push(hit(action, a.from), '→', a.to !== undefined ? targetText(a.to) : `${round(Number(a.dx ?? 0))},${round(Number(a.dy ?? 0))}`);
      break;
    case 'pinch':
      words.push(`×${Number(a.scale ?? 1)}`);
      break;
    case 'rotate':
      words.push(`${Number(a.degrees ?? 0)}°`);
      break;
    case 'perform':
      words.push(performText(a));
      break;
    case 'web.open':
      words.push(String(a.url ?? ''));
      break;
    case 'web.orientation':
      words.push(String(a.orientation ?? ''));
      break;
    default:
      if (a.target !== undefined) words.push(hit(action, a.target));
  }
  return words.filter((w) => w !== '').join(' ');
}
