// The shell v2 framing (1-byte id, 4-byte little-endian length, data): stdout, stderr and the
// exit status of a device command, which the v1 `shell:` service cannot report.

export const SHELL_V2 = { stdin: 0, stdout: 1, stderr: 2, exit: 3, closeStdin: 4, windowSize: 5 } as const;

export interface ShellV2Result {
  stdout: Buffer;
  stderr: Buffer;
  /** The exit status, or null when the stream ended before the device sent one. */
  code: number | null;
}

/** Decodes framed packets as they arrive; `result()` once the stream has ended. */
export class ShellV2Decoder {
  private pending: Buffer = Buffer.alloc(0);
  private readonly out: Buffer[] = [];
  private readonly err: Buffer[] = [];
  private code: number | null = null;

  push(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    while (this.pending.length >= 5) {
      const id = this.pending.readUInt8(0);
      const length = this.pending.readUInt32LE(1);
      if (this.pending.length < 5 + length) return;
      const data = this.pending.subarray(5, 5 + length);
      this.pending = this.pending.subarray(5 + length);
      if (id === SHELL_V2.stdout) this.out.push(data);
      else if (id === SHELL_V2.stderr) this.err.push(data);
      else if (id === SHELL_V2.exit && data.length > 0) this.code = data.readUInt8(0);
    }
  }

  result(): ShellV2Result {
    return { stdout: Buffer.concat(this.out), stderr: Buffer.concat(this.err), code: this.code };
  }
}
