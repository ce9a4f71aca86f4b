import type { ResultFilterDialect } from '../result-filter.js';
import { sqliteTextClause } from './sqlite-text-clause.js';

/** SQLite's spelling of a listing's text, labels, tiebreak and bands. */
export const SQLITE_LISTING: ResultFilterDialect = {
  textClause: (text) => sqliteTextClause(text, false),
  labelValue: (key) => ({ sql: 'json_extract(r.labels, ?)', params: [`$."${key}"`] }),
  tiebreak: 'r.pk',
  bandsAsScoreRanges: true,
};
