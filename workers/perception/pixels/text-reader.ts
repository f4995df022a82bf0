import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';

/** One line of text read from an image, in image pixels. */
export interface ReadLine {
  text: string;
  /** Tesseract's confidence, 0-100. */
  confidence: number;
  box: { x: number; y: number; w: number; h: number };
}

/** Lines read with less confidence than this are noise (textures, icons, edges). */
const MIN_CONFIDENCE = 60;

/**
 * The English LSTM model that `@tesseract.js-data/eng` ships inside npm: nothing is downloaded at
 * run time (the lab may have no network).
 */
function langPath(): string {
  const pkg = createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json');
  return join(dirname(pkg), '4.0.0_best_int');
}

/**
 * OCR with tesseract.js, one worker started on first use and reused (it takes a second to load
 * the model); reads run one at a time. Sparse-text mode, because a screen is scattered labels
 * rather than a page of prose.
 */
export class TextReader {
  private worker: Promise<Worker> | undefined;
  private chain: Promise<unknown> = Promise.resolve();

  async read(image: Buffer): Promise<ReadLine[]> {
    const run = this.chain.then(async () => {
      const worker = await this.start();
      const { data } = await worker.recognize(image, {}, { blocks: true, text: false });
      const lines: ReadLine[] = [];
      for (const block of data.blocks ?? []) {
        for (const para of block.paragraphs) {
          for (const line of para.lines) {
            // A filled box before a label (a legend's colour swatch) is read as a one-stroke
            // letter; a letter is taller than wide, the box is not.
            const [head, next] = line.words;
            const swatch = !!head && !!next && /^[Il|1[\]]$/.test(head.text.trim()) && head.bbox.x1 - head.bbox.x0 >= head.bbox.y1 - head.bbox.y0;
            const raw = swatch ? line.words.slice(1).map((w) => w.text).join(' ') : line.text;
            // Borders next to text come out as bars and brackets at its ends.
            const text = raw.replace(/\s+/g, ' ').trim().replace(/^[|[\](){}_\-—~'"`.,:;\s]+|[|[\](){}_\-—~'"`.,:;\s]+$/g, '');
            if (line.confidence < MIN_CONFIDENCE || !/[\p{L}\p{N}]{2,}/u.test(text)) continue;
            const b = line.bbox;
            const x0 = swatch && next ? next.bbox.x0 : b.x0;
            lines.push({ text, confidence: Math.round(line.confidence), box: { x: x0, y: b.y0, w: b.x1 - x0, h: b.y1 - b.y0 } });
          }
        }
      }
      return lines;
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker).terminate();
  }

  private start(): Promise<Worker> {
    if (this.worker) return this.worker;
    const started = (async () => {
      const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath: langPath(), gzip: true, cacheMethod: 'none' });
      // Sauvola's local threshold: one global threshold turns a label and the button under it
      // into one dark blob when the page around them is lighter still.
      await worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT, thresholding_method: '2' });
      return worker;
    })();
    // A worker that failed to start is tried again on the next read, not kept failed forever.
    started.catch(() => {
      if (this.worker === started) this.worker = undefined;
    });
    this.worker = started;
    return started;
  }
}
