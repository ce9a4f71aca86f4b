import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SqliteDb } from './sqlite-db.js';
import { SQLITE_TEXT } from './sqlite-text-clause.js';

/** Between rows' texts: a search may not contain control characters, so no match spans two rows. */
const SEPARATOR = '\u001e';
/** Rows a segment holds before another one starts: an append copies at most this many rows' text. */
const SEGMENT_ROWS = 65_536;
/** Rows read between turns of the event loop. */
const CHUNK_ROWS = 50_000;

export interface SqliteTextIndexOptions {
  segmentRows?: number;
  chunkRows?: number;
}
/** Above this share of new rows the texts are read anew from the task index instead of row by row. */
const REBUILD_SHARE = 0.25;

/** Rows' folded texts joined into one string, where each row starts, and its pk. */
interface Segment {
  text: string;
  starts: Int32Array;
  pks: Float64Array;
}

interface Head {
  top: number;
  generation: number;
}

interface TextRow {
  pk: number;
  t: string;
}

function segmentOf(rows: readonly TextRow[]): Segment {
  const starts = new Int32Array(rows.length);
  const pks = new Float64Array(rows.length);
  let at = 0;
  rows.forEach((row, i) => {
    starts[i] = at;
    pks[i] = row.pk;
    at += row.t.length + 1;
  });
  return { text: rows.map((r) => r.t).join(SEPARATOR), starts, pks };
}

/** `rows` added to the end of `into` as one segment. */
function appended(into: Segment, rows: readonly TextRow[]): Segment {
  const tail = segmentOf(rows);
  const offset = into.text.length + 1;
  const starts = new Int32Array(into.starts.length + tail.starts.length);
  starts.set(into.starts);
  starts.set(
    tail.starts.map((s) => s + offset),
    into.starts.length,
  );
  const pks = new Float64Array(into.pks.length + tail.pks.length);
  pks.set(into.pks);
  pks.set(tail.pks, into.pks.length);
  return { text: `${into.text}${SEPARATOR}${tail.text}`, starts, pks };
}

/** Segments of at most `size` rows, the new rows filling the last one first. */
function withRows(segments: readonly Segment[], rows: readonly TextRow[], size: number): Segment[] {
  const out = [...segments];
  let from = 0;
  while (from < rows.length) {
    const last = out.at(-1);
    const room = last ? size - last.pks.length : 0;
    if (last && room > 0) {
      out[out.length - 1] = appended(last, rows.slice(from, from + room));
      from += room;
    } else {
      out.push(segmentOf(rows.slice(from, from + size)));
      from += size;
    }
  }
  return out;
}

/**
 * Every result's folded task id and title held in memory, for a long-lived reader (the dashboard's server):
 * a substring search of a million results scans the SQLite task index in ~150 ms, and the same texts in a
 * few joined strings in ~20 ms. Rows are immutable and only a prune deletes them, so the texts are brought
 * up to date by reading the rows saved since (by pk), and read anew when a prune moved the comparison
 * state's generation. A search uses them only once they match the snapshot it reads (syncInSnapshot).
 */
export class SqliteTextIndex {
  private segments: Segment[] = [];
  private through = 0;
  private generation = -1;
  private pending: Promise<void> | null = null;
  /** Where matches writes its pks, grown to the rows held. */
  private found = new Float64Array(0);

  private readonly segmentRows: number;
  private readonly chunkRows: number;

  constructor(
    private readonly db: SqliteDb,
    options: SqliteTextIndexOptions = {},
  ) {
    this.segmentRows = options.segmentRows ?? SEGMENT_ROWS;
    this.chunkRows = options.chunkRows ?? CHUNK_ROWS;
  }

  /** Rows the texts cover. */
  get rows(): number {
    return this.segments.reduce((n, s) => n + s.pks.length, 0);
  }

  /** What the texts take: a byte a character (task ids and titles are mostly Latin-1) and 12 bytes a row. */
  get bytes(): number {
    return this.segments.reduce((n, s) => n + s.text.length + s.starts.byteLength + s.pks.byteLength, 0);
  }

  /** Rows in each segment, in order. */
  segmentSizes(): number[] {
    return this.segments.map((s) => s.pks.length);
  }

  /** Brings the texts up to the newest row, reading in chunks between which the event loop turns. */
  refresh(): Promise<void> {
    this.pending ??= this.catchUp().finally(() => (this.pending = null));
    return this.pending;
  }

