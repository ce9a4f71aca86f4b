import { attributeCommit, type AttributionRules, type MessageAttribution } from './attribute-commit.js';
import { parseRefs } from './commit-index-builder.js';
import type { CommitIndexData } from './commit-index-data.js';
import { addIndexTables } from './commit-index-tables.js';
import { computeGenerations } from './compute-generations.js';
import type { RawCommit } from './git-log-parser.js';
import type { HistorySegmentRows } from './history-segment-codec.js';
import { keptCommitTable, type KeptCommitTable } from './kept-commit-table.js';
import { resolveShaPrefix } from './resolve-sha-prefix.js';

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
export function indexFromKept(input: IndexFromKeptInput): { data: Omit<CommitIndexData, 'warnings'>; table: KeptCommitTable; freshAttributions: MessageAttribution[] } | null {
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
  const push = (map: Map<string, number[]>, id: string, i: number) => {
    const list = map.get(id);
    if (list) list.push(i);
    else map.set(id, [i]);
  };
  input.fresh.forEach((c, j) => {
    const i = base + j;
    const att = freshAttributions[j]!;
    data.parents[i] = c.parents.map((p) => table.find(p) ?? -1);
    for (const id of att.owners) push(data.owned, id, i);
    for (const id of att.mentions) push(data.mentioned, id, i);
    for (const id of att.revertIds) push(data.revertsById, id, i);
    // As a whole read links them (CommitIndexBuilder.finish): an abbreviated sha by its one match.
    for (const sha of att.revertedShas) {
      let target = table.find(sha);
      if (target === undefined && sha.length < c.sha.length) {
        const full = resolveShaPrefix(table.sortedShas(), sha);
        target = full === undefined ? undefined : table.position(full);
      }
      if (target === undefined || target === i) continue;
      const list = data.revertsOf.get(target);
      if (list) list.push(i);
      else data.revertsOf.set(target, [i]);
    }
  });
  computeGenerations(data.parents, data.generations);
  return { data, table, freshAttributions };
}
