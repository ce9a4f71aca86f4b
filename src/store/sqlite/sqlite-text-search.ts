import { buildResultFilter, type SqlFragment } from '../result-filter.js';
import type { ParsedListResultsQuery } from '../store-inputs.js';
import type { SqliteDb } from './sqlite-db.js';
import { SQLITE_LISTING } from './sqlite-listing-dialect.js';
import { foldAscii, sqliteTextClause, sqliteTextMatches } from './sqlite-text-clause.js';
import type { SqliteTextIndex } from './sqlite-text-index.js';

/** Up to this many text matches are looked up by pk; more are left to the page's sort index. */
const FEW_TEXT_MATCHES = 1_000;

/** The SQL function a statement calls to ask whether a row's text matched, when the matches are held in memory. */
const TEXT_MATCH_FUNCTION = 'taskeval_text_match';

/** How a listing's text filter is answered. */
export interface TextPlan {
  /** A few matching rows, looked up by pk. */
  pks: number[] | null;
  /** Many matches, as a bitmap over pk that the page's sort index asks per row (matches held in memory). */
  bits: Uint8Array | null;
  /** How many rows the text alone matches, when it is the listing's only filter. */
  count: number | null;
}

export const NO_TEXT_PLAN: TextPlan = { pks: null, bits: null, count: null };

/**
 * A listing's text filter for SQLite: planned from the texts held in memory when there are any (a long-lived
 * server), else from one scan of the task index; then spelled as SQL for the page and the count.
 */
export class SqliteTextSearch {
  /** The matches the running statement asks TEXT_MATCH_FUNCTION about. */
  private bits: Uint8Array | null = null;

  constructor(
    private readonly db: SqliteDb,
    /** Task ids and titles held in memory; null: text is matched in SQL. */
    readonly texts: SqliteTextIndex | null,
  ) {
    if (texts) {
      db.raw.function(TEXT_MATCH_FUNCTION, { deterministic: false }, (pk) => {
        const bits = this.bits;
        const i = Number(pk);
        return bits && (bits[i >> 3]! & (1 << (i & 7))) !== 0 ? 1 : 0;
      });
    }
  }

  /**
   * Inside the listing's snapshot: texts held in memory give the matching pks at once; otherwise a text that
   * matches few rows (the usual search for a task id) is resolved to their pks in one scan of the task index.
   * A few pks are looked up instead of walking a sort index past every row that does not match.
   */
  plan(q: ParsedListResultsQuery): TextPlan {
    const text = q.q?.trim() ?? '';
    if (text === '' || q.taskId !== undefined) return NO_TEXT_PLAN;
    if (this.texts?.syncInSnapshot()) {
      const pks = this.texts.matches(foldAscii(text));
      if (pks.length <= FEW_TEXT_MATCHES) return { pks: Array.from(pks), bits: null, count: null };
      let top = 0;
      for (const pk of pks) if (pk > top) top = pk;
      const bits = new Uint8Array((top >> 3) + 1);
      for (const pk of pks) bits[pk >> 3]! |= 1 << (pk & 7);
      // With no other filter the listing's count is the number of matches.
      const { q: _text, ...others } = q;
      const onlyText = buildResultFilter(others, SQLITE_LISTING).where.sql === '';
      return { pks: null, bits, count: onlyText ? pks.length : null };
    }
    const matches = sqliteTextMatches(text, FEW_TEXT_MATCHES + 1);
    const pks = this.db.all<{ pk: number }>(matches.sql, ...matches.params).map((r) => r.pk);
    return pks.length <= FEW_TEXT_MATCHES ? { pks, bits: null, count: null } : NO_TEXT_PLAN;
  }

  /** The text filter as SQL; `direct` when the index read holds the folded text. */
  clause(plan: TextPlan, needle: string, direct: boolean): SqlFragment {
    if (plan.pks) return { sql: `r.pk IN (${plan.pks.map(() => '?').join(', ')})`, params: plan.pks };
    // Asking the matches held in memory per row lets the sort or filter index lead, and never reads text.
    if (plan.bits) return { sql: `${TEXT_MATCH_FUNCTION}(r.pk) = 1`, params: [] };
    return sqliteTextClause(needle, direct);
  }

  /** Runs statements that may ask about the plan's matches. */
  asking<T>(plan: TextPlan, fn: () => T): T {
    this.bits = plan.bits;
    try {
      return fn();
    } finally {
      this.bits = null;
    }
  }
}
