import { isPullTaskId, pullFate, type Cohort, type ComparedItem, type EvaluationMode } from '../core/index.js';
import type { ScoredTasksQuery, Store } from '../store/index.js';
import { runProjects } from './run-projects.js';

/** A scored result with what a comparison groups it by. */
export interface ComparedResult extends ComparedItem {
  runId: string;
  /** The run's project (ComparedItem's `project`, always known here). */
  project: string;
  evaluatedAt: string;
  mode: EvaluationMode | null;
  rubricVersion: string | null;
  cohort: Cohort;
}

/**
 * The scored results a comparison reads, each task once (its newest result in the selection): a task scored
 * in several runs must not count several times in one cohort. The store picks the newest from an index.
 */
export async function loadComparedResults(
  store: Store,
  query: ScoredTasksQuery,
  /** Read each pull request's fate from its snapshot (a read of its whole row each); the kept fates need none. */
  options: { snapshotFates?: boolean } = {},
): Promise<ComparedResult[]> {
  const snapshotFates = options.snapshotFates ?? true;
  const projects = new Map<string, string>();
  const out: ComparedResult[] = [];
  for await (const chunk of store.scoredTaskChunks(query)) {
    for (const r of chunk) {
      if (!projects.has(r.runId)) projects.set(r.runId, (await runProjects(store, [r.runId])).get(r.runId)!);
      out.push({
        taskId: r.taskId,
        resultId: r.id,
        runId: r.runId,
        scores: r.scores,
        size: r.changeSize,
        project: projects.get(r.runId)!,
        spend: { agentTokens: r.agentTokens, agentCostUsd: r.agentCostUsd, judgeCostUsd: r.judgeCostUsd },
        // A pull request's fate is in its snapshot, which the index leaves out: read it for those alone.
        pull:
          snapshotFates && isPullTaskId(r.taskId)
            ? pullFate(r.taskId, (await store.getResult(r.id)).taskSnapshot)
            : null,
        evaluatedAt: r.evaluatedAt,
        mode: r.mode,
        rubricVersion: r.rubricVersion,
        cohort: { agent: r.agent, modelProvider: r.modelProvider, modelId: r.modelId, labels: r.labels },
      });
    }
  }
  return out;
}
