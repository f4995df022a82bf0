// Runs a parsed command line the way /system/bin/sh would, against the virtual device's
// commands. Every simple command that runs is reported to `host.record`, so a caller can
// check that a command line ran exactly the commands it meant (no injection).
import { parseShell, ShSyntaxError } from './sh-parse.js';
import type { AndOr, Command, CommandList, Pipeline, Redirect, SimpleCommand } from './sh-parse.js';
import { expandWord } from './sh-expand.js';
import type { ExpandContext } from './sh-expand.js';
import { FsError, normalizePath } from './fs.js';
import type { VirtualFs } from './fs.js';

export interface Sink {
  write(data: Buffer | string): Promise<void>;
}

export interface CommandIo {
  stdin: Buffer;
  stdout: Sink;
  stderr: Sink;
  signal: AbortSignal;
  cwd: string;
  /** The environment the command runs with: the shell's variables and its `NAME=value` prefixes. */
  env?: Readonly<Record<string, string>>;
}

export type CommandHandler = (argv: string[], io: CommandIo) => Promise<number>;

export interface ShellHost {
  fs: VirtualFs;
  env: Record<string, string>;
  command(name: string): CommandHandler | undefined;
  record(argv: string[]): void;
}

const SH = '/system/bin/sh';

class ShellExit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

export const discard: Sink = { write: async () => undefined };

export function collector(): Sink & { bytes(): Buffer } {
  const chunks: Buffer[] = [];
  return {
    write: async (d) => {
      chunks.push(typeof d === 'string' ? Buffer.from(d) : Buffer.from(d));
    },
    bytes: () => Buffer.concat(chunks),
  };
}

export class Shell {
  private status = 0;
  private cwd = '/';
  private readonly vars: Record<string, string>;

  constructor(private readonly host: ShellHost) {
    this.vars = { ...host.env };
  }

  /** Runs a whole command line; resolves to its exit status. */
  async run(source: string, io: Omit<CommandIo, 'cwd'>): Promise<number> {
    let program: CommandList;
    try {
      program = parseShell(source);
    } catch (err) {
      if (!(err instanceof ShSyntaxError)) throw err;
      await io.stderr.write(`${SH}: syntax error: ${err.message}\n`);
      return 1;
    }
    try {
      await this.list(program, { ...io, cwd: this.cwd });
    } catch (err) {
      if (err instanceof ShellExit) return err.code;
      throw err;
    }
    return this.status;
  }

  private async list(list: CommandList, io: CommandIo): Promise<void> {
    for (const item of list) {
      if (io.signal.aborted) return;
      await this.andOr(item, io);
    }
  }

  private async andOr(item: AndOr, io: CommandIo): Promise<void> {
    await this.pipeline(item.first, io);
    for (const { op, pipeline } of item.rest) {
      if ((op === '&&') === (this.status === 0)) await this.pipeline(pipeline, io);
    }
  }

  private async pipeline(p: Pipeline, io: CommandIo): Promise<void> {
    let stdin = io.stdin;
    for (const [i, command] of p.commands.entries()) {
      const last = i === p.commands.length - 1;
      const out = last ? io.stdout : collector();
      await this.command(command, { ...io, stdin, stdout: out });
      if (!last) stdin = (out as ReturnType<typeof collector>).bytes();
    }
    if (p.negate) this.status = this.status === 0 ? 1 : 0;
  }

  private async command(command: Command, io: CommandIo): Promise<void> {
    const applied = await this.applyRedirects(command.redirects, io);
    if (!applied) {
      this.status = 1;
      return;
    }
    try {
      if (command.type === 'subshell') await this.list(command.body, applied.io);
      else await this.simple(command, applied.io);
    } finally {
      applied.flush();
    }
  }

  private async simple(command: SimpleCommand, io: CommandIo): Promise<void> {
    const words = [...command.words];
    const assignments: [string, string][] = [];
    while (words.length) {
      const first = words[0]?.parts[0];
      const m = first && first.kind === 'lit' && !first.quoted ? /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(first.text) : null;
      if (!m || !first || first.kind !== 'lit') break;
      const word = words.shift();
      if (!word) break;
      const rest = { parts: [{ ...first, text: first.text.slice(m[0].length) }, ...word.parts.slice(1)] };
      assignments.push([m[1] as string, (await expandWord(rest, this.expandContext(io))).join(' ')]);
    }
    const argv: string[] = [];
    for (const w of words) argv.push(...(await expandWord(w, this.expandContext(io))));
    if (!argv.length) {
      for (const [k, v] of assignments) this.vars[k] = v;
      return;
    }
    this.host.record(argv);
    this.status = await this.execute(argv, { ...io, env: { ...this.vars, ...Object.fromEntries(assignments) } });
  }

