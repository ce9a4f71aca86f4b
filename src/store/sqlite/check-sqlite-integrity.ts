import type Database from 'better-sqlite3';
import { StoreError } from '../../core/index.js';

export type IntegrityMode = 'quick' | 'full';

/** What SQLite found: `ok`, or the first problems it names (at most `limit`). */
export interface IntegrityReport {
  mode: IntegrityMode;
  ok: boolean;
  problems: string[];
}

/**
 * Runs `quick_check` (pages and records, O(size)) or `integrity_check` (also that every index
 * matches its table) plus `foreign_key_check`, and returns what they name.
 */
export function checkSqliteIntegrity(db: Database.Database, mode: IntegrityMode, limit = 20): IntegrityReport {
  let problems = run(db, mode === 'quick' ? 'quick_check' : 'integrity_check', limit);
  // integrity_check can stop at damage that quick_check walks past and describes.
  if (mode === 'full' && problems.length === 1 && problems[0]!.startsWith('!'))
    problems = [problems[0]!.slice(1), ...run(db, 'quick_check', limit)];
  problems = problems.map((p) => p.replace(/^!/, ''));
  if (mode === 'full' && problems.length === 0) {
    const orphans = db.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[];
    problems = orphans.slice(0, limit).map((o) => `${o.table} row ${o.rowid} refers to a missing ${o.parent} row`);
  }
  return { mode, ok: problems.length === 0, problems };
}

/** The check's messages; a check that cannot run at all yields its error, marked with `!`. */
function run(db: Database.Database, pragma: 'quick_check' | 'integrity_check', limit: number): string[] {
  try {
    const rows = db.pragma(`${pragma}(${Math.max(1, Math.trunc(limit))})`) as Record<string, string>[];
    return rows.map((r) => String(Object.values(r)[0])).filter((m) => m !== 'ok');
  } catch (error) {
    return [`!${(error as Error).message}`];
  }
}

/** Refuses a damaged store before anything is written to it. */
export function assertSqliteIntact(db: Database.Database, path: string): void {
  const report = checkSqliteIntegrity(db, 'quick', 5);
  if (report.ok) return;
  throw new StoreError(
    'store_corrupt',
    `${path}: the store is damaged (${report.problems
      .slice(0, 3)
      .join('; ')
      .replace(/\s*\n\s*/g, ' ')}); nothing was written`,
    {
      field: 'db',
      hint: 'run `taskeval doctor` for a full report; restore the file from a backup, or salvage it with `sqlite3 FILE .recover`',
    },
  );
}
