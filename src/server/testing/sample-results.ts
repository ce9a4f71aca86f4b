import type { ScoredResult } from '../../core/index.js';
import { buildSampleResult, type SampleResultOptions } from '../../store/index.js';

/** A hybrid sample result with a small bundle (fast to store in bulk). */
export function hybridResult(options: SampleResultOptions): ScoredResult {
  return buildSampleResult({ entriesPerGroup: 2, ...options });
}

/** The same result as scored with no judge: AI parts null, rubric rationale, no provider. */
export function deterministicOnlyResult(options: SampleResultOptions): ScoredResult {
  const r = buildSampleResult({ entriesPerGroup: 2, ...options });
  return {
    ...r,
    mode: 'deterministic-only',
    overallRationale: null,
    categoryScores: r.categoryScores.map((c) => ({
      ...c,
      aiScore: null,
      rationale: `Deterministic only (no judge): ${c.deterministicScore} from the rubric.`,
    })),
    provenance: { ...r.provenance, provider: null, model: null, promptVersion: null, usage: null, costUsd: null },
  };
}

/** A hybrid result whose judge and rubric disagree by 50 on agentPerformance. */
export function divergentResult(options: SampleResultOptions): ScoredResult {
  const r = hybridResult(options);
  const [ap, ...rest] = r.categoryScores;
  return {
    ...r,
    categoryScores: [
      { ...ap!, deterministicScore: Math.max(0, ap!.finalScore - 15), aiScore: Math.min(100, ap!.finalScore + 35) },
      ...rest,
    ],
    divergence: ['agentPerformance'],
  };
}
