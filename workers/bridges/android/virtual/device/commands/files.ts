// File and basic shell tools (toybox and mksh builtins) over the device's in-memory file system.
import { setTimeout as sleep } from 'node:timers/promises';
import { FsError, normalizePath } from '../fs.js';
import type { FsEntry, VirtualFs } from '../fs.js';
import type { CommandHandler, CommandIo } from '../sh-run.js';
import type { DeviceParts } from '../device-parts.js';

/** Splits `-abc` style flags from operands (toybox style; `--` ends flags). */
export function splitFlags(args: string[]): { flags: Set<string>; operands: string[] } {
  const flags = new Set<string>();
  const operands: string[] = [];
  let done = false;
  for (const a of args) {
    if (!done && a === '--') done = true;
    else if (!done && /^-[A-Za-z0-9]+$/.test(a)) for (const c of a.slice(1)) flags.add(c);
    else operands.push(a);
  }
  return { flags, operands };
}

/** mksh's echo: -n, -e/-E and backslash sequences (on by default). */
function echoText(args: string[]): string {
  let newline = true;
  let escapes = true;
  while (args[0] && /^-[neE]+$/.test(args[0])) {
    const f = args.shift() as string;
    if (f.includes('n')) newline = false;
    if (f.includes('E')) escapes = false;
    if (f.includes('e')) escapes = true;
  }
  let text = args.join(' ');
  if (escapes) {
    let stop = false;
    text = text.replace(/\\(0[0-7]{0,3}|[abcfnrtv\\])/g, (_m, e: string) => {
      if (e === 'c') {
        stop = true;
        return '\u0000';
      }
      if (e.startsWith('0')) return String.fromCharCode(parseInt(e, 8) || 0);
      return ({ a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' } as Record<string, string>)[e] as string;
    });
    if (stop) {
      text = text.slice(0, text.indexOf('\u0000'));
      newline = false;
    }
  }
  return newline ? `${text}\n` : text;
}

function modeString(e: FsEntry): string {
  const bits = 'rwxrwxrwx';
  let out = e.kind === 'dir' ? 'd' : '-';
  for (let i = 0; i < 9; i++) out += e.mode & (1 << (8 - i)) ? bits[i] : '-';
  return out;
}

function lsLong(name: string, e: FsEntry): string {
  const date = new Date(e.mtime * 1000).toISOString().replace('T', ' ').slice(0, 16);
  return `${modeString(e)} 1 shell shell ${String(e.kind === 'dir' ? 4096 : e.data.length).padStart(8)} ${date} ${name}`;
}

async function headTail(fs: VirtualFs, argv: string[], io: CommandIo, tool: 'head' | 'tail'): Promise<number> {
  const args = argv.slice(1);
  let bytes: number | null = null;
  let lines = 10;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '-c' || a === '-n') {
      const v = Number(args[++i]);
      if (a === '-c') bytes = v;
      else lines = v;
    } else if (/^-\d+$/.test(a)) lines = Number(a.slice(1));
    else files.push(a);
  }
  let data = io.stdin;
  if (files[0]) {
    const e = fs.stat(normalizePath(files[0], io.cwd));
    if (!e || e.kind !== 'file') {
      await io.stderr.write(`${tool}: ${files[0]}: No such file or directory\n`);
      return 1;
    }
    data = e.data;
  }
  if (bytes !== null) {
    await io.stdout.write(tool === 'head' ? data.subarray(0, bytes) : data.subarray(Math.max(0, data.length - bytes)));
    return 0;
  }
  const all = data.toString('utf8').split('\n');
  const trailing = all[all.length - 1] === '';
  if (trailing) all.pop();
  const picked = tool === 'head' ? all.slice(0, lines) : all.slice(Math.max(0, all.length - lines));
  if (picked.length) await io.stdout.write(`${picked.join('\n')}${trailing || picked.length < all.length ? '\n' : ''}`);
  return 0;
}

