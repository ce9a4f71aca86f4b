import { likeTextClause, type SqlFragment } from '../result-filter.js';

const like = likeTextClause('LIKE');

/** Substring search through the trigram index; shorter than a trigram, a LIKE scan. */
export function sqliteTextClause(text: string): SqlFragment {
  if ([...text].length < 3) return like(text);
  // A quoted FTS5 phrase: only the double quote is special inside it.
  const phrase = `"${text.replaceAll('"', '""')}"`;
  return { sql: 'r.pk IN (SELECT rowid FROM eval_task_results_text WHERE eval_task_results_text MATCH ?)', params: [phrase] };
}
