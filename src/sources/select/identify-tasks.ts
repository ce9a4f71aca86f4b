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
  /** Counts, by author, the commits of tasks no rule names an agent for: a bot among them is worth a word. */
  unnamedAuthors?: Map<string, number>,
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
    if (unnamedAuthors && identity.agent === null)
      for (const c of commits ?? []) unnamedAuthors.set(c.author, (unnamedAuthors.get(c.author) ?? 0) + 1);
  }
}

const BOT_LIKE = /\[bot\]|\bbot\b|actions|automation|ci\b/i;

/**
 * When one author made most of the commits of work no rule names an agent for, and looks like a bot
 * (`github-actions[bot]`, "Deploy Actions"), a note that says so and gives the one config line that names it.
 */
export function botAuthorNotice(unnamedAuthors: ReadonlyMap<string, number>): string | null {
  const total = [...unnamedAuthors.values()].reduce((n, x) => n + x, 0);
  const [author, count] = [...unnamedAuthors].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  if (count < 10 || count < total / 2 || !BOT_LIKE.test(author)) return null;
  const agent =
    author
      .replace(/\[bot\]$/i, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'bot';
  const pattern = `^${author.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} <`;
  const rule = JSON.stringify({ on: 'author', pattern, agent });
  return `agents: ${count} of the ${total} commits of work no rule names an agent for ("human or unknown") are by ${author}, which looks like a bot; to count it as an agent of its own, add to taskeval.config.json: "sources": { "agents": [${rule}] }`;
}
