/**
 * Splits ffmpeg's fragmented MP4 output into whole pieces: the init segment (`ftyp` + `moov`)
 * and then complete fragments (`moof` + `mdat`, with any `styp`/`sidx` before them). Shipping only
 * whole pieces means whatever reached the hub is a playable prefix, whenever the worker dies.
 */
export class Mp4Fragmenter {
  private pending: Buffer = Buffer.alloc(0);
  /** Boxes read since the last piece was emitted. */
  private boxes: Buffer[] = [];
  private initDone = false;

  constructor(private readonly onPiece: (piece: Buffer, kind: 'init' | 'fragment') => void) {}

  push(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    for (;;) {
      if (this.pending.length < 8) return;
      let boxSize = this.pending.readUInt32BE(0);
      let header = 8;
      if (boxSize === 1) {
        if (this.pending.length < 16) return;
        boxSize = Number(this.pending.readBigUInt64BE(8));
        header = 16;
      }
      if (boxSize < header) throw new Error(`malformed MP4 box size ${boxSize}`);
      if (this.pending.length < boxSize) return;
      const type = this.pending.toString('latin1', 4, 8);
      this.boxes.push(this.pending.subarray(0, boxSize));
      this.pending = this.pending.subarray(boxSize);
      if (!this.initDone && type === 'moov') this.emit('init');
      else if (this.initDone && type === 'mdat') this.emit('fragment');
    }
  }

  /** At the end of the stream: the boxes after the last fragment (ffmpeg's `mfra` index), if any. */
  flush(): void {
    if (this.initDone && this.boxes.length > 0) this.emit('fragment');
  }

  private emit(kind: 'init' | 'fragment'): void {
    const piece = Buffer.concat(this.boxes);
    this.boxes = [];
    if (kind === 'init') this.initDone = true;
    this.onPiece(piece, kind);
  }
}
