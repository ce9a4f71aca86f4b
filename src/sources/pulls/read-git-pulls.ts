import { SourceError, TaskSchema, type Task } from '../../core/index.js';
import type { SourceReadResult } from '../source-read-result.js';
import { readPullHeads } from './read-pull-heads.js';

/** How a pull request's head is fetched into a clone, for messages. */
export const FETCH_PULLS = "git fetch origin '+refs/pull/*/head:refs/pull/*/head'";

/**
 * Pull requests from git alone (`refs/pull/<N>/head`): one task `PR-<N>` each (readPullHeads), its commits the
 * head's own line. A clone without heads is told how to fetch them.
 */
export async function readGitPulls(
  repo: string,
  signal?: AbortSignal,
  options: { hindsight?: boolean } = {},
): Promise<SourceReadResult> {
  const read = await readPullHeads(repo, signal);
  if (!read) {
    throw new SourceError('source_invalid', `${repo} holds no pull request heads (refs/pull/<N>/head)`, {
      field: 'source',
      hint: `Fetch them once with: ${FETCH_PULLS}`,
    });
  }
  const { main, pulls } = read;
  const tasks: Task[] = pulls.map((pr) => {
    const first = pr.commits[0];
    const last = pr.commits[pr.commits.length - 1];
    return TaskSchema.parse({
      id: `PR-${pr.number}`,
      title: pr.title,
      // At evaluation time (no hindsight) whether it was merged is what the score must predict, not read.
      column: options.hindsight === false ? 'in-review' : pr.merged ? 'done' : 'not-merged',
      ...(first ? { createdAt: first.authoredAt, executionStartedAt: first.authoredAt } : {}),
      // Git has no ready-for-review time: the last push (the head's author date) stands for it.
      ...(last ? { executionCompletedAt: last.authoredAt } : {}),
      branch: `refs/pull/${pr.number}/head`,
      ...(pr.base ? { baseCommitSha: pr.base } : {}),
      // What landed it is an outcome: read only with hindsight (outcomes blame and revert it).
      ...(options.hindsight !== false && pr.landed
        ? { mergeDetails: { commitSha: pr.landed, prNumber: pr.number } }
        : {}),
      prInfo: {
        number: pr.number,
        status: options.hindsight === false ? 'open' : pr.merged ? 'merged' : 'not merged',
        title: pr.title,
        baseBranch: main,
      },
    });
  });
  return {
    tasks,
    problems: [],
    ownCommits: new Map(pulls.map((pr) => [`PR-${pr.number}`, pr.commits.map((c) => c.sha)])),
    notices: [
      options.hindsight === false
        ? `pulls: ${tasks.length} pull request${tasks.length === 1 ? '' : 's'} from refs/pull, scored as each was handed over (whether it was merged is not read: \`taskeval outcomes --source pulls\` keeps that for compare)`
        : `pulls: ${tasks.length} pull request${tasks.length === 1 ? '' : 's'} from refs/pull (${tasks.filter((t) => t.column === 'done').length} merged into ${main}; git cannot tell open from closed)`,
    ],
  };
}
