import { mkdirSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertBlobKey, type BlobInfo, type BlobStore, type ByteRange } from './blob-store.js';

/** Temporary files of unfinished writes carry this suffix; `list` skips them. */
const PARTIAL = '.partial';

/** Blobs as files under one folder (mode 0700), a key's `/` being a subfolder. */
export class LocalFolderStore implements BlobStore {
  constructor(private readonly root: string) {
    mkdirSync(root, { recursive: true, mode: 0o700 });
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    // Written aside and renamed, so a reader (or a crash) never sees half a blob.
    const temp = `${path}.${randomUUID()}${PARTIAL}`;
    try {
      await writeFile(temp, data, { mode: 0o600 });
      await rename(temp, path);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Buffer | null> {
    const path = this.pathOf(key);
    try {
      if (!range) return await readFile(path);
      const file = await open(path, 'r');
      try {
        const { size } = await file.stat();
        const start = Math.min(Math.max(0, range.start), size);
        const end = Math.min(Math.max(start, range.end), size);
        const buffer = Buffer.alloc(end - start);
        if (buffer.length > 0) await file.read(buffer, 0, buffer.length, start);
        return buffer;
      } finally {
        await file.close();
      }
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async list(prefix: string): Promise<BlobInfo[]> {
    assertBlobKey(prefix, { prefix: true });
    // Walk only the deepest folder the prefix names; filter the rest by string prefix.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const found: BlobInfo[] = [];
    await this.walk(join(this.root, folder), prefix, found);
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async delete(key: string): Promise<number> {
    const path = this.pathOf(key);
    let info;
    try {
      info = await stat(path);
    } catch (err) {
      if (isMissing(err)) return 0;
      throw err;
    }
    if (info.isFile()) {
      await rm(path, { force: true });
      await this.pruneEmpty(dirname(path));
      return 1;
    }
    const inside: BlobInfo[] = [];
    await this.walk(path, '', inside);
    await rm(path, { recursive: true, force: true });
    await this.pruneEmpty(dirname(path));
    return inside.length;
  }

  private pathOf(key: string): string {
    assertBlobKey(key);
    return join(this.root, ...key.split('/'));
  }

  private async walk(folder: string, prefix: string, found: BlobInfo[]): Promise<void> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for (const entry of entries) {
      const path = join(folder, entry.name);
      const key = relative(this.root, path).split(sep).join('/');
      if (entry.isDirectory()) {
        if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) await this.walk(path, prefix, found);
      } else if (entry.isFile() && !entry.name.endsWith(PARTIAL) && key.startsWith(prefix)) {
        try {
          const info = await stat(path);
          found.push({ key, size: info.size, writtenAt: info.mtimeMs });
        } catch (err) {
          if (!isMissing(err)) throw err;
        }
      }
    }
  }

  /** Removes folders left empty by a delete, up to (not including) the root. */
  private async pruneEmpty(folder: string): Promise<void> {
    let current = folder;
    while (current.startsWith(this.root) && current !== this.root) {
      try {
        if ((await readdir(current)).length > 0) return;
        await rmdir(current);
      } catch {
        return;
      }
      current = dirname(current);
    }
  }
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
