import { describe, expect, it } from 'vitest';
import { buildSampleResult } from '../../store/index.js';
import type { StoredResult } from '../../store/index.js';
import { createProgressReporter, formatDuration, formatProgressBar, formatTokens } from './progress-reporter.js';

const progress = {
  runId: 'run_1',
  done: 12,
  total: 40,
  scored: 11,
  skipped: 0,
  errors: 1,
  tokens: 12_300,
  elapsedMs: 42_000,
};

describe('progress reporter', () => {
  it('draws the bar with done/total, errors, tokens, elapsed and ETA', () => {
    expect(formatProgressBar(progress, 10)).toBe(
      '[===>      ] 12/40  errors 1  tokens 12.3k  00:42 elapsed  ETA 01:38',
    );
    expect(formatProgressBar({ ...progress, done: 40 }, 10)).toBe(
      '[==========] 40/40  errors 1  tokens 12.3k  00:42 elapsed  ETA --:--',
    );
  });

  it('formats tokens and durations compactly', () => {
    expect([formatTokens(950), formatTokens(12_345), formatTokens(4_500_000)]).toEqual(['950', '12.3k', '4.5M']);
    expect([formatDuration(0), formatDuration(61_000), formatDuration(3_723_000)]).toEqual([
      '00:00',
      '01:01',
      '1:02:03',
    ]);
  });

  it('redraws one line on a terminal, prints a line per task otherwise, and a line every few seconds by phases', () => {
    const result = {
      ...buildSampleResult({ taskId: 'FN-1' }),
      id: 'res_1',
      runId: 'run_1',
      evaluatedAt: 'x',
      completedAt: null,
      taskSnapshot: null,
    } as StoredResult;
    let clock = 0;
    const outputs = (['bar', 'lines', 'phases'] as const).map((mode) => {
      let text = '';
      const reporter = createProgressReporter({ mode, write: (t) => void (text += t), width: 10, now: () => clock });
      reporter.start('run_1', 40);
      reporter.result(result, progress);
      reporter.finish();
      return { mode, reporter, text: () => text };
    });
    expect(outputs[0]!.text()).toMatch(/^run run_1: evaluating 40 tasks\n\r\[>/);
    expect(outputs[0]!.text()).toContain('\r\u001b[2K[===>      ] 12/40');
    expect(outputs[0]!.text().endsWith('\n')).toBe(true);
    expect(outputs[1]!.text()).toMatch(/^run run_1: evaluating 40 tasks\n\[12\/40\] FN-1 scored \d+ \w+\n$/);
    // By phases: nothing in the first second, then a line at most every two seconds, and the last one said.
    const phases = outputs[2]!;
    expect(phases.text()).toBe('');
    clock = 1_500;
    phases.reporter.result(result, { ...progress, done: 13 });
    clock = 2_000;
    phases.reporter.result(result, { ...progress, done: 14 });
    clock = 4_000;
    phases.reporter.result(result, { ...progress, done: 40 });
    expect(phases.text()).toBe('evaluating: 13 of 40 tasks (32%, 2s)\nevaluating: 40 of 40 tasks (100%, 4s)\n');
  });

  it('prints an error reason without the terminal escapes a judge or task put in it', () => {
    const result = {
      ...buildSampleResult({ taskId: 'FN-1' }),
      id: 'res_1',
      runId: 'run_1',
      evaluatedAt: 'x',
      completedAt: null,
      taskSnapshot: null,
      status: 'error',
      reason: 'bad \u001b]0;owned\u0007answer\u001b[2J here',
    } as unknown as StoredResult;
    let text = '';
    const reporter = createProgressReporter({ mode: 'lines', write: (t) => void (text += t), width: 10 });
    reporter.result(result, progress);
    expect(text).toBe('[12/40] FN-1 error: bad answer here\n');
  });
});
