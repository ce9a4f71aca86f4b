import type { Task } from '../../core/index.js';
import { parseConventionalSubject, type CommitIndex } from '../../evidence/index.js';

const PREFIX = /^[A-Za-z][A-Za-z0-9-]*(?:\([^()]*\))?!?:[ \t]+/;

/**
 * Tasks from commits alone, one per id the index knows: the first commit's subject without its
 * `type(ID): ` prefix as title, started at the first commit, completed at the last, column done.
 */
export function inferGitTasks(index: CommitIndex): Task[] {
  return index.taskIds().map((id) => {
    const span = index.taskSpan(id);
    const title = span ? titleOf(span.firstSubject) : null;
    // Built as TaskSchema.parse would give it (same keys, same order): every field here is already valid,
    // and parsing tens of thousands of them costs a batch more than the rest of its task loading.
    const task: Task = { id };
    if (title) task.title = title;
    task.column = 'done';
    if (span) {
      task.createdAt = span.firstAt;
      task.executionStartedAt = span.firstAt;
      task.executionCompletedAt = span.lastAt;
    }
    return task;
  });
}

function titleOf(subject: string): string {
  const stripped = parseConventionalSubject(subject).type === null ? subject : subject.replace(PREFIX, '');
  return stripped.trim() || subject.trim();
}
