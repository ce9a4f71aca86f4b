/** Old-side lines a commit removed or changed in one file: 1-based start and count, as `@@ -start,count` gives them. */
export interface RemovedLines {
  /** Path in the parent (the old side of a rename). */
  path: string;
  ranges: { start: number; count: number }[];
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@/;

/**
 * Reads `git diff -U0` output and returns, per file that existed in the parent, the line ranges the commit
 * deleted or changed there. Pure additions have nothing to blame and are left out.
 */
export function parseZeroContextDiff(text: string): RemovedLines[] {
  const files: RemovedLines[] = [];
  let current: RemovedLines | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('diff --git ')) {
      current = null;
      continue;
    }
    if (line.startsWith('--- ')) {
      const path = diffPath(line.slice(4), 'a/');
      current = path === null ? null : { path, ranges: [] };
      if (current) files.push(current);
      continue;
    }
    if (!current || !line.startsWith('@@')) continue;
    const m = HUNK.exec(line);
    if (!m) continue;
    const count = m[2] === undefined ? 1 : Number(m[2]);
    if (count > 0) current.ranges.push({ start: Number(m[1]), count });
  }
  return files.filter((f) => f.ranges.length > 0);
}

/** `a/src/x.ts` → `src/x.ts`; `/dev/null` → null; C-quoted paths unquoted. */
function diffPath(raw: string, prefix: string): string | null {
  let text = raw.replace(/\t$/, '');
  if (text === '/dev/null') return null;
  if (text.startsWith('"')) {
    try {
      text = JSON.parse(text) as string;
    } catch {
      return null;
    }
  }
  return text.startsWith(prefix) ? text.slice(prefix.length) : text;
}
