import type { PathKind } from './git/classify-path.js';

/** One hunk of a task's change as git shows it: which commit and file, its header, its lines (bounded later). */
export interface ChangeHunk {
  sha: string;
  /** When the commit was made (its author date), so the hunk sorts with its commit. */
  date: string;
  path: string;
  kind: PathKind;
  /** The `@@ -a,b +c,d @@ context` line. */
  header: string;
  /** The hunk's lines, with their +, - and space prefixes. */
  text: string;
  added: number;
  removed: number;
}

/** What was read of a task's change: the hunks, and whether git's output was cut for size. */
export interface TaskChange {
  hunks: ChangeHunk[];
  /** The diff was longer than taskeval reads; only its start is here. */
  cut: boolean;
}
