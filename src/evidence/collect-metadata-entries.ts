import { TASK_COUNTER_FIELDS, taskTokenUsage, type CommitHistorySignals, type Task } from '../core/index.js';
import { canonicalJson } from './canonical-json.js';
import { deriveTaskTitle } from './derive-task-title.js';
import { makeEntry, type DraftEntry, type EntryInput, type RefValue } from './make-entry.js';

/** The taskMetadata group's drafts: spec, outcome, branch, PR, merge, execution, counters, tokens, model, history. */
export function collectMetadataEntries(task: Task, history: CommitHistorySignals | null | undefined): DraftEntry[] {
  const meta = (input: Omit<EntryInput, 'source' | 'fingerprint'>): DraftEntry =>
    makeEntry(task.id, {
      ...input,
      source: 'taskMetadata',
      fingerprint: canonicalJson([input.label, input.text, input.ref]),
    });
  const drafts: DraftEntry[] = [];

  drafts.push(
    meta({
      id: 'task-spec',
      label: deriveTaskTitle(task),
      timestamp: task.createdAt,
      text: task.prompt || task.description,
      ref: {
        column: task.column,
        status: task.status,
        size: task.size,
        reviewLevel: task.reviewLevel,
        priority: task.priority,
      },
    }),
  );
  drafts.push(
    meta({
      id: 'task-outcome',
      label: `Outcome: ${[task.column, task.status].filter(Boolean).join(' / ') || 'unknown'}${task.error ? ' (error)' : ''}`,
      timestamp: task.executionCompletedAt ?? task.columnMovedAt,
      text: task.summary || task.error,
      ref: { column: task.column, status: task.status, hasError: Boolean(task.error) },
    }),
  );
  drafts.push(
    meta({
      id: 'task-branch',
      label: `Branch: ${task.branch ?? 'unknown'}${task.baseBranch ? ` onto ${task.baseBranch}` : ''}`,
      ref: {
        branch: task.branch,
        baseBranch: task.baseBranch,
        baseCommitSha: task.baseCommitSha,
        worktree: task.worktree,
      },
    }),
  );
  if (task.prInfo) {
    const pr = task.prInfo;
    drafts.push(
      meta({
        id: 'task-pr',
        label: `PR${pr.number != null ? ` #${pr.number}` : ''}${pr.status ? ` (${pr.status})` : ''}${pr.title ? `: ${pr.title}` : ''}`,
        ref: {
          prNumber: pr.number,
          prUrl: pr.url,
          prStatus: pr.status,
          headBranch: pr.headBranch,
          baseBranch: pr.baseBranch,
          // What a pull request source knows besides (absent keys stay out of the bundle).
          ...pickDefined(pr, PR_FACTS),
        },
      }),
    );
  }
  if (task.pullRequests?.length) {
    const pulls = task.pullRequests;
    drafts.push(
      meta({
        id: 'task-pulls',
        label: `Pull requests: ${pulls.map((p) => `#${p.number ?? '?'}${p.status ? ` (${p.status})` : ''}`).join(', ')}`,
        text: pulls.map((p) => `#${p.number ?? '?'} ${p.title ?? ''}`.trim()).join('\n'),
        ref: { pullNumbers: pulls.map((p) => p.number ?? '?').join(' '), pullCount: pulls.length },
      }),
    );
  }
  if (task.mergeDetails) {
    const merge = task.mergeDetails;
    drafts.push(
      meta({
        id: 'task-merge',
        label: `Merge${merge.commitSha ? ` ${merge.commitSha.slice(0, 12)}` : ''}${merge.mergeConfirmed === true ? ' (confirmed)' : merge.mergeConfirmed === false ? ' (unconfirmed)' : ''}`,
        timestamp: merge.mergedAt,
        text: merge.mergeCommitMessage,
        ref: {
          mergeCommitSha: merge.commitSha,
          mergedAt: merge.mergedAt,
          mergeConfirmed: merge.mergeConfirmed,
          filesChanged: merge.filesChanged,
          insertions: merge.insertions,
          deletions: merge.deletions,
          resolutionStrategy: merge.resolutionStrategy,
          attemptsMade: merge.attemptsMade,
        },
      }),
    );
  }
  drafts.push(
    meta({
      id: 'task-execution',
      label: executionLabel(task),
      timestamp: task.executionStartedAt,
      ref: {
        createdAt: task.createdAt,
        executionStartedAt: task.executionStartedAt,
        executionCompletedAt: task.executionCompletedAt,
        columnMovedAt: task.columnMovedAt,
      },
    }),
  );
  drafts.push(counterEntry(task, meta));
  const tokens = taskTokenUsage(task);
  const cost = task.agentCostUsd ?? null;
  if (Object.values(tokens).some((v) => v != null) || cost !== null) {
    const costText = cost === null ? '' : `, $${cost < 0.01 && cost > 0 ? cost.toPrecision(2) : cost.toFixed(2)}`;
    drafts.push(
      meta({
        id: 'task-tokens',
        label: `Tokens: ${tokens.totalTokens ?? '?'} total${costText}`,
        ref: { ...tokens, ...(cost === null ? {} : { costUsd: cost }) },
      }),
    );
  }
  if (task.agent || task.agentVersion) {
    drafts.push(
      meta({
        id: 'task-agent',
        label: `Agent: ${[task.agent ?? 'unknown', task.agentVersion].filter(Boolean).join(' ')}`,
        ref: { agent: task.agent, agentVersion: task.agentVersion },
      }),
    );
  }
  if (task.modelProvider || task.modelId) {
    drafts.push(
      meta({
        id: 'task-model',
        label: `Model: ${[task.modelProvider, task.modelId].filter(Boolean).join('/')}`,
        ref: { modelProvider: task.modelProvider, modelId: task.modelId },
      }),
    );
  }
  if (history?.prior) {
    drafts.push(
      meta({
        id: 'task-prior',
        label: `Before the task: ${history.prior.commits} other commit(s) on its code files in 14 days (busiest file ${history.prior.hottestFile}), ${history.prior.fixes} fix(es) in 30 days`,
        ref: {
          priorCommits: history.prior.commits,
          hottestFile: history.prior.hottestFile,
          priorFixes: history.prior.fixes,
          hoursSinceChange: history.prior.hoursSinceChange == null ? null : Math.round(history.prior.hoursSinceChange),
        },
      }),
    );
  }
  if (history) {
    const later =
      history.hindsight === false
        ? 'what happened after the task was not read (evaluation time)'
        : `${history.reverted ? 'reverted' : 'not reverted'}, ${history.laterFixShas.length} later fix${history.laterFixShas.length === 1 ? '' : 'es'}`;
    // A judge and a reader must know the history was not whole: missing commits and sizes read as a smaller change.
    const gaps = history.gaps?.length ? `; INCOMPLETE: ${history.gaps.join('; ')}` : '';
    drafts.push(
      meta({
        id: 'task-history',
        label: `History: ${later}${gaps}`,
        ref: {
          hindsight: history.hindsight !== false,
          reverted: history.reverted,
          revertShas: history.revertShas.join(','),
          laterFixes: history.laterFixShas.length,
          firstCommitAt: history.firstCommitAt,
          lastCommitAt: history.lastCommitAt,
          ...(history.gaps?.length ? { gaps: history.gaps.join('; ') } : {}),
        },
      }),
    );
  }
  return drafts;
}

