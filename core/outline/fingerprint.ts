/** FNV-1a over UTF-16 code units: tiny, deterministic, good enough to tell screens apart. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Length of a snapshot id in hex digits (24 bits: collisions stay rare across a lease's history). */
export const SNAPSHOT_ID_LENGTH = 6;

/** A snapshot id from the canonical text of a screen's content. */
export function snapshotIdOf(content: string): string {
  return fnv1a(content).toString(16).padStart(8, '0').slice(0, SNAPSHOT_ID_LENGTH);
}
