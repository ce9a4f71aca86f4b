import { attributeCommit, type AttributionRules, type MessageAttribution } from './attribute-commit.js';
import { linkReverts, parseRefs, push } from './commit-index-builder.js';
import type { CommitIndexData } from './commit-index-data.js';
import { addIndexTables } from './commit-index-tables.js';
import { computeGenerations } from './compute-generations.js';
import type { RawCommit } from './git-log-parser.js';
import type { HistorySegmentRows } from './history-segment-codec.js';
import { keptCommitTable, type KeptCommitTable } from './kept-commit-table.js';

/** A kept segment as loaded: its rows and its share of the index tables. */
export interface KeptSegment {
  rows: HistorySegmentRows;
  tables: unknown;
}

export interface IndexFromKeptInput {
  repo: string;
  /** Oldest first. */
  segments: readonly KeptSegment[];
  /** The commits the kept tips do not reach, newest first as git gave them. */
  fresh: readonly RawCommit[];
  rules: AttributionRules;
  refsText: string;
}

/**
 * The index of a kept history and the commits read since, from the kept tables: only the new commits are
 * attributed and linked. Null when a kept segment's tables do not fit, and the history is read again.
 */
export function indexFromKept(
  input: IndexFromKeptInput,
): { data: Omit<CommitIndexData, 'warnings'>; table: KeptCommitTable; freshAttributions: MessageAttribution[] } | null {
  const freshAttributions = input.fresh.map((c) => attributeCommit(c.subject, c.body, input.rules));
  const parents: number[][] = [];
  const table = keptCommitTable(
    input.segments.map((s) => s.rows),
    input.fresh,
    freshAttributions,
    (i) => parents[i]!,
  );
  const total = table.size;
  parents.length = total;
  const data: Omit<CommitIndexData, 'warnings'> = {
    repo: input.repo,
    table,
    parents,
    generations: new Uint32Array(total),
    owned: new Map(),
    mentioned: new Map(),
    revertsById: new Map(),
    revertsOf: new Map(),
    refs: parseRefs(input.refsText),
  };
  let base = 0;
  for (const segment of input.segments) {
    if (!addIndexTables(data, segment.tables, base, segment.rows.size, total)) return null;
    base += segment.rows.size;
  }
  input.fresh.forEach((c, j) => {
    const i = base + j;
    const att = freshAttributions[j]!;
    data.parents[i] = c.parents.map((p) => table.find(p) ?? -1);
    for (const id of att.owners) push(data.owned, id, i);
    for (const id of att.mentions) push(data.mentioned, id, i);
    for (const id of att.revertIds) push(data.revertsById, id, i);
    linkReverts(data.revertsOf, i, c.sha, att.revertedShas, (sha) => table.find(sha), table.sortedShas);
  });
  computeGenerations(data.parents, data.generations);
  return { data, table, freshAttributions };
}
