import type { Task } from '../core/index.js';
import { canonicalJson } from './canonical-json.js';
import { makeEntry, type DraftEntry } from './make-entry.js';

/** The workflow group's drafts: one `workflow-<stepId>` per step result and one `step-<n>` per task step. */
export function collectWorkflowEntries(task: Task): DraftEntry[] {
  const drafts: DraftEntry[] = [];
  for (const result of task.workflowStepResults ?? []) {
    const name = result.workflowStepName ?? result.workflowStepId;
    drafts.push(
      makeEntry(task.id, {
        id: `workflow-${result.workflowStepId}`,
        source: 'workflow',
        label: `${name}: ${result.status}${result.phase ? ` (${result.phase})` : ''}`,
        timestamp: result.completedAt ?? result.startedAt,
        text: result.output,
        ref: {
          kind: 'workflowStep',
          stepId: result.workflowStepId,
          name: result.workflowStepName ?? null,
          status: result.status,
          phase: result.phase ?? null,
          startedAt: result.startedAt ?? null,
          completedAt: result.completedAt ?? null,
        },
        fingerprint: canonicalJson(result),
      }),
    );
  }
  // Fusion numbers steps from 0 ("Step 0") by their position; that number is the natural key.
  (task.steps ?? []).forEach((step, index) => {
    drafts.push(
      makeEntry(task.id, {
        id: `step-${index}`,
        source: 'workflow',
        label: `Step ${index}: ${step.name} (${step.status})`,
        ref: { kind: 'step', step: index, name: step.name, status: step.status },
        fingerprint: canonicalJson(step),
      }),
    );
  });
  return drafts;
}
