import { createHash } from 'node:crypto';
import {
  EVIDENCE_SOURCE_ORDER,
  EVIDENCE_LIMITS,
  type ScoredResult,
  type ErrorResult,
  type SkippedResult,
} from '../core/index.js';

export interface SampleResultOptions {
  taskId: string;
  title?: string;
  /** Finals for agentPerformance, taskOutcomeQuality, processCompliance. */
  finals?: [number, number, number];
  /** Entries per evidence group (capped by the contract's limits). */
  entriesPerGroup?: number;
  evaluatedAt?: string;
  /** The mode recorded (the rest of the result keeps its judge's parts); hybrid by default. */
  mode?: ScoredResult['mode'];
  /** Code lines its commits added, or null for commits not known; left out, the signals name no size. */
  codeLinesAdded?: number | null;
  /** What judging it cost in US dollars, or null when not known; 0.01 by default. */
  judgeCostUsd?: number | null;
}

const BANDS = [
  [90, 'excellent'],
  [75, 'strong'],
  [60, 'acceptable'],
  [40, 'weak'],
  [0, 'failing'],
] as const;
const bandOf = (score: number) => BANDS.find(([min]) => score >= min)![1];

/** A realistic scored result (full bundle, signals, provenance) for store tests and benchmarks. */
export function buildSampleResult(options: SampleResultOptions): ScoredResult {
  const [ap, toq, pc] = options.finals ?? [80, 90, 70];
  const overall = Math.floor((30 * ap + 45 * toq + 25 * pc + 50) / 100);
  const perGroup = options.entriesPerGroup ?? 6;
  const groups = EVIDENCE_SOURCE_ORDER.map((source) => {
    const n = Math.min(perGroup, EVIDENCE_LIMITS[source]);
    const entries = Array.from({ length: n }, (_, i) => ({
      id: `${source}-${options.taskId}-${i}`,
      source,
      label: `${source} entry ${i} of ${options.taskId}`,
      timestamp: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      excerpt: `Excerpt ${i}: `.padEnd(320, 'the agent ran the tests, fixed the lint warning and pushed the branch; '),
      ref: {
        taskId: options.taskId,
        runId: 'run_sample',
        sha: createHash('sha1').update(`${source}${i}`).digest('hex'),
        retries: i,
      },
    }));
    return { source, entries, total: n, omitted: 0 };
  });
  const digest = createHash('sha256')
    .update(JSON.stringify({ taskId: options.taskId, groups }))
    .digest('hex');
  const category = (
    name: 'agentPerformance' | 'taskOutcomeQuality' | 'processCompliance',
    score: number,
    weight: number,
  ) => ({
    category: name,
    deterministicScore: score,
    aiScore: score,
    finalScore: score,
    weight,
    band: bandOf(score),
    rationale: `The ${name} evidence supports ${score}.`,
    evidence: [groups[0]!.entries[0]?.id ?? 'none'],
  });
  const contribution = (name: 'agentPerformance' | 'taskOutcomeQuality' | 'processCompliance') => ({
    category: name,
    rule: 'workflow.passed',
    label: 'workflow steps passed',
    points: 10,
    evidence: [],
  });
  return {
    taskId: options.taskId,
    title: options.title ?? `Task ${options.taskId}`,
    ...(options.evaluatedAt ? { evaluatedAt: options.evaluatedAt } : {}),
    status: 'scored',
    mode: options.mode ?? 'hybrid',
    overallScore: overall,
    overallBand: bandOf(overall),
    categoryScores: [
      category('agentPerformance', ap, 0.3),
      category('taskOutcomeQuality', toq, 0.45),
      category('processCompliance', pc, 0.25),
    ],
    overallRationale: 'Solid work overall.',
    evidenceBundle: { taskId: options.taskId, runId: 'run_sample', groups, digest },
    signals: {
      rubricVersion: 'rubric-1',
      values: {
        workflowPassed: 3,
        workflowFailed: 0,
        commits:
          options.codeLinesAdded === undefined
            ? perGroup
            : options.codeLinesAdded === null
              ? { known: false }
              : { known: true, count: 1, codeLinesAdded: options.codeLinesAdded },
      },
      categories: {
        agentPerformance: { score: ap, contributions: [contribution('agentPerformance')] },
        taskOutcomeQuality: { score: toq, contributions: [contribution('taskOutcomeQuality')] },
        processCompliance: { score: pc, contributions: [contribution('processCompliance')] },
      },
    },
    provenance: {
      provider: 'openai',
      model: 'gpt-test',
      promptVersion: 'prompt-1',
      rubricVersion: 'rubric-1',
      bundleDigest: digest,
      usage: { inputTokens: 4000, outputTokens: 600, cachedTokens: 0 },
      costUsd: options.judgeCostUsd === undefined ? 0.01 : options.judgeCostUsd,
      cached: false,
      samples: 1,
      spread: null,
    },
    citationIssues: [],
    divergence: [],
    followUpDrafts: [],
  };
}

/** An error result (the judge failed) for store tests. */
export function buildSampleError(taskId: string, transient = true): ErrorResult {
  return {
    taskId,
    title: `Task ${taskId}`,
    status: 'error',
    reason: 'judge timed out',
    transient,
    rawAnswer: null,
    evidenceBundle: null,
    signals: null,
    provenance: null,
  };
}

/** A skipped result for store tests. */
export function buildSampleSkipped(taskId: string): SkippedResult {
  return { taskId, title: `Task ${taskId}`, status: 'skipped', reason: 'task not complete' };
}
