import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { createHeapPacer } from './heap-pacer.js';

describe('createHeapPacer', () => {
  it('collects what is no longer reachable once the heap passes its floor, and leaves a small heap alone', () => {
    const pace = createHeapPacer();
    let garbage: number[][] | null = Array.from({ length: 160 }, () =>
      Array.from({ length: 100_000 }, (_, i) => i + 0.5),
    );
    const held = getHeapStatistics().used_heap_size;
    const length = garbage.length;
    garbage = null;
    expect(length).toBe(160);
    expect(held).toBeGreaterThan(96 * 1024 * 1024);
    pace();
    // Nothing was allocated between letting go and pacing: only the pacer's collection can have freed it.
    expect(getHeapStatistics().used_heap_size).toBeLessThan(held - 80 * 1024 * 1024);
    const small = getHeapStatistics().used_heap_size;
    pace();
    expect(getHeapStatistics().used_heap_size).toBeGreaterThan(small - 8 * 1024 * 1024);
  });
});
