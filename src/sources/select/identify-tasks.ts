import {
  compileAgentRules,
  identifiedTask,
  mergeSubjectBranch,
  resolveTaskIdentity,
  type AgentRule,
} from '../../core/index.js';
import type { CommitIndex } from '../../evidence/index.js';
import type { LoadedTask } from './task-set.js';

/**
 * Gives every task its identity (agent, version, model and where each came from): what sessions and the
 * record said, else what its commits, the merges that brought them in and its branch say. Tasks are
 * replaced, not changed.
 */
export function identifyTasks(
  items: LoadedTask[],
  index: CommitIndex | null,
  userRules: readonly AgentRule[] = [],
): void {
  const rules = compileAgentRules(userRules);
  for (const item of items) {
    const { task, commits } = item;
    const branches = [
      ...(task.branch ? [task.branch] : []),
      ...(task.prInfo?.headBranch ? [task.prInfo.headBranch] : []),
      ...(index && commits?.length
        ? index.mergeSubjectsOf(commits.map((c) => c.sha)).flatMap((s) => mergeSubjectBranch(s) ?? [])
        : []),
    ];
    const openedBy = typeof task.prInfo?.author === 'string' ? task.prInfo.author : null;
    const identity = resolveTaskIdentity({ task, commits, branches, rules, openedBy });
    item.task = identifiedTask(task, identity);
  }
}
