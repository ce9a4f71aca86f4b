import { describe, expect, it } from 'vitest';
import { createPhaseProgress } from './phase-progress.js';

describe('createPhaseProgress', () => {
  it('says nothing of a phase shorter than a second', () => {
    let t = 0;
    const lines: string[] = [];
    const p = createPhaseProgress({ write: (s) => lines.push(s), label: 'scoring', now: () => t });
    for (let done = 1; done <= 10; done++) ((t += 50), p.update(done, 10));
    expect(lines).toEqual([]);
  });

  it('says how far a long phase is every two seconds, and its end', () => {
    let t = 0;
    const lines: string[] = [];
    const p = createPhaseProgress({ write: (s) => lines.push(s), label: 'scoring', now: () => t });
    for (let done = 1; done <= 5_000; done++) ((t += 2), p.update(done, 5_000));
    expect(lines[0]).toBe('scoring: 500 of 5,000 tasks (10%, 1s)\n');
    expect(lines).toHaveLength(6);
    expect(lines.at(-1)).toBe('scoring: 5,000 of 5,000 tasks (100%, 10s)\n');
  });
});
