import { createHash } from 'node:crypto';
import { z } from 'zod';
import { isPullTaskId, SourceError } from '../core/index.js';
import {
  computeTaskOutcomes,
  DEFAULT_FIX_PATTERN,
  fixSubjectMatcher,
  runGit,
  TaskOutcomeSchema,
  type GitRunner,
  type OutcomesReport,
  type OutcomeTask,
} from '../evidence/index.js';
import type { TaskSet } from '../sources/index.js';
import type { RepositoryCache } from '../store/index.js';

/** Bumped when the labelling method changes, so cached outcomes of an older method are not reused. */
export const OUTCOMES_METHOD = 'szz-2';

export interface ComputeProjectOutcomesInput {
  set: TaskSet;
  windowMs: number;
  minLines: number;
  concurrency: number;
  /** Where computed outcomes are kept; null computes every time. */
  cache: RepositoryCache | null;
  now: string;
  runGit?: GitRunner;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** Which commit subjects are fixes, as a regular expression (config `outcomes.fixPattern`); default DEFAULT_FIX_PATTERN. */
  fixPattern?: string;
}

export interface ProjectOutcomes extends OutcomesReport {
  /** True when the rows came from the cache (same ref tips, tasks and settings). */
  cached: boolean;
  windowMs: number;
  minLines: number;
}

const CachedOutcomesSchema = z.object({
  rows: z.array(TaskOutcomeSchema),
  fixCommits: z.number().int(),
  examinedFixes: z.number().int(),
  unreadable: z.number().int(),
  warnings: z.array(z.string()),
});

/**
 * Outcomes of the selected tasks: from the cache when the repository's ref tips, the tasks' commits and
 * the settings are the ones it was computed for, else computed (SZZ) and kept.
 */
export async function computeProjectOutcomes(input: ComputeProjectOutcomesInput): Promise<ProjectOutcomes> {
  const { set } = input;
  const index = set.commitIndex;
  if (!index) {
    throw new SourceError('source_unreadable', `outcomes need a git repository, and ${set.origin} has none`, {
      field: 'repo',
      hint: 'run it in a git repository, or name one with --repo PATH',
    });
  }
  const run = input.runGit ?? runGit;
  const tasks: OutcomeTask[] = set.items.map((item) => {
    const shas = (item.commits ?? []).map((c) => c.sha);
    // A pull request's change landed as a merge, squash or rebased commit: later fixes blame it and reverts name it.
    const mergeSha = isPullTaskId(item.task.id) ? item.task.mergeDetails?.commitSha : undefined;
    const landed = mergeSha ? index.commit(mergeSha)?.sha : undefined;
    if (landed && !shas.includes(landed)) {
      const history = index.historyFor(item.task.id, [...shas, landed]);
      return {
        id: item.task.id,
        shas: [...shas, landed],
        completedAt: item.completedAt,
        reverted: history.reverted,
        revertShas: history.revertShas,
        followUps: history.laterFixShas,
      };
    }
    return {
      id: item.task.id,
      shas,
      completedAt: item.completedAt,
      reverted: item.history?.reverted ?? false,
      revertShas: item.history?.revertShas ?? [],
      followUps: item.history?.laterFixShas ?? [],
    };
  });
  const refs = await run(['for-each-ref', '--format=%(objectname) %(refname)'], {
    cwd: index.repo,
    ...(input.signal ? { signal: input.signal } : {}),
  });
  const key = createHash('sha256')
    .update(
      JSON.stringify({
        method: OUTCOMES_METHOD,
        repo: index.repo,
        tips: refs.stdout,
        tasks,
        windowMs: input.windowMs,
        minLines: input.minLines,
        fixPattern: input.fixPattern ?? DEFAULT_FIX_PATTERN,
      }),
    )
    .digest('hex');
  const settings = { windowMs: input.windowMs, minLines: input.minLines };
  if (input.cache) {
    const hit = CachedOutcomesSchema.safeParse(await input.cache.get(key));
    if (hit.success) return { ...hit.data, ...settings, cached: true };
  }
  const report = await computeTaskOutcomes({
    index,
    tasks,
    windowMs: input.windowMs,
    minLines: input.minLines,
    concurrency: input.concurrency,
    runGit: run,
    isFix: fixSubjectMatcher(input.fixPattern),
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.onProgress ? { onProgress: input.onProgress } : {}),
  });
  await input.cache?.set(key, report, input.now);
  return { ...report, ...settings, cached: false };
}
