import type { SqlFragment } from '../result-filter.js';

/**
 * Case-insensitive substring match of task id or title: `instr` over lower-cased text finds the needle
 * literally (no wildcards to escape) and runs on the covering listing index, never the wide rows.
 * A trigram FTS index was faster to query but cost more than half of every result write.
 */
export function sqliteTextClause(text: string): SqlFragment {
  // SQLite's lower() folds ASCII only; fold the needle the same way so non-ASCII text still matches as typed.
  const needle = text.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return { sql: '(instr(lower(r.task_id), ?) > 0 OR instr(lower(r.title), ?) > 0)', params: [needle, needle] };
}
