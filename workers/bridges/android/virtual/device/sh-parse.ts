// POSIX sh parsing as the device's /system/bin/sh (mksh) does it for the command lines that
// adbd hands it: quotes, backslashes, $NAME / ${NAME} / $? expansions, $(...) and `...`
// substitutions, operators ; & | && || ( ), redirections and comments. The virtual device runs
// what a real shell would run, so an injection through an unescaped argument is visible.

export type WordPart =
  | { kind: 'lit'; text: string; quoted: boolean }
  | { kind: 'param'; name: string; quoted: boolean }
  | { kind: 'subst'; source: string; quoted: boolean };

export interface Word {
  parts: WordPart[];
}

export interface Redirect {
  fd: number;
  op: '>' | '>>' | '<' | '>&';
  target: Word;
}

export interface SimpleCommand {
  type: 'simple';
  words: Word[];
  redirects: Redirect[];
}

export interface Subshell {
  type: 'subshell';
  body: CommandList;
  redirects: Redirect[];
}

export type Command = SimpleCommand | Subshell;

export interface Pipeline {
  negate: boolean;
  commands: Command[];
}

export interface AndOr {
  first: Pipeline;
  rest: { op: '&&' | '||'; pipeline: Pipeline }[];
  background: boolean;
}

export type CommandList = AndOr[];

export class ShSyntaxError extends Error {}

type Token =
  | { t: 'word'; word: Word }
  | { t: 'op'; op: string }
  | { t: 'redir'; fd: number; op: Redirect['op'] };

