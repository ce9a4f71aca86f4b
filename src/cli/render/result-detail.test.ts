import { describe, expect, it } from 'vitest';
import { citedIds } from './result-detail.js';

describe("a signal line's evidence ids", () => {
  it('shortens commit ids, counts more than three, and keeps other ids whole', () => {
    const sha = (c: string) => `commit-${c.repeat(40)}`;
    expect(citedIds(['task-prior'])).toBe('task-prior');
    expect(citedIds([sha('a'), sha('b')])).toBe('commit-aaaaaaaaaa, commit-bbbbbbbbbb');
    expect(citedIds(['task-outcome', sha('a'), sha('b'), sha('c'), sha('d')])).toBe('task-outcome, 4 commits');
  });
});
