import { describe, expect, it } from 'vitest';
import { MAX_EXCERPT_LENGTH, TRUNCATION_MARKER } from './evidence-limits.js';
import { truncateExcerpt } from './truncate-excerpt.js';

describe('truncateExcerpt', () => {
  it('keeps a text of exactly 500 characters whole', () => {
    const text = 'a'.repeat(500);
    expect(truncateExcerpt(text)).toEqual({ excerpt: text, truncated: false });
  });

  it('cuts a longer text to its first 487 characters and the 13-character marker', () => {
    const text = 'b'.repeat(487) + 'c'.repeat(100);
    const { excerpt, truncated } = truncateExcerpt(text);
    expect(truncated).toBe(true);
    expect(TRUNCATION_MARKER).toHaveLength(13);
    expect(excerpt).toHaveLength(MAX_EXCERPT_LENGTH);
    expect(excerpt).toBe('b'.repeat(487) + TRUNCATION_MARKER);
  });

  it('never splits a surrogate pair at the cut', () => {
    const text = 'x'.repeat(486) + '😀'.repeat(20);
    const { excerpt } = truncateExcerpt(text);
    expect(excerpt.length).toBeLessThanOrEqual(500);
    expect(excerpt.endsWith(TRUNCATION_MARKER)).toBe(true);
    expect(excerpt.slice(0, -TRUNCATION_MARKER.length)).toBe('x'.repeat(486));
  });
});
