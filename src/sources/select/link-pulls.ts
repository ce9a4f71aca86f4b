import { isPullTaskId } from '../../core/index.js';
import type { IdMatcher } from '../../evidence/index.js';
import type { PullHead } from '../pulls/read-pull-heads.js';
import type { LoadedTask } from './task-set.js';

const MAX_LINKS = 20;

/**
 * Links pull requests and tasks both ways, by what names a task id: a pull request's title, branch and commit
 * messages. A pull request task gets `prInfo.tasks`; any other task gets `pullRequests`, the heads whose own
 * commits are among its commits or whose title or branch names it. A pull request's state is an outcome of the
 * task, so without hindsight a task's pull requests carry no state. Tasks are replaced, not changed.
 */
export function linkPulls(
  items: LoadedTask[],
  input: { ids: IdMatcher; heads: readonly PullHead[] | null; hindsight: boolean },
): void {
  const named = (texts: readonly (string | null | undefined)[]) =>
    [...new Set(texts.flatMap((t) => (t ? input.ids.findAll(t) : [])))].filter((id) => !isPullTaskId(id));
  for (const item of items) {
    const { task } = item;
    if (!task.prInfo || !isPullTaskId(task.id)) continue;
    const subjects = Array.isArray(task.prInfo.commitSubjects) ? (task.prInfo.commitSubjects as string[]) : [];
    const tasks = named([
      task.title,
      task.prInfo.headBranch,
      ...subjects,
      ...(item.commits ?? []).flatMap((c) => [c.subject, c.body]),
    ])
      .sort()
      .slice(0, MAX_LINKS);
    if (tasks.length) item.task = { ...task, prInfo: { ...task.prInfo, tasks } };
  }
  if (!input.heads?.length) return;
  const bySha = new Map<string, PullHead[]>();
  for (const head of input.heads) for (const c of head.commits) bySha.set(c.sha, [...(bySha.get(c.sha) ?? []), head]);
  const byName = new Map<string, PullHead[]>();
  for (const head of input.heads)
    for (const id of named([head.title])) byName.set(id, [...(byName.get(id) ?? []), head]);
  for (const item of items) {
    if (isPullTaskId(item.task.id)) continue;
    const heads = new Map<number, PullHead>();
    for (const c of item.commits ?? []) for (const h of bySha.get(c.sha) ?? []) heads.set(h.number, h);
    for (const h of byName.get(item.task.id) ?? []) heads.set(h.number, h);
    if (heads.size === 0) continue;
    item.task = {
      ...item.task,
      pullRequests: [...heads.values()]
        .sort((a, b) => a.number - b.number)
        .slice(0, MAX_LINKS)
        .map((h) => ({
          number: h.number,
          title: h.title,
          ...(input.hindsight ? { status: h.merged ? 'merged' : 'not merged' } : {}),
        })),
    };
  }
}
