import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

describe('the young generation under a heap pacer', () => {
  /** The young generation's size (MiB) in a fresh node after allocating many objects that survive a while. */
  function youngAfterChurn(pacer: boolean): number {
    const script = `
      ${pacer ? `const { createHeapPacer } = await import(${JSON.stringify(new URL('./heap-pacer.ts', import.meta.url).href)}); createHeapPacer();` : ''}
      const { getHeapSpaceStatistics } = await import('node:v8');
      let kept = [];
      for (let i = 0; i < 4_000_000; i++) {
        kept.push({ i, s: 'task-' + i });
        if (kept.length > 200_000) kept = [];
      }
      const young = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
      console.log(young.space_size / 1024 / 1024);
    `;
    const dir = mkdtempSync(join(tmpdir(), 'taskeval-young-'));
    try {
      writeFileSync(join(dir, 'churn.mjs'), script);
      const out = execFileSync(process.execPath, ['--import', 'tsx', join(dir, 'churn.mjs')], { encoding: 'utf8' });
      return Number(out.trim());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('stays at a few MiB where V8 alone grows it many times over', () => {
    const alone = youngAfterChurn(false);
    const paced = youngAfterChurn(true);
    // V8 still resizes a little on its own (4 MiB mostly, 6.25-7.75 seen under load); unpaced it reaches 128.
    expect(alone).toBeGreaterThanOrEqual(32);
    expect(paced).toBeLessThanOrEqual(Math.min(16, alone / 4));
  }, 60_000);
});
