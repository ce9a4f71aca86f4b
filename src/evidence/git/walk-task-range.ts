import type { CommitIndexData } from './commit-index-data.js';

/**
 * The commits of a task's own line between its base and its tip, tip first. Walks first parents only,
 * so history merged into the line (main merged into the branch) is never taken; for a true merge tip it
 * walks the merged side, never the mainline. It stops at the base's generation (anything at or below
 * it is the base's history or older, unrelated history), at a commit another task claims by trailer or scope, and, below a
 * single-parent tip that names the task (a squash merge), at the first commit that does not name it.
 */
export function walkTaskRange(
  data: CommitIndexData,
  taskId: string,
  base: number,
  tip: number,
  tipIsMergeCommit: boolean,
): number[] {
  const { parents, generations, table } = data;
  const floor = generations[base]!;
  const out: number[] = [];
  if (tip === base || generations[tip]! <= floor) return out;
  const names = (i: number): boolean => table.attribution(i).owners.includes(taskId);
  // Only a trailer or a scope claims a commit for another task; `UTF-8` in a subject claims nothing.
  const claimedByOther = (i: number): boolean =>
    table.attribution(i).ownerSource !== 'mention' && table.attribution(i).owners.length > 0 && !names(i);

  let cur = tip;
  let onlyNamed = false;
  if (tipIsMergeCommit) {
    out.push(tip);
    const ps = parents[tip]!;
    if (ps.length >= 2) cur = ps[1]!;
    else {
      cur = ps[0] ?? -1;
      onlyNamed = names(tip);
    }
  }
  while (cur >= 0 && generations[cur]! > floor) {
    if (claimedByOther(cur) || (onlyNamed && !names(cur))) break;
    out.push(cur);
    cur = parents[cur]![0] ?? -1;
  }
  return out;
}
