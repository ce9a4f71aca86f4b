import { fitJudgePrompt, type FittedPrompt, type JudgeSpec } from '../judge/index.js';
import { judgeTaskSummary, prepareTask } from './evaluate-task.js';
import type { RunTask } from './run-task.js';
import { changeOf } from './with-change.js';

/** One task's judge prompt as it would be sent, without sending it. */
export interface PromptPreview extends Omit<FittedPrompt, 'shown'> {
  taskId: string;
  title: string | null;
}

/**
 * The judge prompt of each task, fitted to the spec's context and cap exactly as judgeTask fits it, handed on one at a
 * time (a prompt is tens of kilobytes; thousands are never held at once). Nothing is sent, opened or stored.
 */
export async function previewPrompts(
  items: readonly RunTask[],
  spec: Pick<JudgeSpec, 'maxTokens' | 'contextTokens'> | null,
  runId: string,
  onPrompt: (preview: PromptPreview) => void,
): Promise<void> {
  for (const item of items) {
    const change = await changeOf(item);
    const prepared = prepareTask({
      task: item.task,
      runId,
      ...(change ? { change } : {}),
      ...(item.commits ? { commits: item.commits } : {}),
      ...(item.history ? { history: item.history } : {}),
    });
    const { shown: _shown, ...fitted } = fitJudgePrompt({
      task: judgeTaskSummary(prepared),
      assessment: prepared.assessment,
      bundle: prepared.bundle,
      contextTokens: spec?.contextTokens ?? null,
      maxTokens: spec?.maxTokens,
    });
    onPrompt({ taskId: item.task.id, title: prepared.title, ...fitted });
  }
}
