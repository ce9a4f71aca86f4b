const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
// East Asian Wide and Fullwidth blocks (CJK, Hangul, kana, fullwidth forms) and emoji take two columns.
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]|\p{Extended_Pictographic}/u;
const ZERO = /^[\p{Mn}\p{Me}\u200b-\u200f\ufe00-\ufe0f]+$/u;

/** Columns a text takes on a terminal: per grapheme, 2 for wide (CJK, emoji), 0 for marks alone, else 1. */
export function displayWidth(text: string): number {
  // Plain ASCII is the common case and needs no segmenting.
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  let width = 0;
  for (const { segment } of segmenter.segment(text)) width += ZERO.test(segment) ? 0 : WIDE.test(segment) ? 2 : 1;
  return width;
}

/** Pads to `width` display columns, on the right (left-aligned) or the left. */
export function padDisplay(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return align === 'right' ? fill + text : text + fill;
}

/** Cuts text to at most `max` display columns, ending in '…' when cut, never inside a grapheme. */
export function truncateDisplay(text: string, max: number): string {
  if (displayWidth(text) <= max) return text;
  let out = '';
  let width = 0;
  for (const { segment } of segmenter.segment(text)) {
    const w = displayWidth(segment);
    if (width + w > max - 1) break;
    out += segment;
    width += w;
  }
  return `${out.trimEnd()}…`;
}
