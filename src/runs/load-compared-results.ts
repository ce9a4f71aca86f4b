import { isPullTaskId, pullFate, type ComparedItem } from '../core/index.js';
import { resultPages, type ListResultsQuery, type ResultSummary, type Store } from '../store/index.js';

const PAGE = 500;

/** A scored result with what a comparison groups it by. */
export interface ComparedResult extends ComparedItem {
  runId: string;
  /** The run's project (ComparedItem's `project`, always known here). */
  project: string;
  summary: ResultSummary;
}

/**
 * The scored results a comparison reads, newest first, each task once (its newest result in the
 * selection): a task scored in several runs must not count several times in one cohort.
 */
export async function loadComparedResults(
  store: Store,
  query: Pick<ListResultsQuery, 'runId' | 'since' | 'until' | 'model' | 'provider' | 'agent' | 'labels' | 'projectId'>,
): Promise<ComparedResult[]> {
  const projects = new Map<string, string>();
  const seen = new Set<string>();
  const out: ComparedResult[] = [];
  // Brief summaries: a comparison reads scores, sizes, cohorts and spend, not each category's breakdown.
  const pages = resultPages(
    store,
    { ...query, status: 'scored', sort: 'evaluatedAt', order: 'desc', brief: true },
    PAGE,
  );
  for await (const page of pages) {
    for (const r of page) {
      if (seen.has(r.taskId) || r.overallScore === null) continue;
      const { agentPerformance, taskOutcomeQuality, processCompliance } = r.finals;
      if (agentPerformance === null || taskOutcomeQuality === null || processCompliance === null) continue;
      seen.add(r.taskId);
      if (!projects.has(r.runId)) projects.set(r.runId, (await store.getRun(r.runId)).projectId);
      out.push({
        taskId: r.taskId,
        resultId: r.id,
        runId: r.runId,
        scores: { agentPerformance, taskOutcomeQuality, processCompliance, overall: r.overallScore },
        size: r.changeSize,
        project: projects.get(r.runId)!,
        spend: { agentTokens: r.agentTokens, agentCostUsd: r.agentCostUsd, judgeCostUsd: r.judgeCostUsd },
        // A pull request's fate is in its snapshot, which listings leave out: read it for those alone.
        pull: isPullTaskId(r.taskId) ? pullFate(r.taskId, (await store.getResult(r.id)).taskSnapshot) : null,
        summary: r,
      });
    }
  }
  return out;
}
