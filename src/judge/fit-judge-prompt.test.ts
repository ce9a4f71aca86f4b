import { describe, expect, it } from 'vitest';
import type { EvidenceBundle, EvidenceEntry } from '../core/index.js';
import { estimateTokens } from './estimate-tokens.js';
import { fitJudgePrompt, TRIM_ORDER } from './fit-judge-prompt.js';
import { formatEvidenceRecord } from './format-evidence-record.js';
import { SAMPLE_TASK, sampleAssessment, sampleBundle } from './testing/index.js';

/** The sample bundle with `n` long activity entries and agent log entries added. */
function bigBundle(n: number): EvidenceBundle {
  const bundle = sampleBundle();
  const entries = (source: string): EvidenceEntry[] =>
    Array.from({ length: n }, (_, i) => ({
      id: `${source}-${String(i).padStart(2, '0')}`,
      source: source as EvidenceEntry['source'],
      label: `${source} entry ${i}`,
      timestamp: `2026-03-01T10:${String(i).padStart(2, '0')}:00Z`,
      ref: { taskId: 'FN-1' },
      excerpt: 'x'.repeat(480),
    }));
  return {
    ...bundle,
    groups: bundle.groups.map((g) =>
      g.source === 'taskActivity' || g.source === 'agentLogs'
        ? { ...g, entries: entries(g.source), total: n, omitted: 0 }
        : g,
    ),
  };
}

const ids = (bundle: EvidenceBundle, source: string) =>
  bundle.groups.find((g) => g.source === source)!.entries.map((e) => e.id);

describe('fitting the judge prompt into the model context', () => {
  const input = { task: SAMPLE_TASK, assessment: sampleAssessment(), maxTokens: 1_000 };

  it('leaves everything in when the context is unknown or large enough, and says how big the prompt is', () => {
    const fitted = fitJudgePrompt({ ...input, bundle: bigBundle(20), contextTokens: null });
    expect(fitted).toMatchObject({ fits: true, dropped: {} });
    expect(fitted.estimatedTokens).toBe(estimateTokens(fitted.system) + estimateTokens(fitted.prompt));
    expect(fitJudgePrompt({ ...input, bundle: bigBundle(20), contextTokens: 200_000 }).dropped).toEqual({});
  });

  it('leaves out activity before agent logs before the work itself, oldest first, and says so in the group line', () => {
    const whole = fitJudgePrompt({ ...input, bundle: bigBundle(20), contextTokens: null });
    // Room for the prompt less about 25 entries' worth: all activity and a few agent log entries go.
    const perEntry = estimateTokens(
      `${formatEvidenceRecord(bigBundle(20).groups.find((g) => g.source === 'agentLogs')!.entries[0]!)}\n`,
    );
    const context = whole.estimatedTokens + 1_000 + 256 - 25 * perEntry;
    const fitted = fitJudgePrompt({ ...input, bundle: bigBundle(20), contextTokens: context });
    expect(fitted.fits).toBe(true);
    expect(fitted.estimatedTokens).toBeLessThanOrEqual(context - 1_000 - 256);
    expect(fitted.dropped.taskActivity).toBe(20);
    expect(fitted.dropped.agentLogs).toBeGreaterThan(0);
    expect(fitted.dropped.commits).toBeUndefined();
    expect(ids(fitted.shown, 'agentLogs')[0]).toBe(`agentLogs-${String(fitted.dropped.agentLogs).padStart(2, '0')}`);
    expect(ids(fitted.shown, 'commits')).toEqual(ids(sampleBundle(), 'commits'));
    expect(fitted.prompt).toContain('group taskActivity: 0 of 20 entries, 20 more left out to fit the context');
    expect(fitted.prompt).not.toContain('activity entry 19');
  });

  it('does not fit when even the task record alone passes the context with the answer cap', () => {
    const fitted = fitJudgePrompt({ ...input, bundle: bigBundle(20), contextTokens: 1_500 });
    expect(fitted.fits).toBe(false);
    expect(Object.keys(fitted.dropped)).toEqual(TRIM_ORDER.filter((s) => ids(bigBundle(20), s).length > 0));
  });
});

describe('the output cap beside a known context', () => {
  const input = { task: SAMPLE_TASK, assessment: sampleAssessment(), bundle: sampleBundle() };

  it('shrinks a default cap to what the context leaves, so prompt and max_tokens never pass it (vLLM refuses that)', () => {
    const fitted = fitJudgePrompt({ ...input, contextTokens: 4_096 });
    expect(fitted.fits).toBe(true);
    expect(fitted.answerTokens).toBe(4_096 - fitted.estimatedTokens - 256);
    expect(fitJudgePrompt({ ...input, contextTokens: 200_000 }).answerTokens).toBe(5_514);
  });

  it('keeps a cap the user chose whole, leaving evidence out (or refusing) instead', () => {
    const fitted = fitJudgePrompt({ ...input, contextTokens: 4_096, maxTokens: 3_000 });
    expect(fitted.answerTokens).toBe(3_000);
    expect(fitted.fits).toBe(false);
  });
});
