/**
 * Splits a byte stream of concatenated JPEG images (ffmpeg's mjpeg image2pipe) into whole
 * images: each runs from SOI (FF D8) to EOI (FF D9); entropy-coded data never holds FF D9
 * because FF bytes in it are stuffed as FF 00.
 */
export class JpegSplitter {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Buffer[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const images: Buffer[] = [];
    for (;;) {
      const start = this.pending.indexOf(Buffer.from([0xff, 0xd8]));
      if (start < 0) {
        this.pending = Buffer.alloc(0);
        return images;
      }
      const end = this.pending.indexOf(Buffer.from([0xff, 0xd9]), start + 2);
      if (end < 0) {
        this.pending = this.pending.subarray(start);
        return images;
      }
      images.push(Buffer.from(this.pending.subarray(start, end + 2)));
      this.pending = this.pending.subarray(end + 2);
    }
  }
}
