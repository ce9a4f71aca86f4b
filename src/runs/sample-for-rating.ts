import { seededRandom } from '../core/index.js';
import { resultPages, type EvalRun, type Store, type StoredResult } from '../store/index.js';

/** The tasks a person is shown to rate, and how many of the run's tasks they rated before. */
export interface RatingSample {
  run: EvalRun;
  results: StoredResult[];
  /** Scored tasks of the run. */
  scored: number;
  /** Of those, rated by this rater already (left out). */
  alreadyRated: number;
}

/**
 * A seeded random sample of a run's scored tasks that this rater has not rated yet: random, so the rated
 * tasks stand for the run rather than for its first page; seeded, so two raters given the same seed see the same tasks.
 */
export async function sampleForRating(
  store: Store,
  input: { runId: string; rater: string; size: number; seed: number },
): Promise<RatingSample> {
  const run = await store.getRun(input.runId);
  const rated = new Set(
    (await store.listRatings({ projectId: run.projectId, rater: input.rater })).map((r) => r.taskId),
  );
  const ids: { id: string; taskId: string }[] = [];
  for await (const page of resultPages(store, { runId: run.id, status: 'scored', sort: 'taskId', order: 'asc' }))
    ids.push(...page.map((r) => ({ id: r.id, taskId: r.taskId })));
  const fresh = ids.filter((r) => !rated.has(r.taskId));
  const random = seededRandom(input.seed);
  for (let i = fresh.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [fresh[i], fresh[j]] = [fresh[j]!, fresh[i]!];
  }
  const results: StoredResult[] = [];
  for (const r of fresh.slice(0, input.size)) results.push(await store.getResult(r.id));
  return { run, results, scored: ids.length, alreadyRated: ids.length - fresh.length };
}
