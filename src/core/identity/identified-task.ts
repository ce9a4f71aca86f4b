import type { TaskResult } from '../task-result.js';
import type { Task } from '../task.js';
import type { TaskIdentity } from './agent-identity.js';
import { modelProviderOf } from './canonical-agent.js';

/** The task with its resolved identity: agent, version and model set from it (cohort keys), the identity kept whole. Not changed in place. */
export function identifiedTask(task: Task, identity: TaskIdentity): Task {
  const next: Task = { ...task, identity };
  if (identity.agent) next.agent = identity.agent;
  if (identity.agentVersion) next.agentVersion = identity.agentVersion;
  if (identity.modelId) next.modelId = identity.modelId;
  const provider =
    task.modelProvider ?? modelProviderOf(identity.modelSource === 'task-record' ? null : identity.modelId);
  if (provider) next.modelProvider = provider;
  return next;
}

/** The identity fields a result carries at its top level (`agent`, `agentVersion`, `modelId`, `identity`). */
export function resultIdentity(task: Pick<Task, 'identity' | 'agent' | 'agentVersion' | 'modelId'>): {
  agent: string | null;
  agentVersion: string | null;
  modelId: string | null;
  identity: TaskIdentity | null;
} {
  return {
    agent: task.identity?.agent ?? task.agent ?? null,
    agentVersion: task.identity?.agentVersion ?? task.agentVersion ?? null,
    modelId: task.identity?.modelId ?? task.modelId ?? null,
    identity: task.identity ?? null,
  };
}

/** The result with its task's identity at its top level, right after the title. */
export function withResultIdentity<R extends TaskResult>(
  result: R,
  task: Pick<Task, 'identity' | 'agent' | 'agentVersion' | 'modelId'>,
): R {
  const { taskId, title, ...rest } = result;
  return { taskId, title, ...resultIdentity(task), ...rest } as R;
}
