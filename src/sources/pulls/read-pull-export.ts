import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { z } from 'zod';
import { SourceError, TaskSchema, type Task } from '../../core/index.js';
import type { SourceProblem, SourceReadResult } from '../source-read-result.js';
import { pullReviews } from './pull-reviews.js';

/** The command that writes the file this source reads (docs/sources.md). */
export const GH_PR_EXPORT =
  'gh pr list --state all --limit 10000 --json number,title,body,author,headRefName,baseRefName,state,createdAt,mergedAt,closedAt,isDraft,additions,deletions,changedFiles,commits,reviews,statusCheckRollup,labels';

const MAX_EXPORT_BYTES = 256 * 1024 * 1024;
const text = z.string().nullish();
const date = z.string().refine((v) => !Number.isNaN(Date.parse(v)), { message: 'expected an ISO-8601 date' });
const when = date.nullish();

/** One pull request as `gh pr list --json …` writes it (only the fields taskeval reads; others are kept). */
const GhPullSchema = z.looseObject({
  number: z.number().int().positive(),
  title: text,
  body: text,
  author: z.looseObject({ login: text, is_bot: z.boolean().nullish() }).nullish(),
  headRefName: text,
  baseRefName: text,
  state: z.enum(['OPEN', 'CLOSED', 'MERGED']),
  createdAt: date,
  mergedAt: when,
  closedAt: when,
  isDraft: z.boolean().nullish(),
  additions: z.number().int().nullish(),
  deletions: z.number().int().nullish(),
  changedFiles: z.number().int().nullish(),
  commits: z.array(z.looseObject({ oid: z.string(), messageHeadline: text, authoredDate: when })).nullish(),
  reviews: z
    .array(
      z.looseObject({
        author: z.looseObject({ login: text }).nullish(),
        state: z.string(),
        submittedAt: when,
        body: text,
      }),
    )
    .nullish(),
  statusCheckRollup: z
    .array(
      z.looseObject({
        __typename: text,
        name: text,
        context: text,
        status: text,
        conclusion: text,
        state: text,
        startedAt: when,
        completedAt: when,
      }),
    )
    .nullish(),
  labels: z.array(z.looseObject({ name: z.string() })).nullish(),
});
type GhPull = z.output<typeof GhPullSchema>;

const COLUMN: Record<GhPull['state'], string> = { MERGED: 'done', CLOSED: 'closed', OPEN: 'open' };

/**
 * Pull requests from the JSON `gh pr list` writes (GH_PR_EXPORT): one task `PR-<N>` each, for scoring offline
 * without a token. Its reviews are reviews (APPROVED → APPROVE, CHANGES_REQUESTED → REVISE) and its checks are
 * workflow results. The export has no timeline, so the evaluation time is when it was opened; with
 * `hindsight: false` nothing after that moment is read (no later review, no check of a later head).
 */
export async function readPullExport(
  path: string,
  options: { cwd?: string; hindsight?: boolean } = {},
): Promise<SourceReadResult> {
  const full = resolve(options.cwd ?? process.cwd(), path);
  let value: unknown;
  try {
    const size = (await stat(full)).size;
    if (size > MAX_EXPORT_BYTES) throw new Error(`${Math.round(size / 2 ** 20)} MiB is over the limit of 256 MiB`);
    const raw = await readFile(full, 'utf8');
    // A byte-order mark (Windows editors, PowerShell's redirection) is not JSON; task files accept it too.
    value = JSON.parse(raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw);
  } catch (error) {
    throw new SourceError(
      'source_unreadable',
      `${path}: cannot read the pull request export: ${(error as Error).message}`,
      { field: 'pulls', hint: `Write it with: ${GH_PR_EXPORT} > ${path}` },
    );
  }
  if (!Array.isArray(value))
    throw new SourceError('source_invalid', `${path}: expected the JSON array gh pr list --json writes`, {
      field: 'pulls',
      hint: `Write it with: ${GH_PR_EXPORT} > ${path}`,
    });
  const tasks: Task[] = [];
  const problems: SourceProblem[] = [];
  value.forEach((item, index) => {
    const parsed = GhPullSchema.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const n = (item as { number?: unknown } | null)?.number;
      problems.push({
        path,
        index,
        ...(typeof n === 'number' ? { taskId: `PR-${n}` } : {}),
        message: `${issue.path.join('.') || 'pull request'}: ${issue.message}`,
      });
      return;
    }
    const task = TaskSchema.safeParse(toTask(parsed.data, options.hindsight ?? true));
    if (task.success) tasks.push(task.data);
    else
      problems.push({
        path,
        index,
        taskId: `PR-${parsed.data.number}`,
        message: `makes no valid task: ${task.error.issues[0]!.path.join('.')}: ${task.error.issues[0]!.message}`,
      });
  });
  return {
    tasks,
    problems,
    notices: [
      `pulls: ${tasks.length} pull request${tasks.length === 1 ? '' : 's'} from ${path} (${tasks.filter((t) => t.column === 'done').length} merged)`,
    ],
  };
}

