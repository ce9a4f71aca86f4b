/** What each top-level task field means; shown in `taskeval schema task` and docs/task-format.md. */
export const TASK_FIELD_DESCRIPTIONS: Readonly<Record<string, string>> = Object.freeze({
  id: 'Task id, unique in the file (Fusion: FN-123, KB-45). Commits name it in a Fusion-Task-Id trailer or a subject such as feat(FN-123): ...',
  title: 'Short title; when absent taskeval derives one from the description.',
  description: 'The task as asked (Fusion stores the spec summary here).',
  prompt: "The full spec the agent worked from (Fusion's PROMPT.md).",
  column: 'Workflow lane: triage, todo, in-progress, in-review, done, archived (workflows may rename lanes).',
  status: 'Finer status inside the lane (Fusion: merging, failed, ...).',
  priority: 'Priority as the source gives it (string or number).',
  size: 'Size estimate (Fusion: S, M, L).',
  reviewLevel: 'How much review the task required (Fusion: 0 none .. 3 full).',
  currentStep: 'Index of the step the agent was on last.',
  branch: 'Task branch (Fusion: fusion/<id lowercased>).',
  baseBranch: 'Branch the work merges into.',
  baseCommitSha: 'Commit the task branch started from; with the merge commit it bounds the branch range.',
  worktree: 'Worktree path the agent used.',
  modelProvider: 'Provider of the model the agent ran on.',
  modelId: 'Model the agent ran on.',
  agent:
    'The agent that did the work (claude, codex, an orchestrator agent); a cohort for compare --by agent. Inferred from sessions and commits when absent.',
  agentVersion:
    "That agent's own version, as its session recorded it (2.0.14); filled from a linked session when absent.",
  identity:
    "Set by taskeval: who did the work (agent, agentVersion, modelId), where each came from (session, task-record, trailer, author, branch, subject), the evidence and each agent's share of the commits.",
  labels: 'Free cohort labels such as {"prompt": "v2"}, for results --label and compare --by label:KEY.',
  summary: "The agent's own summary of what it did.",
  error: 'Last error the orchestrator recorded for the task.',
  createdAt: 'When the task was created (ISO-8601).',
  updatedAt: 'When the record last changed (ISO-8601).',
  columnMovedAt: 'When the task entered its current lane (ISO-8601).',
  executionStartedAt: 'When the agent started executing (ISO-8601).',
  executionCompletedAt: 'When execution finished (ISO-8601).',
  archivedAt: 'When the task was archived (ISO-8601).',
  dependencies: 'Ids of tasks this one depended on.',
  modifiedFiles: 'Paths the task changed.',
  steps:
    'The plan: [{ name, status }] in order; status as the orchestrator spells it (pending, in-progress, done, skipped).',
  log: 'The task\'s activity log: [{ timestamp, action, outcome? }]. Fusion writes review verdicts here ("Spec review: REVISE", "code review Step 1: APPROVE").',
  workflowStepResults:
    'Workflow gates (tests, lint, review): [{ workflowStepId, workflowStepName?, phase?, status passed|failed|skipped|pending, output?, startedAt?, completedAt? }].',
  reviews:
    'Structured review verdicts, for sources that have them directly: [{ type, step?, verdict APPROVE|REVISE|RETHINK, summary?, reviewer?, timestamp? }].',
  documents: 'Documents the task wrote: [{ key, content?, revision?, author?, createdAt?, updatedAt? }].',
  agentLogs:
    "The agents' own log: [{ timestamp, type text|tool|thinking|tool_result|tool_error, text, detail?, agent?, origin? }].",
  runAudit: 'What the run changed: [{ id, timestamp, agentId?, runId?, domain, mutationType, target?, metadata? }].',
  prInfo: 'Pull request: { url, number, status, title, headBranch, baseBranch }.',
  pullRequests:
    "Pull requests that carried the task (their commits, title or branch name it): [{ number, title, status? }]. Set by taskeval from the clone's refs/pull heads; status only with hindsight.",
  mergeDetails:
    'How the task merged: { commitSha, filesChanged, insertions, deletions, mergeCommitMessage, mergedAt, mergeConfirmed, prNumber, resolutionStrategy, attemptsMade }.',
  tokenUsage: 'Token usage as one object: { inputTokens, outputTokens, cachedTokens, totalTokens }.',
  agentCostUsd:
    "What the agent's tokens cost in US dollars; without it, computed from the token usage when sources.prices prices the task's model.",
  agentSession:
    'What the whole agent session showed: { steps, failedCommands, edits, rejectedEdits, testRuns, testedAfterLastEdit, lastTestPassed, gaveUp, exitStatus, patchLinesAdded, patchLinesDeleted, patchFiles }. Filled from linked transcripts when absent.',
  sessionIds:
    'The ids of the agent sessions that did the work: given by the record, or those taskeval linked through its commits. Exported as gen_ai.conversation.id.',
  tokenUsageInputTokens: "Input tokens (Fusion's flat column).",
  tokenUsageOutputTokens: "Output tokens (Fusion's flat column).",
  tokenUsageCachedTokens: "Cached input tokens (Fusion's flat column).",
  tokenUsageTotalTokens: "Total tokens (Fusion's flat column).",
  mergeRetries: 'Times the merge was retried.',
  workflowStepRetries: 'Times a workflow step was retried.',
  stuckKillCount: 'Times the agent was killed for being stuck.',
  postReviewFixCount: 'Fix rounds after review.',
  recoveryRetryCount: 'Recovery retries after a crash or error.',
  taskDoneRetryCount: 'Retries of the task-done step.',
  verificationFailureCount: 'Failed completion verifications.',
  mergeConflictBounceCount: 'Times the task bounced back for a merge conflict.',
  mergeAuditBounceCount: 'Times the task bounced back from the merge audit.',
  mergeTransientRetryCount: 'Merge retries for transient failures.',
});
