import type pg from 'pg';
import { emptyCellCounts, emptySpendSums, mergeCell, type EvaluationMode } from '../../core/index.js';
import {
  addToCells,
  addToStoredCell,
  cellOfStoredRow,
  storedColumnsOfCell,
  type StoredCellRow,
  type StoredCompareCell,
} from '../compare-cells.js';
import { SCORED_TASK_COLUMNS, scoredTaskRowOf, type ScoredTaskRow } from '../scored-task-row.js';
import { SCORED_TASK_SELECT, SCORED_WITH_SCORES } from '../scored-tasks-sql.js';
import { inTransaction, rows, type Queryable } from './pg-db.js';

/** Tasks a pass takes from the pending list in one transaction. */
const TASKS_PER_PASS = 5_000;
/** Serialises passes across processes (a constant of its own, apart from the migrator's). */
const CELLS_LOCK = 7_373_101;

const CELL_COLUMNS =
  'key, mode, rubric_version, agent, model_provider, model_id, project, change_size, n, counts, spend';

interface CountedRow {
  task_id: string;
  cell_key: string;
  ap: number;
  toq: number;
  pc: number;
  overall: number;
  agent_tokens: string | number | null;
  agent_cost_usd: number | null;
  judge_cost_usd: number | null;
}

/** What a pass read: each touched cell's change, and what each of its tasks adds now (none: no scored result). */
interface CellsDelta {
  cells: Map<string, StoredCompareCell>;
  counted: { taskId: string; key: string; row: ScoredTaskRow }[];
}

/** An empty cell named by its key (compareCellKey's JSON). */
function cellOfKey(key: string): StoredCompareCell {
  const [mode, rubricVersion, agent, modelProvider, modelId, project, size] = JSON.parse(key) as [
    EvaluationMode | null,
    string | null,
    string | null,
    string | null,
    string | null,
    string,
    number | null,
  ];
  const spend = emptySpendSums();
  return { mode, rubricVersion, agent, modelProvider, modelId, project, size, n: 0, counts: emptyCellCounts(), spend };
}

/** A counted contribution as the row addToStoredCell takes out (only scores and spend are read). */
function rowOfCounted(c: CountedRow): ScoredTaskRow {
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  return {
    id: '',
    taskId: c.task_id,
    runId: '',
    evaluatedAt: '',
    mode: null,
    rubricVersion: null,
    scores: { agentPerformance: c.ap, taskOutcomeQuality: c.toq, processCompliance: c.pc, overall: c.overall },
    changeSize: null,
    agent: null,
    modelProvider: null,
    modelId: null,
    labels: {},
    agentTokens: num(c.agent_tokens),
    agentCostUsd: num(c.agent_cost_usd),
    judgeCostUsd: num(c.judge_cost_usd),
  };
}

/** For each task: what it added to its cell out, its newest scored result in. */
async function deltaOf(q: Queryable, tasks: readonly string[]): Promise<CellsDelta> {
  const newest = await rows<Record<string, unknown>>(
    q,
    `SELECT DISTINCT ON (r.task_id) ${SCORED_TASK_SELECT}, run.project_id
     FROM eval_task_results r JOIN eval_runs run ON run.id = r.run_id
     WHERE r.task_id = ANY(?) AND ${SCORED_WITH_SCORES}
     ORDER BY r.task_id, r.evaluated_at DESC, r.id DESC`,
    [tasks],
  );
  const counted = await rows<CountedRow>(q, 'SELECT * FROM eval_compare_counted WHERE task_id = ANY(?)', [tasks]);
  const cells = new Map<string, StoredCompareCell>();
  for (const c of counted) {
    if (!cells.has(c.cell_key)) cells.set(c.cell_key, cellOfKey(c.cell_key));
    addToStoredCell(cells.get(c.cell_key)!, rowOfCounted(c), -1);
  }
  const out: CellsDelta['counted'] = [];
  for (const raw of newest) {
    const row = scoredTaskRowOf(
      SCORED_TASK_COLUMNS.map((c) => raw[c]),
      (v) => v,
    );
    const key = addToCells(cells, row, raw.project_id as string, 1);
    out.push({ taskId: row.taskId, key, row });
  }
  return { cells, counted: out };
}

/** Adds a delta's cells into `into`, dropping cells left empty. */
function mergeInto(into: Map<string, StoredCompareCell>, delta: Map<string, StoredCompareCell>): void {
  for (const [key, cell] of delta) {
    const stored = into.get(key);
    if (stored) mergeCell(stored, cell);
    else into.set(key, cell);
    if (into.get(key)!.n === 0) into.delete(key);
  }
}

async function storedCells(q: Queryable, keys?: readonly string[]): Promise<Map<string, StoredCompareCell>> {
  const found = keys
    ? await rows<StoredCellRow>(q, `SELECT ${CELL_COLUMNS} FROM eval_compare_cells WHERE key = ANY(?) FOR UPDATE`, [
        keys,
      ])
    : await rows<StoredCellRow>(q, `SELECT ${CELL_COLUMNS} FROM eval_compare_cells`);
  return new Map(found.map((r) => [r.key, cellOfStoredRow(r)]));
}

