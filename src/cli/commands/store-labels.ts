import {
  agreementReport,
  ConfigError,
  mostCommonScale,
  pairRatings,
  SourceError,
  type AgreementReport,
  type LabelledTask,
  type TaskResult,
} from '../../core/index.js';
import { parseCount } from '../../runs/index.js';
import type { CliIo } from '../cli-io.js';
import { openCliStore } from '../options/store-options.js';
import type { ValidateOptions } from './validate-options.js';

/**
 * Labels from people's ratings kept in the store (`validate --labels store`): the overall rating per task as
 * the label, and how far rubric, judge and final score agree with people, per prompt and rubric version.
 */
export async function storeLabels(
  options: ValidateOptions,
  io: CliIo,
  read: {
    results: readonly TaskResult[];
    projects: readonly (string | null)[];
    projectIds: readonly (string | null)[];
  },
): Promise<{ labels: Map<string, LabelledTask>; name: string; agreement: AgreementReport; notes: string[] }> {
  const cli = await openCliStore(options, io, { mustExist: true, readOnly: true });
  let ratings;
  try {
    const wanted = new Set(read.projectIds.filter((p): p is string => p !== null));
    const filter = options.rater ? { rater: options.rater } : {};
    ratings = wanted.size
      ? (await Promise.all([...wanted].map((projectId) => cli.store.listRatings({ ...filter, projectId })))).flat()
      : await cli.store.listRatings(filter);
  } finally {
    await cli.close();
  }
  if (!ratings.length)
    throw new SourceError(
      'source_invalid',
      `the store holds no ratings${options.rater ? ` by ${options.rater}` : ''} of these tasks`,
      {
        field: 'labels',
        hint: 'rate a sample first: taskeval label --run ID --rater NAME',
      },
    );
  if (read.projectIds.every((p) => p === null)) refuseAmbiguousRatings(ratings);
  const scale = options.scale ?? mostCommonScale(ratings.map((r) => r.scale));
  const iterations = parseCount('--iterations', options.iterations, 0, 100_000);
  const seed = parseCount('--seed', options.seed, 0, 2 ** 32 - 1);
  // Results from runs carry their project, and a rating matches only its own project's task; a file's by task id.
  const fromRuns = read.projectIds.some((p) => p !== null);
  const paired = pairRatings(read.results, fromRuns ? read.projectIds : read.projectIds.map(() => null), ratings, {
    scale,
    keyByProject: fromRuns && read.projects.some((p) => p !== null),
  });
  const notes: string[] = [];
  if (paired.otherScale) notes.push(`${paired.otherScale} rating(s) on the other scale were left out (--scale)`);
  if (paired.unscored) notes.push(`${paired.unscored} rating(s) of tasks with no scored result here were left out`);
  return {
    labels: paired.labels,
    name:
      scale === '1-5'
        ? "people's overall rating (1-5, mean over raters)"
        : "people's overall rating (bad: most raters said bad)",
    agreement: agreementReport(paired.items, { scale, iterations, seed }),
    notes,
  };
}

/** Scores from files name no project: one task id rated in two projects cannot say whose it is. */
function refuseAmbiguousRatings(ratings: readonly { projectId: string; taskId: string }[]): void {
  const seen = new Map<string, string>();
  for (const r of ratings) {
    const other = seen.get(r.taskId);
    if (other !== undefined && other !== r.projectId)
      throw new ConfigError('usage', `task ${r.taskId} is rated in two projects (${other} and ${r.projectId})`, {
        field: '--labels',
        hint: 'validate a stored run (--run ID) instead of a results file, so ratings match by project',
      });
    seen.set(r.taskId, r.projectId);
  }
}