function toTask(pr: GhPull, hindsight: boolean): unknown {
  const readyAt = pr.createdAt;
  const known = (at: string | null | undefined) => hindsight || (at != null && Date.parse(at) <= Date.parse(readyAt));
  const reviews = pullReviews(
    (pr.reviews ?? []).map((r) => ({
      state: r.state,
      body: r.body ?? null,
      reviewer: r.author?.login ?? null,
      submittedAt: r.submittedAt ?? null,
    })),
    known,
  );
  // The checks are the latest head's: at the moment it was opened they were not known.
  const checks = hindsight
    ? (pr.statusCheckRollup ?? []).map((c, i) => ({
        workflowStepId: `check-${i}`,
        workflowStepName: c.name ?? c.context ?? `check ${i + 1}`,
        status: checkStatus(c),
        startedAt: c.startedAt ?? null,
        completedAt: c.completedAt ?? null,
      }))
    : [];
  return {
    id: `PR-${pr.number}`,
    title: pr.title ?? `Pull request #${pr.number}`,
    ...(pr.body ? { description: pr.body } : {}),
    // At evaluation time whether it was merged is what the score predicts: every pull request is in review then.
    column: hindsight ? COLUMN[pr.state] : 'in-review',
    createdAt: pr.createdAt,
    executionStartedAt: pr.createdAt,
    // No timeline in the export: the pull request counts as ready for review when it was opened.
    executionCompletedAt: readyAt,
    ...(pr.headRefName ? { branch: pr.headRefName } : {}),
    ...(reviews.length ? { reviews } : {}),
    ...(checks.length ? { workflowStepResults: checks } : {}),
    ...(pr.labels?.length
      ? {
          labels: Object.fromEntries(pr.labels.map((l) => [`label.${l.name.replace(/[^A-Za-z0-9_.-]/g, '_')}`, 'yes'])),
        }
      : {}),
    prInfo: {
      number: pr.number,
      status: hindsight ? pr.state.toLowerCase() : 'open',
      title: pr.title ?? null,
      headBranch: pr.headRefName ?? null,
      baseBranch: pr.baseRefName ?? null,
      author: pr.author?.login ?? null,
      isDraft: pr.isDraft ?? null,
      additions: pr.additions ?? null,
      deletions: pr.deletions ?? null,
      changedFiles: pr.changedFiles ?? null,
      commits: (pr.commits ?? []).filter((c) => known(c.authoredDate)).length,
      commitSubjects: (pr.commits ?? [])
        .filter((c) => known(c.authoredDate))
        .flatMap((c) => (c.messageHeadline ? [c.messageHeadline] : [])),
    },
  };
}

function checkStatus(c: NonNullable<GhPull['statusCheckRollup']>[number]): 'passed' | 'failed' | 'skipped' | 'pending' {
  const outcome = (c.conclusion ?? c.state ?? '').toUpperCase();
  if (outcome === 'SUCCESS' || outcome === 'NEUTRAL') return 'passed';
  if (outcome === 'SKIPPED') return 'skipped';
  if (['FAILURE', 'ERROR', 'TIMED_OUT', 'CANCELLED', 'ACTION_REQUIRED', 'STARTUP_FAILURE'].includes(outcome))
    return 'failed';
  return 'pending';
}
