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

  it('counts what it reads so far when the total is not known, by the noun it is given', () => {
    let t = 0;
    const lines: string[] = [];
    const p = createPhaseProgress({ write: (s) => lines.push(s), label: 'reading', noun: 'results', now: () => t });
    for (let done = 1; done <= 3_000; done++) ((t += 1), p.update(done));
    expect(lines).toEqual(['reading: 1,000 results so far (1s)\n', 'reading: 3,000 results so far (3s)\n']);
  });

  it('never says more done than its total: a total known beforehand that falls short grows to what is done', () => {
    let t = 0;
    const lines: string[] = [];
    const p = createPhaseProgress({ write: (s) => lines.push(s), label: 'writing', noun: 'results', now: () => t });
    t = 1_000;
    p.update(12, 10);
    expect(lines).toEqual(['writing: 12 of 12 results (100%, 1s)\n']);
  });
});
