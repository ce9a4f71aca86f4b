import type { TaskResult } from '../core/index.js';

/** The `task_evaluated` event written with a result, in the same transaction. */
export function taskEvaluatedEvent(
  result: TaskResult,
  resultId: string,
): { message: string; data: Record<string, unknown> } {
  const outcome = result.status === 'scored' ? ` ${result.overallScore} (${result.overallBand})` : `: ${result.reason}`;
  return {
    message: `${result.taskId} ${result.status}${outcome}`,
    data: {
      resultId,
      taskId: result.taskId,
      status: result.status,
      overallScore: result.status === 'scored' ? result.overallScore : null,
    },
  };
}
