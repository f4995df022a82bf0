// The device's file system, in memory: enough of Android's layout for shell tools and sync.

export const S_IFDIR = 0o040000;
export const S_IFREG = 0o100000;

export interface FsEntry {
  kind: 'file' | 'dir';
  data: Buffer;
  /** Full st_mode, type bits included. */
  mode: number;
  /** Seconds since the epoch. */
  mtime: number;
}

export class FsError extends Error {
  constructor(
    readonly code: 'ENOENT' | 'EISDIR' | 'ENOTDIR' | 'EEXIST' | 'ENOTEMPTY',
    readonly path: string,
  ) {
    super(FS_MESSAGES[code]);
  }
}

const FS_MESSAGES = {
  ENOENT: 'No such file or directory',
  EISDIR: 'Is a directory',
  ENOTDIR: 'Not a directory',
  EEXIST: 'File exists',
  ENOTEMPTY: 'Directory not empty',
} as const;

const ANDROID_ROOT = [
  '/acct', '/apex', '/cache', '/config', '/data', '/data/local', '/data/local/tmp', '/dev', '/etc', '/mnt',
  '/odm', '/proc', '/product', '/sdcard', '/sdcard/Download', '/sdcard/DCIM', '/sdcard/Pictures', '/storage',
  '/sys', '/system', '/system/bin', '/vendor',
];

const now = () => Math.floor(Date.now() / 1000);

export function normalizePath(path: string, cwd = '/'): string {
  const parts: string[] = [];
  for (const p of (path.startsWith('/') ? path : `${cwd}/${path}`).split('/')) {
    if (p === '' || p === '.') continue;
    if (p === '..') parts.pop();
    else parts.push(p);
  }
  return `/${parts.join('/')}`;
}

function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

export class VirtualFs {
  private readonly entries = new Map<string, FsEntry>();

  constructor() {
    this.entries.set('/', { kind: 'dir', data: Buffer.alloc(0), mode: S_IFDIR | 0o755, mtime: now() });
    for (const dir of ANDROID_ROOT) this.mkdir(dir, { parents: true });
  }

  stat(path: string): FsEntry | undefined {
    return this.entries.get(normalizePath(path));
  }

  /** Names inside a folder, sorted as `ls` sorts them. */
  list(path: string): string[] {
    const dir = normalizePath(path);
    const entry = this.entries.get(dir);
    if (!entry) throw new FsError('ENOENT', dir);
    if (entry.kind !== 'dir') throw new FsError('ENOTDIR', dir);
    const prefix = dir === '/' ? '/' : `${dir}/`;
    const names: string[] = [];
    for (const p of this.entries.keys()) {
      if (p !== dir && p.startsWith(prefix) && !p.slice(prefix.length).includes('/')) names.push(p.slice(prefix.length));
    }
    return names.sort();
  }

  readFile(path: string): Buffer {
    const p = normalizePath(path);
    const entry = this.entries.get(p);
    if (!entry) throw new FsError('ENOENT', p);
    if (entry.kind === 'dir') throw new FsError('EISDIR', p);
    return entry.data;
  }

  writeFile(path: string, data: Buffer, options: { mode?: number; mtime?: number; parents?: boolean; append?: boolean } = {}): void {
    const p = normalizePath(path);
    const parent = parentOf(p);
    if (options.parents) this.mkdir(parent, { parents: true });
    const dir = this.entries.get(parent);
    if (!dir) throw new FsError('ENOENT', p);
    if (dir.kind !== 'dir') throw new FsError('ENOTDIR', p);
    const existing = this.entries.get(p);
    if (existing?.kind === 'dir') throw new FsError('EISDIR', p);
    const body = options.append && existing ? Buffer.concat([existing.data, data]) : Buffer.from(data);
    this.entries.set(p, {
      kind: 'file',
      data: body,
      mode: S_IFREG | ((options.mode ?? existing?.mode ?? 0o660) & 0o7777),
      mtime: options.mtime ?? now(),
    });
  }

  mkdir(path: string, options: { parents?: boolean } = {}): void {
    const p = normalizePath(path);
    const existing = this.entries.get(p);
    if (existing) {
      if (options.parents && existing.kind === 'dir') return;
      throw new FsError('EEXIST', p);
    }
    const parent = parentOf(p);
    if (!this.entries.has(parent)) {
      if (!options.parents) throw new FsError('ENOENT', p);
      this.mkdir(parent, options);
    }
    if (this.entries.get(parent)?.kind !== 'dir') throw new FsError('ENOTDIR', p);
    this.entries.set(p, { kind: 'dir', data: Buffer.alloc(0), mode: S_IFDIR | 0o771, mtime: now() });
  }

  remove(path: string, options: { recursive?: boolean; dirs?: boolean } = {}): void {
    const p = normalizePath(path);
    const entry = this.entries.get(p);
    if (!entry || p === '/') throw new FsError('ENOENT', p);
    if (entry.kind === 'dir') {
      if (!options.recursive && !options.dirs) throw new FsError('EISDIR', p);
      const inside = [...this.entries.keys()].filter((k) => k.startsWith(`${p}/`));
      if (inside.length && !options.recursive) throw new FsError('ENOTEMPTY', p);
      for (const k of inside) this.entries.delete(k);
    }
    this.entries.delete(p);
  }

  /** Paths matching one pattern per path segment, relative to `cwd` unless absolute. */
  glob(patterns: RegExp[], absolute: boolean, cwd: string): string[] {
    let found: string[] = [absolute ? '/' : normalizePath(cwd)];
    for (const re of patterns) {
      const next: string[] = [];
      for (const dir of found) {
        if (this.entries.get(dir)?.kind !== 'dir') continue;
        for (const name of this.list(dir)) if (re.test(name)) next.push(dir === '/' ? `/${name}` : `${dir}/${name}`);
      }
      found = next;
    }
    if (absolute) return found.sort();
    const base = normalizePath(cwd);
    const prefix = base === '/' ? '/' : `${base}/`;
    return found.map((p) => p.slice(prefix.length)).sort();
  }
}
