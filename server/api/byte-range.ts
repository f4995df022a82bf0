import { SimlabError } from '../../core/contract/index.js';
import type { ByteRange } from '../blobs/blob-store.js';

/**
 * The one range of a `Range: bytes=...` header (`a-b`, `a-`, `-n`) within a body of `size`
 * bytes, or null for the whole body. Several ranges are not served (the whole body is).
 */
export function byteRangeOf(header: string | undefined, size: number): ByteRange | null {
  if (header === undefined) return null;
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size : Math.min(size, Number(m[2]) + 1);
  }
  if (start >= size || end <= start) {
    throw new SimlabError('INVALID_ARGS', `range ${header.slice(0, 60)} is outside the ${size} bytes`, { details: { size } });
  }
  return { start, end };
}
