import { CommitRecordSchema, type CommitRecord } from '../../commit-record.js';
import { TaskSchema, type Task, type TaskInput } from '../../task.js';

/** A task parsed through TaskSchema. */
export function buildTask(input: Partial<TaskInput> = {}): Task {
  return TaskSchema.parse({ id: 'FN-1', ...input });
}

/** A commit parsed through CommitRecordSchema; `n` gives a distinct sha and a date n minutes in; it touches code unless config-only. */
/** What the evidence layer's classifyPath would say of a test fixture's path (core cannot import it). */
function kindOf(path: string): 'code' | 'test' | 'docs' | 'config' {
  if (/(?:^|\/)tests?\/|\.test\./.test(path)) return 'test';
  if (/(?:^|\/)docs?\/|\.md$/.test(path)) return 'docs';
  if (/\.(?:json|ya?ml|toml)$/.test(path)) return 'config';
  return 'code';
}

export function buildCommit(n: number, overrides: Partial<CommitRecord> = {}): CommitRecord {
  const files = (overrides.files ?? [{ path: `src/file-${n}.ts`, insertions: n, deletions: 1 }]).map((f) => ({
    kind: kindOf(f.path),
    ...f,
  }));
  return CommitRecordSchema.parse({
    sha: n.toString(16).padStart(40, 'a'),
    author: 'Ada',
    date: new Date(Date.UTC(2026, 3, 1, 10, n)).toISOString(),
    subject: `feat(FN-1): change ${n}`,
    trailers: { 'Fusion-Task-Id': ['FN-1'] },
    attribution: 'trailer',
    // The default file is code, so the flag follows unless the caller says otherwise.
    touchesCode: overrides.configOnly !== true,
    ...overrides,
    files,
  });
}

const at = (minute: number) => new Date(Date.UTC(2026, 3, 1, 9, minute)).toISOString();

/** A clean, done task: steps done, workflow passed, spec and code reviews approved, counters all zero. */
export function cleanTaskInput(): TaskInput {
  return {
    id: 'FN-1',
    title: 'Add the thing',
    column: 'done',
    steps: [
      { name: 'Implement', status: 'done' },
      { name: 'Test', status: 'done' },
    ],
    workflowStepResults: [
      { workflowStepId: 'tests', workflowStepName: 'Tests', status: 'passed', completedAt: at(10) },
      { workflowStepId: 'lint', workflowStepName: 'Lint', status: 'passed', completedAt: at(11) },
    ],
    reviews: [
      { type: 'spec', verdict: 'APPROVE', timestamp: at(1) },
      { type: 'code', step: 1, verdict: 'APPROVE', timestamp: at(9) },
    ],
    mergeRetries: 0,
    workflowStepRetries: 0,
    stuckKillCount: 0,
    postReviewFixCount: 0,
    recoveryRetryCount: 0,
    taskDoneRetryCount: 0,
    verificationFailureCount: 0,
    mergeConflictBounceCount: 0,
    mergeAuditBounceCount: 0,
    mergeTransientRetryCount: 0,
  };
}

/** Commits of the clean task: code with tests, then docs, all with the trailer and conventional subjects. */
export function cleanCommits(): CommitRecord[] {
  return [
    buildCommit(1, {
      files: [
        { path: 'src/thing.ts', insertions: 20, deletions: 0 },
        { path: 'src/thing.test.ts', insertions: 30, deletions: 0 },
      ],
      touchesTests: true,
    }),
    buildCommit(2, {
      subject: 'docs(FN-1): describe the thing',
      files: [{ path: 'docs/thing.md', insertions: 10, deletions: 0 }],
      touchesDocs: true,
      touchesCode: false,
    }),
  ];
}
