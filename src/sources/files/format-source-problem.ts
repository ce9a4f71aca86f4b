import type { SourceProblem } from '../source-read-result.js';

/** One line for a problem: `tasks.jsonl:3: workflowStepResults.0.status: expected one of passed|failed|skipped|pending`. */
export function formatSourceProblem(problem: SourceProblem): string {
  let where = problem.path;
  if (problem.line !== undefined) where += `:${problem.line}`;
  else if (problem.index !== undefined) where += `[${problem.index}]`;
  const task = problem.taskId ? ` (task ${problem.taskId})` : '';
  const field = problem.field ? `${problem.field}: ` : '';
  return `${where}${task}: ${field}${problem.message}`;
}