export function fileCommands(device: DeviceParts): Record<string, CommandHandler> {
  const fs = device.fs;
  const fail = async (io: { stderr: { write(d: string): Promise<void> } }, tool: string, path: string, err: unknown) => {
    if (!(err instanceof FsError)) throw err;
    await io.stderr.write(`${tool}: ${path}: ${err.message}\n`);
  };
  return {
    echo: async (argv, io) => {
      await io.stdout.write(echoText(argv.slice(1)));
      return 0;
    },
    pwd: async (_argv, io) => {
      await io.stdout.write(`${io.cwd}\n`);
      return 0;
    },
    id: async (_argv, io) => {
      await io.stdout.write('uid=2000(shell) gid=2000(shell) groups=2000(shell),1004(input),1007(log),1011(adb),1015(sdcard_rw),1028(sdcard_r),3003(inet) context=u:r:shell:s0\n');
      return 0;
    },
    whoami: async (_argv, io) => {
      await io.stdout.write('shell\n');
      return 0;
    },
    sleep: async (argv, io) => {
      const seconds = Number(argv[1]);
      if (!Number.isFinite(seconds) || seconds < 0) {
        await io.stderr.write(`sleep: invalid number '${argv[1] ?? ''}'\n`);
        return 1;
      }
      try {
        await sleep(seconds * 1000, undefined, { signal: io.signal });
      } catch {
        return 130;
      }
      return 0;
    },
    cat: async (argv, io) => {
      const files = argv.slice(1).filter((a) => a !== '-');
      if (!files.length) {
        await io.stdout.write(io.stdin);
        return 0;
      }
      let status = 0;
      for (const f of files) {
        try {
          await io.stdout.write(fs.readFile(normalizePath(f, io.cwd)));
        } catch (err) {
          await fail(io, 'cat', f, err);
          status = 1;
        }
      }
      return status;
    },
    ls: async (argv, io) => {
      const { flags, operands } = splitFlags(argv.slice(1));
      const targets = operands.length ? operands : ['.'];
      let status = 0;
      for (const t of targets) {
        const path = normalizePath(t, io.cwd);
        const entry = fs.stat(path);
        if (!entry) {
          await io.stderr.write(`ls: ${t}: No such file or directory\n`);
          status = 1;
          continue;
        }
        const names = entry.kind === 'dir' && !flags.has('d') ? fs.list(path).filter((n) => flags.has('a') || !n.startsWith('.')) : [t];
        if (targets.length > 1 && entry.kind === 'dir') await io.stdout.write(`${t}:\n`);
        const lines = names.map((n) => {
          const e = entry.kind === 'dir' && !flags.has('d') ? (fs.stat(`${path}/${n}`) as FsEntry) : entry;
          return flags.has('l') ? lsLong(n, e) : n;
        });
        if (flags.has('l') && entry.kind === 'dir') lines.unshift(`total ${names.length}`);
        if (lines.length) await io.stdout.write(`${lines.join('\n')}\n`);
      }
      return status;
    },
    mkdir: async (argv, io) => {
      const { flags, operands } = splitFlags(argv.slice(1));
      let status = 0;
      for (const d of operands) {
        try {
          fs.mkdir(normalizePath(d, io.cwd), { parents: flags.has('p') });
        } catch (err) {
          await fail(io, 'mkdir', d, err);
          status = 1;
        }
      }
      return status;
    },
    rm: async (argv, io) => {
      const { flags, operands } = splitFlags(argv.slice(1));
      let status = 0;
      for (const f of operands) {
        try {
          fs.remove(normalizePath(f, io.cwd), { recursive: flags.has('r') || flags.has('R') });
        } catch (err) {
          if (flags.has('f') && err instanceof FsError && err.code === 'ENOENT') continue;
          await fail(io, 'rm', f, err);
          status = 1;
        }
      }
      return status;
    },
    rmdir: async (argv, io) => {
      let status = 0;
      for (const d of argv.slice(1)) {
        try {
          fs.remove(normalizePath(d, io.cwd), { dirs: true });
        } catch (err) {
          await fail(io, 'rmdir', d, err);
          status = 1;
        }
      }
      return status;
    },
    grep: async (argv, io) => {
      const { flags, operands } = splitFlags(argv.slice(1));
      const [pattern, ...files] = operands;
      if (pattern === undefined) {
        await io.stderr.write('usage: grep [-EFciov] PATTERN [FILE...]\n');
        return 2;
      }
      const source = flags.has('F') ? pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : flags.has('E') ? pattern : pattern.replace(/\\([|(){}+?])/g, '$1');
      const re = new RegExp(source, flags.has('i') ? 'i' : '');
      let input: string;
      try {
        input = files.length ? files.map((f) => fs.readFile(normalizePath(f, io.cwd)).toString('utf8')).join('') : io.stdin.toString('utf8');
      } catch (err) {
        await fail(io, 'grep', files.join(' '), err);
        return 2;
      }
      const lines = input.split('\n');
      if (lines[lines.length - 1] === '') lines.pop();
      const hits = lines.filter((l) => re.test(l) !== flags.has('v'));
      if (flags.has('c')) await io.stdout.write(`${hits.length}\n`);
      else if (flags.has('o')) {
        const global = new RegExp(re.source, `${re.flags}g`);
        const parts = hits.flatMap((l) => l.match(global) ?? []);
        if (parts.length) await io.stdout.write(`${parts.join('\n')}\n`);
      } else if (hits.length) await io.stdout.write(`${hits.join('\n')}\n`);
      return hits.length ? 0 : 1;
    },
    head: async (argv, io) => headTail(fs, argv, io, 'head'),
    tail: async (argv, io) => headTail(fs, argv, io, 'tail'),
    wc: async (argv, io) => {
      const { flags, operands } = splitFlags(argv.slice(1));
      let data: Buffer;
      try {
        data = operands.length ? fs.readFile(normalizePath(operands[0] as string, io.cwd)) : io.stdin;
      } catch (err) {
        await fail(io, 'wc', operands[0] as string, err);
        return 1;
      }
      const counts: number[] = [];
      const all = !flags.size;
      if (all || flags.has('l')) counts.push(data.toString('utf8').split('\n').length - 1);
      if (all || flags.has('w')) counts.push(data.toString('utf8').split(/\s+/).filter(Boolean).length);
      if (all || flags.has('c')) counts.push(data.length);
      await io.stdout.write(`${counts.join(' ')}${operands[0] ? ` ${operands[0]}` : ''}\n`);
      return 0;
    },
    touch: async (argv, io) => {
      let status = 0;
      for (const f of argv.slice(1).filter((a) => !a.startsWith('-'))) {
        const path = normalizePath(f, io.cwd);
        try {
          const existing = fs.stat(path);
          fs.writeFile(path, existing?.kind === 'file' ? existing.data : Buffer.alloc(0));
        } catch (err) {
          await fail(io, 'touch', f, err);
          status = 1;
        }
      }
      return status;
    },
  };
}
