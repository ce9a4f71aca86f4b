import { TaskSchema, type Task } from '../../core/index.js';
import { parseConventionalSubject, type CommitIndex } from '../../evidence/index.js';

const PREFIX = /^[A-Za-z][A-Za-z0-9-]*(?:\([^()]*\))?!?:[ \t]+/;

/**
 * Tasks from commits alone, one per id the index knows: the first commit's subject without its
 * `type(ID): ` prefix as title, started at the first commit, completed at the last, column done.
 */
export function inferGitTasks(index: CommitIndex): Task[] {
  return index.taskIds().map((id) => {
    const first = index.commitsFor({ id })[0];
    const firstAt = index.firstCommitAt(id) ?? first?.date ?? null;
    const lastAt = index.lastCommitAt(id) ?? firstAt;
    const title = first ? titleOf(first.subject) : null;
    return TaskSchema.parse({
      id,
      column: 'done',
      ...(title ? { title } : {}),
      ...(firstAt ? { createdAt: firstAt, executionStartedAt: firstAt } : {}),
      ...(lastAt ? { executionCompletedAt: lastAt } : {}),
    });
  });
}

function titleOf(subject: string): string {
  const stripped = parseConventionalSubject(subject).type === null ? subject : subject.replace(PREFIX, '');
  return stripped.trim() || subject.trim();
}