const OPERATOR_CHARS = new Set([';', '&', '|', '(', ')', '<', '>', '\n']);
const SPECIAL_PARAMS = new Set(['?', '$', '#', '!', '@', '*', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);

class Lexer {
  private i = 0;
  constructor(private readonly src: string) {}

  tokens(): Token[] {
    const out: Token[] = [];
    for (;;) {
      this.skipBlanks();
      if (this.i >= this.src.length) return out;
      const c = this.src[this.i] as string;
      if (c === '#') {
        while (this.i < this.src.length && this.src[this.i] !== '\n') this.i++;
        continue;
      }
      const redirect = this.redirect();
      if (redirect) {
        out.push(redirect);
        continue;
      }
      if (OPERATOR_CHARS.has(c)) {
        const two = this.src.slice(this.i, this.i + 2);
        if (two === '&&' || two === '||' || two === ';;') {
          out.push({ t: 'op', op: two });
          this.i += 2;
        } else {
          out.push({ t: 'op', op: c });
          this.i++;
        }
        continue;
      }
      out.push({ t: 'word', word: this.word() });
    }
  }

  private skipBlanks(): void {
    for (;;) {
      const c = this.src[this.i];
      if (c === ' ' || c === '\t') this.i++;
      else if (c === '\\' && this.src[this.i + 1] === '\n') this.i += 2;
      else return;
    }
  }

  private redirect(): Token | null {
    const m = /^(\d?)(>>|>&|>|<)/.exec(this.src.slice(this.i, this.i + 3));
    if (!m) return null;
    const [all, digit, op] = m as unknown as [string, string, Redirect['op']];
    this.i += all.length;
    return { t: 'redir', fd: digit ? Number(digit) : op === '<' ? 0 : 1, op };
  }

  private word(): Word {
    const parts: WordPart[] = [];
    const lit = (text: string, quoted: boolean) => {
      const last = parts[parts.length - 1];
      if (last && last.kind === 'lit' && last.quoted === quoted) last.text += text;
      else parts.push({ kind: 'lit', text, quoted });
    };
    while (this.i < this.src.length) {
      const c = this.src[this.i] as string;
      if (c === ' ' || c === '\t' || OPERATOR_CHARS.has(c)) break;
      if (c === '\\') {
        const next = this.src[this.i + 1];
        this.i += 2;
        if (next === undefined) lit('\\', false);
        else if (next !== '\n') lit(next, true);
      } else if (c === "'") {
        const end = this.src.indexOf("'", this.i + 1);
        if (end < 0) throw new ShSyntaxError("unterminated quoted string");
        lit(this.src.slice(this.i + 1, end), true);
        this.i = end + 1;
      } else if (c === '"') {
        this.i++;
        this.doubleQuoted(parts, lit);
      } else if (c === '$' && this.src[this.i + 1] === "'") {
        lit(this.ansiC(), true);
      } else if (c === '$') {
        this.dollar(parts, lit, false);
      } else if (c === '`') {
        parts.push({ kind: 'subst', source: this.backtick(), quoted: false });
      } else {
        lit(c, false);
        this.i++;
      }
    }
    return { parts };
  }

  /** mksh's `$'...'`: single quotes with C backslash escapes; `this.i` is at the `$`. */
  private ansiC(): string {
    const simple: Record<string, string> = { a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', "'": "'", '"': '"', '?': '?' };
    let out = '';
    this.i += 2;
    for (;;) {
      const c = this.src[this.i];
      if (c === undefined) throw new ShSyntaxError('unterminated quoted string');
      this.i++;
      if (c === "'") return out;
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = this.src[this.i] ?? '';
      const rest = this.src.slice(this.i + 1);
      let m: RegExpExecArray | null;
      if (e in simple) {
        out += simple[e];
        this.i++;
      } else if ((m = /^[0-7]{0,2}/.exec(rest)) && /[0-7]/.test(e)) {
        out += String.fromCharCode(parseInt(e + m[0], 8) & 0xff);
        this.i += 1 + m[0].length;
      } else if (e === 'x' && (m = /^[0-9a-fA-F]{1,2}/.exec(rest))) {
        out += String.fromCharCode(parseInt(m[0], 16));
        this.i += 1 + m[0].length;
      } else if ((e === 'u' || e === 'U') && (m = (e === 'u' ? /^[0-9a-fA-F]{1,4}/ : /^[0-9a-fA-F]{1,8}/).exec(rest))) {
        out += String.fromCodePoint(parseInt(m[0], 16));
        this.i += 1 + m[0].length;
      } else if (e === 'c' && rest[0] !== undefined) {
        out += String.fromCharCode(rest.charCodeAt(0) & 0x1f);
        this.i += 2;
      } else {
        out += `\\${e}`;
        this.i++;
      }
    }
  }

  private doubleQuoted(parts: WordPart[], lit: (t: string, q: boolean) => void): void {
    for (;;) {
      if (this.i >= this.src.length) throw new ShSyntaxError('unterminated quoted string');
      const c = this.src[this.i] as string;
      if (c === '"') {
        this.i++;
        lit('', true);
        return;
      }
      if (c === '\\') {
        const next = this.src[this.i + 1];
        if (next === '$' || next === '`' || next === '"' || next === '\\') {
          lit(next, true);
          this.i += 2;
        } else if (next === '\n') {
          this.i += 2;
        } else {
          lit('\\', true);
          this.i++;
        }
      } else if (c === '$') {
        this.dollar(parts, lit, true);
      } else if (c === '`') {
        parts.push({ kind: 'subst', source: this.backtick(), quoted: true });
      } else {
        lit(c, true);
        this.i++;
      }
    }
  }

  private dollar(parts: WordPart[], lit: (t: string, q: boolean) => void, quoted: boolean): void {
    const next = this.src[this.i + 1];
    if (next === '(') {
      this.i += 2;
      parts.push({ kind: 'subst', source: this.untilClosingParen(), quoted });
    } else if (next === '{') {
      const end = this.src.indexOf('}', this.i + 2);
      if (end < 0) throw new ShSyntaxError('missing }');
      parts.push({ kind: 'param', name: this.src.slice(this.i + 2, end), quoted });
      this.i = end + 1;
    } else if (next !== undefined && SPECIAL_PARAMS.has(next)) {
      parts.push({ kind: 'param', name: next, quoted });
      this.i += 2;
    } else {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.src.slice(this.i + 1));
      if (m) {
        parts.push({ kind: 'param', name: m[0], quoted });
        this.i += 1 + m[0].length;
      } else {
        lit('$', quoted);
        this.i++;
      }
    }
  }

  /** The source of `$( ... )`, nesting and quotes respected; `this.i` is just after `$(`. */
  private untilClosingParen(): string {
    const start = this.i;
    let depth = 1;
    while (this.i < this.src.length) {
      const c = this.src[this.i] as string;
      if (c === '\\') this.i += 2;
      else if (c === "'") {
        const end = this.src.indexOf("'", this.i + 1);
        if (end < 0) break;
        this.i = end + 1;
      } else if (c === '"') {
        this.i++;
        while (this.i < this.src.length && this.src[this.i] !== '"') this.i += this.src[this.i] === '\\' ? 2 : 1;
        this.i++;
      } else {
        if (c === '(') depth++;
        if (c === ')' && --depth === 0) {
          this.i++;
          return this.src.slice(start, this.i - 1);
        }
        this.i++;
      }
    }
    throw new ShSyntaxError("missing ')'");
  }

  private backtick(): string {
    let out = '';
    this.i++;
    while (this.i < this.src.length) {
      const c = this.src[this.i] as string;
      if (c === '`') {
        this.i++;
        return out;
      }
      if (c === '\\' && '$`\\'.includes(this.src[this.i + 1] ?? '')) {
        out += this.src[this.i + 1];
        this.i += 2;
      } else {
        out += c;
        this.i++;
      }
    }
    throw new ShSyntaxError('unterminated `');
  }
}

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  parseProgram(): CommandList {
    const list = this.list();
    if (this.i < this.tokens.length) throw new ShSyntaxError(`unexpected '${describe(this.tokens[this.i])}'`);
    return list;
  }

  private peekOp(): string | null {
    const t = this.tokens[this.i];
    return t && t.t === 'op' ? t.op : null;
  }

  private list(stopAtParen = false): CommandList {
    const out: CommandList = [];
    for (;;) {
      while (this.peekOp() === '\n' || this.peekOp() === ';') this.i++;
      const t = this.tokens[this.i];
      if (!t || (stopAtParen && t.t === 'op' && t.op === ')')) return out;
      const andOr = this.andOr();
      const op = this.peekOp();
      if (op === '&') {
        andOr.background = true;
        this.i++;
      } else if (op === ';' || op === '\n') this.i++;
      else if (op !== null && !(stopAtParen && op === ')')) throw new ShSyntaxError(`unexpected '${op}'`);
      out.push(andOr);
    }
  }

  private andOr(): AndOr {
    const first = this.pipeline();
    const rest: AndOr['rest'] = [];
    for (;;) {
      const op = this.peekOp();
      if (op !== '&&' && op !== '||') return { first, rest, background: false };
      this.i++;
      while (this.peekOp() === '\n') this.i++;
      rest.push({ op, pipeline: this.pipeline() });
    }
  }

  private pipeline(): Pipeline {
    let negate = false;
    const t = this.tokens[this.i];
    if (t && t.t === 'word' && isLiteral(t.word, '!')) {
      negate = true;
      this.i++;
    }
    const commands = [this.command()];
    while (this.peekOp() === '|') {
      this.i++;
      while (this.peekOp() === '\n') this.i++;
      commands.push(this.command());
    }
    return { negate, commands };
  }

  private command(): Command {
    if (this.peekOp() === '(') {
      this.i++;
      const body = this.list(true);
      if (this.peekOp() !== ')') throw new ShSyntaxError("missing ')'");
      this.i++;
      return { type: 'subshell', body, redirects: this.redirects() };
    }
    const words: Word[] = [];
    const redirects: Redirect[] = [];
    for (;;) {
      const t = this.tokens[this.i];
      if (!t || t.t === 'op') break;
      this.i++;
      if (t.t === 'word') words.push(t.word);
      else redirects.push(this.redirectTarget(t));
    }
    if (words.length === 0 && redirects.length === 0) {
      const t = this.tokens[this.i];
      throw new ShSyntaxError(`unexpected '${t ? describe(t) : 'end of input'}'`);
    }
    return { type: 'simple', words, redirects };
  }

  private redirects(): Redirect[] {
    const out: Redirect[] = [];
    for (let t = this.tokens[this.i]; t && t.t === 'redir'; t = this.tokens[this.i]) {
      this.i++;
      out.push(this.redirectTarget(t));
    }
    return out;
  }

  private redirectTarget(t: Extract<Token, { t: 'redir' }>): Redirect {
    const target = this.tokens[this.i];
    if (!target || target.t !== 'word') throw new ShSyntaxError('missing redirection target');
    this.i++;
    return { fd: t.fd, op: t.op, target: target.word };
  }
}

function isLiteral(word: Word, text: string): boolean {
  const p = word.parts[0];
  return word.parts.length === 1 && p?.kind === 'lit' && !p.quoted && p.text === text;
}

function describe(t: Token | undefined): string {
  if (!t) return 'end of input';
  if (t.t === 'op') return t.op === '\n' ? 'newline' : t.op;
  if (t.t === 'redir') return t.op;
  return 'word';
}

export function parseShell(source: string): CommandList {
  return new Parser(new Lexer(source).tokens()).parseProgram();
}
