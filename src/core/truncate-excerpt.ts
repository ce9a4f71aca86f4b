import { MAX_EXCERPT_LENGTH, TRUNCATION_MARKER } from './evidence-limits.js';

/**
 * Bounds a text to `maxLength` UTF-16 units, ending a cut text with the marker;
 * a cut never splits a surrogate pair, so the excerpt stays valid text.
 */
export function truncateExcerpt(
  text: string,
  maxLength: number = MAX_EXCERPT_LENGTH,
): { excerpt: string; truncated: boolean } {
  if (text.length <= maxLength) return { excerpt: text, truncated: false };
  let keep = Math.max(0, maxLength - TRUNCATION_MARKER.length);
  const last = text.charCodeAt(keep - 1);
  if (keep > 0 && last >= 0xd800 && last <= 0xdbff) keep -= 1;
  return { excerpt: text.slice(0, keep) + TRUNCATION_MARKER, truncated: true };
}