function executionLabel(task: Task): string {
  if (task.executionStartedAt && task.executionCompletedAt)
    return `Execution: ${task.executionStartedAt} → ${task.executionCompletedAt}`;
  if (task.executionStartedAt) return `Execution: started ${task.executionStartedAt}`;
  return 'Execution: no start recorded';
}

function counterEntry(task: Task, meta: (input: Omit<EntryInput, 'source' | 'fingerprint'>) => DraftEntry): DraftEntry {
  const ref: Record<string, RefValue> = {};
  const nonZero: string[] = [];
  for (const field of TASK_COUNTER_FIELDS) {
    const value = task[field] ?? null;
    ref[field] = value;
    if (value) nonZero.push(`${field} ${value}`);
  }
  return meta({
    id: 'task-counters',
    label: `Counters: ${nonZero.length ? nonZero.join(', ') : 'all zero or unrecorded'}`,
    ref,
  });
}

/** Pull request facts a forge source records in prInfo, shown with the pull request when present. */
const PR_FACTS = [
  'author',
  'isDraft',
  'readyAt',
  'additions',
  'deletions',
  'changedFiles',
  'commits',
  'reviewComments',
  'iterations',
  'mergedAt',
  'closedAt',
  'tasks',
] as const;

/** The scalar facts present (a list, such as linked task ids, joined by spaces). */
function pickDefined(record: Record<string, unknown>, keys: readonly string[]): Record<string, RefValue> {
  const picked: Record<string, RefValue> = {};
  for (const k of keys) {
    const v = record[k];
    if (Array.isArray(v)) picked[k] = v.map(String).join(' ');
    else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') picked[k] = v;
  }
  return picked;
}