  private async execute(argv: string[], io: CommandIo): Promise<number> {
    const [name, ...args] = argv as [string, ...string[]];
    switch (name) {
      case 'exit':
        throw new ShellExit(args[0] === undefined ? this.status : Number(args[0]) & 0xff);
      case 'cd': {
        const target = normalizePath(args[0] ?? this.vars.HOME ?? '/', this.cwd);
        if (this.host.fs.stat(target)?.kind !== 'dir') {
          await io.stderr.write(`${SH}: cd: ${target}: No such file or directory\n`);
          return 1;
        }
        this.cwd = target;
        return 0;
      }
      case 'export':
        for (const a of args) {
          const eq = a.indexOf('=');
          if (eq > 0) this.vars[a.slice(0, eq)] = a.slice(eq + 1);
        }
        return 0;
      case ':':
      case 'true':
        return 0;
      case 'false':
        return 1;
      default: {
        const handler = this.host.command(name.replace(/^\/system\/bin\//, ''));
        if (!handler) {
          await io.stderr.write(`${SH}: ${name}: inaccessible or not found\n`);
          return 127;
        }
        return handler(argv, { ...io, cwd: this.cwd });
      }
    }
  }

  private expandContext(io: CommandIo): ExpandContext {
    return {
      home: this.vars.HOME ?? '/',
      param: (name) => {
        if (name === '?') return String(this.status);
        if (name === '$') return '4242';
        if (name === '#') return '0';
        if (name === '0') return SH;
        return this.vars[name] ?? '';
      },
      subst: async (source) => {
        const out = collector();
        const sub = new Shell(this.host);
        sub.cwd = this.cwd;
        Object.assign(sub.vars, this.vars);
        this.status = await sub.run(source, { ...io, stdout: out });
        return out.bytes().toString('utf8');
      },
      glob: (patterns, absolute) => this.host.fs.glob(patterns, absolute, this.cwd),
    };
  }

  /** The io of a command after its redirections, and a flush that writes redirected files. */
  private async applyRedirects(redirects: Redirect[], io: CommandIo): Promise<{ io: CommandIo; flush(): void } | null> {
    const result: CommandIo = { ...io };
    const files: { path: string; sink: ReturnType<typeof collector>; append: boolean }[] = [];
    for (const r of redirects) {
      const target = (await expandWord(r.target, this.expandContext(io))).join(' ');
      if (r.op === '>&') {
        const from = target === '1' ? result.stdout : target === '2' ? result.stderr : null;
        if (!from) continue;
        if (r.fd === 1) result.stdout = from;
        if (r.fd === 2) result.stderr = from;
        continue;
      }
      if (r.op === '<') {
        try {
          result.stdin = this.host.fs.readFile(normalizePath(target, this.cwd));
        } catch (err) {
          if (!(err instanceof FsError)) throw err;
          await io.stderr.write(`${SH}: can't open ${target}: ${err.message}\n`);
          return null;
        }
        continue;
      }
      let sink: Sink;
      if (target === '/dev/null') sink = discard;
      else if (target === '/dev/tty') sink = io.stdout;
      else {
        const path = normalizePath(target, this.cwd);
        if (this.host.fs.stat(path)?.kind === 'dir' || this.host.fs.stat(path.replace(/\/[^/]*$/, '') || '/')?.kind !== 'dir') {
          await io.stderr.write(`${SH}: can't create ${target}: ${this.host.fs.stat(path) ? 'Is a directory' : 'No such file or directory'}\n`);
          return null;
        }
        const c = collector();
        files.push({ path, sink: c, append: r.op === '>>' });
        sink = c;
      }
      if (r.fd === 1) result.stdout = sink;
      else if (r.fd === 2) result.stderr = sink;
    }
    return {
      io: result,
      flush: () => {
        for (const f of files) this.host.fs.writeFile(f.path, f.sink.bytes(), { append: f.append });
      },
    };
  }
}
