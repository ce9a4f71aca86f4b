import {
  CommitHistorySignalsSchema,
  CommitRecordSchema,
  type CommitHistorySignals,
  type CommitRecord,
  type Task,
} from '../core/index.js';
import { z } from 'zod';
import type { RunTask } from './run-task.js';

/** Where a stored task snapshot keeps the commits and history its rubric read, so `rescore --rubric current` can read them again. */
export const RUBRIC_INPUTS_KEY = 'rubricInputs';

const RubricInputsSchema = z.object({
  commits: z.array(CommitRecordSchema).nullable(),
  history: CommitHistorySignalsSchema.nullable(),
});

/** The task as stored with its result: the record as it was, plus what the rubric read besides it. */
export function taskSnapshot(item: RunTask): Task {
  if (!item.commits && !item.history) return item.task;
  return { ...item.task, [RUBRIC_INPUTS_KEY]: { commits: item.commits, history: item.history } } as Task;
}

/** The task, commits and history a stored snapshot holds; `inputs` is null for a result kept before they were stored. */
export function fromTaskSnapshot(snapshot: Task): {
  task: Task;
  inputs: { commits: CommitRecord[] | null; history: CommitHistorySignals | null } | null;
} {
  const { [RUBRIC_INPUTS_KEY]: raw, ...task } = snapshot as Task & { [RUBRIC_INPUTS_KEY]?: unknown };
  if (raw === undefined) return { task: task as Task, inputs: null };
  const parsed = RubricInputsSchema.safeParse(raw);
  return { task: task as Task, inputs: parsed.success ? parsed.data : null };
}
