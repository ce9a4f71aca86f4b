import type Database from 'better-sqlite3';

/** The columns of a table, or null when the table does not exist. */
export function tableColumns(db: Database.Database, table: string): Set<string> | null {
  const rows = db.prepare(`PRAGMA table_info(${quote(table)})`).all() as Array<{ name: string }>;
  return rows.length === 0 ? null : new Set(rows.map((r) => r.name));
}

/** A SQLite identifier in double quotes (`"column"` is a keyword in Fusion's tasks table). */
export function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** `SELECT "a", "b" FROM "t"` over the wanted columns that exist, or null when none do. */
export function selectExisting(columns: Set<string>, table: string, wanted: readonly string[]): string | null {
  const present = wanted.filter((c) => columns.has(c));
  return present.length === 0 ? null : `SELECT ${present.map(quote).join(', ')} FROM ${quote(table)}`;
}