  /**
   * Inside a listing's snapshot: adds rows saved since the last refresh (usually none) and says whether the
   * texts now match the snapshot; false after a prune the texts have not caught up with.
   */
  syncInSnapshot(): boolean {
    const head = this.head();
    if (head.generation !== this.generation || head.top < this.through) return false;
    if (head.top > this.through) {
      this.segments = withRows(
        this.segments,
        this.rowsSince(this.through, head.top, Number.MAX_SAFE_INTEGER),
        this.segmentRows,
      );
      this.through = head.top;
    }
    return true;
  }

  /**
   * The pks of rows whose folded text contains `needle` (already folded), in the order the texts hold them:
   * a view of a buffer the next call overwrites. Pushing 333,333 pks onto an array cost 30 ms of a 43 ms search.
   */
  matches(needle: string): Float64Array {
    if (this.found.length < this.rows) this.found = new Float64Array(this.rows);
    const found = this.found;
    let n = 0;
    for (const { text, starts, pks } of this.segments) {
      let row = 0;
      let at = text.indexOf(needle);
      while (at !== -1) {
        // Hits come in order: walk forward to the row holding this one, then search from the next row.
        while (row + 1 < starts.length && starts[row + 1]! <= at) row++;
        found[n++] = pks[row]!;
        if (row + 1 >= starts.length) break;
        at = text.indexOf(needle, starts[++row]!);
      }
    }
    return found.subarray(0, n);
  }

  private async catchUp(): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const head = this.head();
      if (head.generation === this.generation && head.top === this.through) return;
      const rebuild =
        head.generation !== this.generation ||
        head.top < this.through ||
        head.top - this.through > REBUILD_SHARE * head.top;
      const segments = rebuild ? await this.readAll(head.top) : await this.readSince(head.top);
      // A prune while reading: what was read may hold deleted rows; read again.
      if (this.head().generation !== head.generation) continue;
      this.segments = segments;
      this.through = head.top;
      this.generation = head.generation;
      return;
    }
  }

  private head(): Head {
    return this.db.snapshot('textIndex', () => ({
      top: this.db.get<{ top: number | null }>('SELECT max(pk) AS top FROM eval_task_results')!.top ?? 0,
      generation: this.db.get<{ g: number }>('SELECT generation AS g FROM eval_compare_state WHERE id = 1')!.g,
    }));
  }

  /** Every row up to `top` from the task index, which holds the folded text: no wide row is read. */
  private async readAll(top: number): Promise<Segment[]> {
    let segments: Segment[] = [];
    let after: { task: string; pk: number } | null = null;
    for (;;) {
      const rows: (TextRow & { task_id: string })[] = this.db.read('textIndex', () =>
        after
          ? this.db.all(
              `SELECT r.task_id, r.pk, ${SQLITE_TEXT} AS t FROM eval_task_results r INDEXED BY eval_task_results_by_task WHERE (r.task_id, r.pk) > (?, ?) AND r.pk <= ? ORDER BY r.task_id, r.pk LIMIT ?`,
              after.task,
              after.pk,
              top,
              this.chunkRows,
            )
          : this.db.all(
              `SELECT r.task_id, r.pk, ${SQLITE_TEXT} AS t FROM eval_task_results r INDEXED BY eval_task_results_by_task WHERE r.pk <= ? ORDER BY r.task_id, r.pk LIMIT ?`,
              top,
              this.chunkRows,
            ),
      );
      segments = withRows(segments, rows, this.segmentRows);
      if (rows.length < this.chunkRows) return segments;
      const last = rows.at(-1)!;
      after = { task: last.task_id, pk: last.pk };
      await nextTurn();
    }
  }

  /** The rows saved after the texts' last row, up to `top`, added to the texts held. */
  private async readSince(top: number): Promise<Segment[]> {
    let segments = this.segments;
    let from = this.through;
    for (;;) {
      const rows = this.rowsSince(from, top, this.chunkRows);
      segments = withRows(segments, rows, this.segmentRows);
      if (rows.length < this.chunkRows) return segments;
      from = rows.at(-1)!.pk;
      await nextTurn();
    }
  }

  private rowsSince(from: number, top: number, limit: number): TextRow[] {
    return this.db.read('textIndex', () =>
      this.db.all<TextRow>(
        `SELECT r.pk, ${SQLITE_TEXT} AS t FROM eval_task_results r WHERE r.pk > ? AND r.pk <= ? ORDER BY r.pk LIMIT ?`,
        from,
        top,
        limit,
      ),
    );
  }
}
