// Word expansion in the order mksh applies it: brace expansion, tilde, parameters and command
// substitutions, field splitting of unquoted results, pathname (glob) expansion, quote removal.
import type { Word } from './sh-parse.js';

/** One character of a word with where it came from: quoted, or produced by an expansion. */
interface Ch {
  c: string;
  quoted: boolean;
  expanded: boolean;
}

interface Field {
  chars: Ch[];
  /** A field with a quoted part survives even when empty (`""`). */
  keep: boolean;
}

export interface ExpandContext {
  param(name: string): string;
  subst(source: string): Promise<string>;
  /** Paths matching a glob, sorted; empty when nothing matches. */
  glob(pattern: RegExp[], absolute: boolean): string[];
  home: string;
}

const IFS = /[ \t\n]+/;

export async function expandWord(word: Word, ctx: ExpandContext): Promise<string[]> {
  const fields: Field[] = [{ chars: [], keep: false }];
  const current = () => fields[fields.length - 1] as Field;
  for (const [index, part] of word.parts.entries()) {
    if (part.kind === 'lit') {
      let text = part.text;
      if (index === 0 && !part.quoted && (text === '~' || text.startsWith('~/'))) {
        for (const c of ctx.home) current().chars.push({ c, quoted: true, expanded: false });
        text = text.slice(1);
      }
      for (const c of text) current().chars.push({ c, quoted: part.quoted, expanded: false });
      if (part.quoted) current().keep = true;
      continue;
    }
    const value = part.kind === 'param' ? ctx.param(part.name) : (await ctx.subst(part.source)).replace(/\n+$/, '');
    if (part.quoted) {
      for (const c of value) current().chars.push({ c, quoted: true, expanded: true });
      current().keep = true;
      continue;
    }
    const pieces = value.split(IFS);
    pieces.forEach((piece, i) => {
      if (i > 0 && (current().chars.length || current().keep)) fields.push({ chars: [], keep: false });
      for (const c of piece) current().chars.push({ c, quoted: false, expanded: true });
    });
  }
  const out: string[] = [];
  for (const field of fields) {
    if (!field.chars.length && !field.keep) continue;
    for (const braced of braceExpand(field.chars)) out.push(...globExpand(braced, ctx));
  }
  return out;
}

/** `{a,b}` with unquoted, unexpanded braces and commas, nested and repeated, as mksh does. */
function braceExpand(chars: Ch[]): Ch[][] {
  const plain = (ch: Ch | undefined, c: string) => ch !== undefined && ch.c === c && !ch.quoted && !ch.expanded;
  for (let open = 0; open < chars.length; open++) {
    if (!plain(chars[open], '{')) continue;
    let depth = 0;
    const commas: number[] = [];
    for (let j = open + 1; j < chars.length; j++) {
      if (plain(chars[j], '{')) depth++;
      else if (plain(chars[j], '}')) {
        if (depth === 0) {
          if (!commas.length) break;
          const prefix = chars.slice(0, open);
          const suffix = chars.slice(j + 1);
          const bounds = [open, ...commas, j];
          const result: Ch[][] = [];
          for (let k = 0; k + 1 < bounds.length; k++) {
            const alt = chars.slice((bounds[k] as number) + 1, bounds[k + 1]);
            result.push(...braceExpand([...prefix, ...alt, ...suffix]));
          }
          return result;
        }
        depth--;
      } else if (depth === 0 && plain(chars[j], ',')) commas.push(j);
    }
  }
  return [chars];
}

function globExpand(chars: Ch[], ctx: ExpandContext): string[] {
  const literal = chars.map((ch) => ch.c).join('');
  const isGlob = (ch: Ch) => !ch.quoted && (ch.c === '*' || ch.c === '?' || ch.c === '[');
  if (!chars.some(isGlob)) return [literal];
  const segments: Ch[][] = [[]];
  for (const ch of chars) {
    if (ch.c === '/') segments.push([]);
    else (segments[segments.length - 1] as Ch[]).push(ch);
  }
  const absolute = literal.startsWith('/');
  if (absolute) segments.shift();
  const patterns = segments.map(segmentRegExp);
  const matches = ctx.glob(patterns, absolute);
  return matches.length ? matches : [literal];
}

function segmentRegExp(seg: Ch[]): RegExp {
  let src = '';
  for (let i = 0; i < seg.length; i++) {
    const ch = seg[i] as Ch;
    if (!ch.quoted && ch.c === '*') src += '[^/]*';
    else if (!ch.quoted && ch.c === '?') src += '[^/]';
    else if (!ch.quoted && ch.c === '[') {
      const end = seg.findIndex((x, k) => k > i + 1 && x.c === ']' && !x.quoted);
      if (end < 0) src += '\\[';
      else {
        const body = seg.slice(i + 1, end).map((x) => x.c).join('');
        src += `[${body.replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else src += ch.c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  // Like sh, a leading dot is matched only by a literal dot.
  const hidden = seg[0]?.c === '.' ? '' : '(?!\\.)';
  return new RegExp(`^${hidden}${src}$`);
}