/** One pass over up to TASKS_PER_PASS pending tasks, in one transaction; returns how many it took. */
async function pass(pool: pg.Pool): Promise<number> {
  return inTransaction(pool, 'compareCells', async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [CELLS_LOCK]);
    const tasks = (
      await rows<{ task_id: string }>(
        client,
        `DELETE FROM eval_compare_pending WHERE task_id IN
           (SELECT task_id FROM eval_compare_pending ORDER BY task_id LIMIT ?) RETURNING task_id`,
        [TASKS_PER_PASS],
      )
    ).map((r) => r.task_id);
    if (!tasks.length) return 0;
    // Read after the pending rows were taken: a save committed since is seen here or left pending for the next
    // pass, and what each task adds is recorded, so a task counted twice over is taken out as often as put in.
    const delta = await deltaOf(client, tasks);
    const cells = await storedCells(client, [...delta.cells.keys()]);
    mergeInto(cells, delta.cells);
    const emptied = [...delta.cells.keys()].filter((key) => !cells.has(key));
    const kept = [...cells.entries()];
    if (emptied.length) await client.query('DELETE FROM eval_compare_cells WHERE key = ANY($1)', [emptied]);
    if (kept.length) {
      const stored = kept.map(([, c]) => storedColumnsOfCell(c));
      const column = <T>(f: (c: StoredCompareCell, key: string, i: number) => T) =>
        kept.map(([key, c], i) => f(c, key, i));
      await client.query(
        `INSERT INTO eval_compare_cells (${CELL_COLUMNS})
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
           $8::integer[], $9::integer[], $10::bytea[], $11::text[])
         ON CONFLICT (key) DO UPDATE SET n = EXCLUDED.n, counts = EXCLUDED.counts, spend = EXCLUDED.spend`,
        [
          column((_, key) => key),
          column((c) => c.mode),
          column((c) => c.rubricVersion),
          column((c) => c.agent),
          column((c) => c.modelProvider),
          column((c) => c.modelId),
          column((c) => c.project),
          column((c) => c.size),
          column((c) => c.n),
          column((_, __, i) => stored[i]!.counts),
          column((_, __, i) => stored[i]!.spend),
        ],
      );
    }
    await client.query('DELETE FROM eval_compare_counted WHERE task_id = ANY($1)', [tasks]);
    if (delta.counted.length) {
      const column = <T>(f: (c: CellsDelta['counted'][number]) => T) => delta.counted.map(f);
      await client.query(
        `INSERT INTO eval_compare_counted
           (task_id, cell_key, ap, toq, pc, overall, agent_tokens, agent_cost_usd, judge_cost_usd)
         SELECT * FROM unnest($1::text[], $2::text[], $3::smallint[], $4::smallint[], $5::smallint[], $6::smallint[],
           $7::bigint[], $8::double precision[], $9::double precision[])`,
        [
          column((c) => c.taskId),
          column((c) => c.key),
          column((c) => c.row.scores.agentPerformance),
          column((c) => c.row.scores.taskOutcomeQuality),
          column((c) => c.row.scores.processCompliance),
          column((c) => c.row.scores.overall),
          column((c) => c.row.agentTokens),
          column((c) => c.row.agentCostUsd),
          column((c) => c.row.judgeCostUsd),
        ],
      );
    }
    return tasks.length;
  });
}

/**
 * The comparison sums of the PostgreSQL store, brought up to date first. A save adds its task to
 * eval_compare_pending in its own statement; a pass takes pending tasks, takes out what each added before
 * (eval_compare_counted) and puts in its newest scored result, in one transaction, passes serialised by an
 * advisory lock. Unlike SQLite's row numbers, PostgreSQL's ids are not in commit order, so the store keeps
 * the list of tasks to look at rather than a watermark. With `readOnly` the pending tasks are added in memory.
 */
export async function pgCompareCells(pool: pg.Pool, readOnly: boolean): Promise<StoredCompareCell[]> {
  if (!readOnly) {
    while ((await pass(pool)) === TASKS_PER_PASS);
    return [...(await storedCells(pool)).values()].filter((c) => c.n > 0);
  }
  return inTransaction(pool, 'compareCells', async (client) => {
    // One snapshot: the cells and the pending tasks' results as of the same moment.
    await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const cells = await storedCells(client);
    let after = '';
    for (;;) {
      const tasks = (
        await rows<{ task_id: string }>(
          client,
          'SELECT task_id FROM eval_compare_pending WHERE task_id > ? ORDER BY task_id LIMIT ?',
          [after, TASKS_PER_PASS],
        )
      ).map((r) => r.task_id);
      if (!tasks.length) break;
      mergeInto(cells, (await deltaOf(client, tasks)).cells);
      after = tasks.at(-1)!;
      if (tasks.length < TASKS_PER_PASS) break;
    }
    return [...cells.values()].filter((c) => c.n > 0);
  });
}

/** A save's statement adds its task to the pending list with this CTE (`$task` is its task id parameter). */
export function pgPendingOnSave(task: string): string {
  return `INSERT INTO eval_compare_pending (task_id) SELECT ${task}::text FROM res ON CONFLICT DO NOTHING`;
}
