import { resolveScoreBand, SCORE_CATEGORIES } from '../../core/index.js';
import type { EvalRun, Store } from '../../store/index.js';
import { deterministicOnlyResult, hybridResult } from './sample-results.js';

const T0 = Date.parse('2026-01-05T00:00:00.000Z');
/** Results per transaction. */
const BATCH = 1_000;

/** Deterministic pseudo-random scores, so a seeded store is the same every time. */
function scoreAt(i: number, salt: number): number {
  return (((i * 7919 + salt * 104729) % 101) + 101) % 101;
}

/** Code lines added, spread roughly evenly on a log scale from 0 to about 5,000, as real changes are. */
function sizeAt(i: number): number {
  return Math.floor(Math.exp((((i * 2654435761) % 10_007) / 10_007) * 8.5)) - 1;
}

/** Agents and models the seeded results are spread over, so comparisons have cohorts to compare. */
const COHORTS = [
  { agent: 'claude-code', modelProvider: 'anthropic', modelId: 'claude-sonnet-4-5' },
  { agent: 'codex', modelProvider: 'openai', modelId: 'gpt-5' },
  { agent: 'aider', modelProvider: 'openai', modelId: 'gpt-4.1' },
  { agent: 'claude-code', modelProvider: 'anthropic', modelId: 'claude-opus-4-1' },
] as const;

/**
 * Stores `count` results in one run, a thousand per transaction (or `batch`), built a batch at a time (a million
 * fit). Every 10th result is deterministic only; results spread over ~60 days for trends, over four agents and models.
 */
export async function seedManyResults(
  store: Store,
  count: number,
  batch = BATCH,
  options: { complete?: boolean } = {},
): Promise<EvalRun> {
  const at = (ms: number) => new Date(T0 + ms).toISOString();
  const run = await store.createRun({
    projectId: 'proj',
    trigger: 'manual',
    provenance: {
      judgeProvider: 'openai',
      judgeModel: 'gpt-test',
      rubricVersion: 'rubric-1',
      promptVersion: 'prompt-1',
      taskevalVersion: '0.1.0',
    },
    now: at(0),
  });
  await store.transitionRun(run.id, 'running', { now: at(1) });
  const template = hybridResult({ taskId: 'FN-0', entriesPerGroup: 1 });
  const detTemplate = deterministicOnlyResult({ taskId: 'FN-0', entriesPerGroup: 1 });
  const step = Math.max(1, Math.floor((60 * 86_400_000) / count));
  const input = (i: number) => {
    const taskId = `FN-${i + 1}`;
    const finals = SCORE_CATEGORIES.map((_, c) => scoreAt(i, c + 1)) as [number, number, number];
    const base = i % 10 === 0 ? detTemplate : template;
    const overall = Math.floor((30 * finals[0] + 45 * finals[1] + 25 * finals[2] + 50) / 100);
    const result = {
      ...base,
      taskId,
      title: `Task ${i + 1}: ${i % 3 === 0 ? 'fix the login flow' : i % 3 === 1 ? 'add export to CSV' : 'refactor the scheduler'}`,
      overallScore: overall,
      overallBand: resolveScoreBand(overall),
      categoryScores: base.categoryScores.map((c, k) => ({
        ...c,
        deterministicScore: finals[k]!,
        aiScore: c.aiScore === null ? null : finals[k]!,
        finalScore: finals[k]!,
        band: resolveScoreBand(finals[k]!),
      })),
      evaluatedAt: at(2 + i * step),
      signals: {
        ...base.signals!,
        values: { ...base.signals!.values, commits: { known: true, count: 1, codeLinesAdded: sizeAt(i) } },
      },
    };
    return { result, now: at(2 + i * step), cohort: { ...COHORTS[i % COHORTS.length]!, labels: {} } };
  };
  for (let k = 0; k < count; k += batch) {
    await store.saveResults(
      run.id,
      Array.from({ length: Math.min(batch, count - k) }, (_, j) => input(k + j)),
    );
  }
  if (options.complete === false) return store.getRun(run.id);
  return store.transitionRun(run.id, 'completed', { now: at(3 + count * step) });
}
