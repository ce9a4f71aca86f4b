import type { SqlFragment } from '../result-filter.js';

/** A result's folded task id and title, as eval_task_results_by_task stores it: a scan never reads a row. */
export const SQLITE_TEXT = "lower(r.task_id || char(31) || coalesce(r.title, ''))";
/** The text match over that stored expression. */
const MATCH = `instr(${SQLITE_TEXT}, ?) > 0`;
const MATCHING_PKS = `SELECT r.pk FROM eval_task_results r INDEXED BY eval_task_results_by_task WHERE ${MATCH}`;

/** SQLite's lower() folds ASCII only; the needle is folded the same way, as LIKE would compare. */
export function foldAscii(text: string): string {
  return text.replace(/[A-Z]+/g, (s) => s.toLowerCase());
}

/**
 * Case-insensitive (ASCII, as SQLite folds) substring match of task id or title. Read from the task
 * index, `direct` tests the row in hand; otherwise the matching rows' pks come from a scan of that index,
 * so the index that orders the page never has to carry the text. One instr over the stored lower-cased
 * id and title is about three times as fast as two LIKEs; a trigram FTS index was faster still but made
 * every write about 50% dearer.
 */
export function sqliteTextClause(text: string, direct: boolean): SqlFragment {
  const params = [foldAscii(text)];
  if (direct) return { sql: MATCH, params };
  return { sql: `r.pk IN (${MATCHING_PKS})`, params };
}

/** The pks of at most `limit` rows whose task id or title contain `text`, read from the task index alone. */
export function sqliteTextMatches(text: string, limit: number): SqlFragment {
  return { sql: `${MATCHING_PKS} LIMIT ?`, params: [foldAscii(text), limit] };
}
