import {
  agreementReport,
  compareJudges,
  mostCommonScale,
  pairRatings,
  SCORE_CATEGORIES,
  type AgreementReport,
  type JudgeComparison,
  type JudgedParts,
  type JudgeParts,
  type ScoreCategory,
  type TaskResult,
} from '../core/index.js';
import { resultPages, type EvalRun, type Store } from '../store/index.js';

/** The judge comparison of two runs, with what each run's kept validation and people's ratings say of its judge. */
export interface StoredJudgeComparison extends JudgeComparison {
  /** Per run, the newest kept `validate` report that measured the judge's part (over the whole run), or null. */
  validations: [KeptJudgeParts | null, KeptJudgeParts | null];
  /** Per run, agreement of its parts with people's ratings of the shared tasks, or null without ratings. */
  people: [AgreementReport | null, AgreementReport | null];
}

export interface KeptJudgeParts {
  label: string;
  createdAt: string;
  judgeParts: JudgeParts;
}

/**
 * Two runs' judges side by side on the tasks both scored: null when neither run has a judge (there is
 * nothing of a judge to compare), else the parts, each run's kept validity of its judge, and people's agreement.
 */
export async function compareStoredJudges(
  store: Store,
  a: string,
  b: string,
  options: { seed?: number; iterations?: number } = {},
): Promise<StoredJudgeComparison | null> {
  const [runA, runB] = await Promise.all([store.getRun(a), store.getRun(b)]);
  if (!runA.provenance.judgeProvider && !runB.provenance.judgeProvider) return null;
  const [left, right] = await Promise.all([scoredResults(store, a), scoredResults(store, b)]);
  const inRight = new Set(right.map((r) => r.taskId));
  const shared = new Set(left.map((r) => r.taskId).filter((id) => inRight.has(id)));
  const comparison = compareJudges(
    { runId: a, judge: judgeOf(runA), items: left.map(parts) },
    { runId: b, judge: judgeOf(runB), items: right.map(parts) },
  );
  const kept = async (run: EvalRun): Promise<KeptJudgeParts | null> => {
    const found = (await store.listValidations({ runId: run.id, limit: 50 })).find((v) => v.report.judgeParts);
    return found ? { label: found.label, createdAt: found.createdAt, judgeParts: found.report.judgeParts! } : null;
  };
  const ratings = await store.listRatings({ projectId: runA.projectId });
  const agreement = (run: EvalRun, results: TaskResult[]): AgreementReport | null => {
    const rated = ratings.filter((r) => r.projectId === run.projectId && shared.has(r.taskId));
    if (!rated.length) return null;
    const scale = mostCommonScale(rated.map((r) => r.scale));
    const paired = pairRatings(
      results.filter((r) => shared.has(r.taskId)),
      results.map(() => run.projectId),
      rated,
      { scale, keyByProject: false },
    );
    return paired.items.length
      ? agreementReport(paired.items, { scale, iterations: options.iterations ?? 1000, seed: options.seed ?? 1 })
      : null;
  };
  return {
    ...comparison,
    validations: [await kept(runA), await kept(runB)],
    people: [agreement(runA, left), agreement(runB, right)],
  };
}

function judgeOf(run: EvalRun): JudgeComparison['sides'][0]['judge'] {
  const p = run.provenance;
  return p.judgeProvider && p.judgeModel
    ? { provider: p.judgeProvider, model: p.judgeModel, promptVersion: p.promptVersion }
    : null;
}

function parts(result: Extract<TaskResult, { status: 'scored' }>): JudgedParts {
  return {
    taskId: result.taskId,
    parts: Object.fromEntries(
      SCORE_CATEGORIES.map((c) => {
        const s = result.categoryScores.find((x) => x.category === c)!;
        return [c, { deterministic: s.deterministicScore, ai: s.aiScore, final: s.finalScore }];
      }),
    ) as Record<ScoreCategory, JudgedParts['parts'][ScoreCategory]>,
  };
}

async function scoredResults(store: Store, runId: string): Promise<Extract<TaskResult, { status: 'scored' }>[]> {
  const out: Extract<TaskResult, { status: 'scored' }>[] = [];
  const query = { runId, status: 'scored', full: true, sort: 'taskId', order: 'asc' } as const;
  for await (const page of resultPages(store, query, 200)) for (const r of page) if (r.status === 'scored') out.push(r);
  return out;
}
