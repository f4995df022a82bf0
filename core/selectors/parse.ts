import { SimlabError } from '../contract/envelope.js';
import type { AttributeTest, Selector } from './selector.js';

const ATTRIBUTES: ReadonlySet<string> = new Set(['label', 'value', 'id', 'text']);

function bad(text: string, position: number, why: string): SimlabError {
  return new SimlabError('INVALID_ARGS', `bad selector ${JSON.stringify(text)} at position ${position}: ${why}`, {
    hint: 'selectors: @7, @7f3a9c:7, #3, #3@2, #login, id="12", text="OK", text~="ok", role=Button, role=Button[label="OK"]',
    details: { selector: text, position },
  });
}

/** A tiny cursor over the selector text, so errors can say where they happened. */
class Cursor {
  pos = 0;
  constructor(readonly text: string) {}
  get done(): boolean {
    return this.pos >= this.text.length;
  }
  peek(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }
  eat(s: string): boolean {
    if (!this.peek(s)) return false;
    this.pos += s.length;
    return true;
  }
  expect(s: string): void {
    if (!this.eat(s)) throw bad(this.text, this.pos, `expected ${JSON.stringify(s)}`);
  }
  match(re: RegExp): string | undefined {
    const m = re.exec(this.text.slice(this.pos));
    if (!m || m.index !== 0) return undefined;
    this.pos += m[0].length;
    return m[0];
  }
  end(): void {
    if (!this.done) throw bad(this.text, this.pos, `unexpected ${JSON.stringify(this.text.slice(this.pos))}`);
  }
  /** A double-quoted string with JSON escapes. */
  quoted(): string {
    const start = this.pos;
    const raw = this.match(/^"(?:[^"\\]|\\.)*"/);
    if (raw === undefined) throw bad(this.text, start, this.done ? 'expected a quoted string' : 'expected a closing quote');
    try {
      return JSON.parse(raw) as string;
    } catch {
      throw bad(this.text, start, 'bad escape in the quoted string');
    }
  }
}

function positiveInt(c: Cursor, what: string): number {
  const at = c.pos;
  const digits = c.match(/^\d+/);
  const n = digits === undefined ? NaN : Number(digits);
  if (!Number.isSafeInteger(n) || n < 1) throw bad(c.text, at, `expected ${what} (a whole number from 1)`);
  return n;
}

function parseRef(c: Cursor): Selector {
  const snapshot = c.match(/^[0-9a-f]+(?=:)/i);
  if (snapshot !== undefined) {
    c.expect(':');
    const index = positiveInt(c, 'an element number');
    c.end();
    return { kind: 'ref', snapshot: snapshot.toLowerCase(), index };
  }
  const index = positiveInt(c, 'an element number');
  c.end();
  return { kind: 'ref', index };
}

function parseHash(c: Cursor): Selector {
  if (/^\d+(@|$)/.test(c.text.slice(c.pos))) {
    const cell = positiveInt(c, 'a cell number');
    const list = c.eat('@') ? positiveInt(c, 'a list number') : 1;
    c.end();
    return { kind: 'cell', cell, list };
  }
  const at = c.pos;
  const id = c.match(/^[^\s"[\]=]+/);
  if (id === undefined) throw bad(c.text, at, 'expected a list cell number or an id');
  c.end();
  return { kind: 'id', id };
}

function parseTest(c: Cursor): AttributeTest {
  const at = c.pos;
  const name = c.match(/^[a-z]+/);
  if (name === undefined || !ATTRIBUTES.has(name)) throw bad(c.text, at, 'expected label, value, id or text');
  const op = c.eat('~=') ? '~=' : c.eat('=') ? '=' : undefined;
  if (!op) throw bad(c.text, c.pos, 'expected = or ~=');
  return { name: name as AttributeTest['name'], op, value: c.quoted() };
}

function parseMatch(c: Cursor): Selector {
  const tests: AttributeTest[] = [];
  let role: string | undefined;
  if (c.eat('role=')) {
    const at = c.pos;
    role = c.match(/^[A-Za-z][\w.]*/);
    if (role === undefined) throw bad(c.text, at, 'expected a role name');
    while (c.eat('[')) {
      tests.push(parseTest(c));
      c.expect(']');
    }
  } else {
    tests.push(parseTest(c));
  }
  c.end();
  return role === undefined ? { kind: 'match', tests } : { kind: 'match', role, tests };
}

/** Parses a selector; bad syntax is INVALID_ARGS with the position where it broke. */
export function parseSelector(text: string): Selector {
  const trimmed = text.trim();
  if (trimmed === '') throw bad(text, 0, 'empty selector');
  const c = new Cursor(trimmed);
  if (c.eat('@')) return parseRef(c);
  if (c.eat('#')) return parseHash(c);
  return parseMatch(c);
}
