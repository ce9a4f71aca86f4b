import { emptyCellCounts, type CellCounts } from '../core/index.js';

const PLACES = 404;
const DENSE_BYTES = 4 * PLACES;
/** A sparse entry packs a count's place (score x 101 + value, 9 bits) above the count itself (22 bits). */
const COUNT_BITS = 22;
const MAX_PACKED = 2 ** COUNT_BITS;

/**
 * A cell's counts as a blob of little-endian 32-bit words: only the nonzero ones, each packed with its place,
 * or all 404 as they are when that is no larger or a count does not fit 22 bits. A cell holds a few dozen
 * tasks spread over 404 places, so the packed form is a fraction of the dense one to read.
 */
export function packCounts(counts: CellCounts): Buffer {
  let nonzero = 0;
  let fits = true;
  for (const c of counts) if (c !== 0) (nonzero++, (fits &&= c > 0 && c < MAX_PACKED));
  const dense = !fits || nonzero * 4 >= DENSE_BYTES;
  const blob = Buffer.alloc(dense ? DENSE_BYTES : nonzero * 4);
  let at = 0;
  for (let i = 0; i < PLACES; i++) {
    if (dense) blob.writeInt32LE(counts[i]!, i * 4);
    else if (counts[i] !== 0) (blob.writeUInt32LE(i * MAX_PACKED + counts[i]!, at), (at += 4));
  }
  return blob;
}

/** The counts a blob of packCounts holds. */
export function unpackCounts(blob: Uint8Array): CellCounts {
  const counts = emptyCellCounts();
  addPackedCounts(counts, blob);
  return counts;
}

/** Adds the counts a blob of packCounts holds to `counts`, without making them an array first. */
export function addPackedCounts(counts: CellCounts, blob: Uint8Array): void {
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  if (blob.byteLength === DENSE_BYTES) {
    for (let i = 0; i < PLACES; i++) counts[i]! += view.getInt32(i * 4, true);
    return;
  }
  for (let at = 0; at < blob.byteLength; at += 4) {
    const entry = view.getUint32(at, true);
    counts[Math.floor(entry / MAX_PACKED)]! += entry % MAX_PACKED;
  }
}
