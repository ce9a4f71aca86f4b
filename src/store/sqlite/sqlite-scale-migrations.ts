import type { Migration } from './migration.js';

/**
 * The SQLite steps that keep reads over a large store fast: the comparison index, per-day sums, comparison
 * sums, run task counts, a run's index by overall score and per-run sums. Each answers a read that otherwise costs what
 * the number of results costs; docs/store.md says which.
 */
export const SQLITE_SCALE_MIGRATIONS: readonly Migration[] = [
  {
    version: 10,
    name: 'compare_index',
    sql: `
-- A comparison reads each task's newest scored result: results in (task, time, id) order with every column it
-- needs, so it walks this index in chunks and never reads a wide row.
CREATE INDEX eval_task_results_compare ON eval_task_results
  (status, task_id, evaluated_at, id, run_id, mode, rubric_version, ap_final, toq_final, pc_final, overall_score,
   change_size, agent, model_provider, model_id, labels, agent_tokens, agent_cost_usd, judge_cost_usd);
`,
  },
  {
    version: 11,
    name: 'result_days',
    sql: `
-- Results counted and their scores summed per run, day, status, way of scoring, cohort and band, added to in
-- the transaction that saves results and deleted with their run when it is pruned (rows are immutable), so
-- trends, bands, the modes a trend keeps to and a running run's totals read a few rows per run and day instead
-- of every result. A migration that updates results must refill it.
CREATE TABLE eval_result_days (
  key TEXT PRIMARY KEY,
  run_id TEXT NOT NULL,
  day TEXT NOT NULL,
  status TEXT NOT NULL,
  mode TEXT,
  rubric_version TEXT,
  model_id TEXT,
  model_provider TEXT,
  agent TEXT,
  band TEXT,
  n INTEGER NOT NULL,
  ap_n INTEGER NOT NULL, ap_sum INTEGER NOT NULL,
  toq_n INTEGER NOT NULL, toq_sum INTEGER NOT NULL,
  pc_n INTEGER NOT NULL, pc_sum INTEGER NOT NULL,
  overall_n INTEGER NOT NULL, overall_sum INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX eval_result_days_run ON eval_result_days (run_id, day);
CREATE INDEX eval_result_days_day ON eval_result_days (day);
INSERT INTO eval_result_days
  SELECT json_array(r.run_id, substr(coalesce(r.completed_at, r.evaluated_at), 1, 10), r.status, r.mode, r.rubric_version,
      r.model_id, r.model_provider, r.agent, r.overall_band),
    r.run_id, substr(coalesce(r.completed_at, r.evaluated_at), 1, 10), r.status, r.mode, r.rubric_version,
    r.model_id, r.model_provider, r.agent, r.overall_band, count(*),
    count(r.ap_final), coalesce(sum(r.ap_final), 0), count(r.toq_final), coalesce(sum(r.toq_final), 0),
    count(r.pc_final), coalesce(sum(r.pc_final), 0), count(r.overall_score), coalesce(sum(r.overall_score), 0)
  FROM eval_task_results r WHERE true GROUP BY 1;
`,
  },
  {
    version: 12,
    name: 'compare_cells',
    sql: `
-- Each task's newest scored result summed per way of scoring, cohort, project and change size (its scores
-- counted by value, its spend summed), so a comparison over every result reads a few rows. Derived, never
-- written by a save: a comparison and a run's end bring it up to the newest result (through_pk); a prune
-- empties it and moves generation, so a pass begun before the prune cannot write what it read.
-- counts: the four scores' counts by value (4 x 101), as uint32 little-endian: all of them (1,616 bytes), or
-- only the nonzero ones packed (place << 22 | count), whichever is smaller; spend: the nine spend sums as JSON.
CREATE TABLE eval_compare_cells (
  key TEXT PRIMARY KEY,
  mode TEXT,
  rubric_version TEXT,
  agent TEXT,
  model_provider TEXT,
  model_id TEXT,
  project TEXT NOT NULL,
  change_size INTEGER,
  n INTEGER NOT NULL,
  counts BLOB NOT NULL CHECK (length(counts) <= 1616 AND length(counts) % 4 = 0),
  spend TEXT NOT NULL CHECK (json_valid(spend))
) WITHOUT ROWID;
CREATE TABLE eval_compare_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  through_pk INTEGER NOT NULL,
  generation INTEGER NOT NULL
);
INSERT INTO eval_compare_state VALUES (1, 0, 0);
`,
  },
  {
    version: 13,
    name: 'run_task_counts',
    sql: `
-- How many tasks a run was asked for and evaluated, kept beside the lists: a listing of runs reads the counts,
-- and counting a million-element list costs reading all of it.
ALTER TABLE eval_runs ADD COLUMN requested_tasks INTEGER NOT NULL DEFAULT 0;
ALTER TABLE eval_runs ADD COLUMN evaluated_tasks INTEGER NOT NULL DEFAULT 0;
UPDATE eval_runs SET requested_tasks = json_array_length(requested_task_ids),
  evaluated_tasks = json_array_length(evaluated_task_ids);
`,
  },
  {
    version: 14,
    name: 'run_overall_index',
    sql: `
-- A run's results by overall score, with the columns its listing filters on: the overview's weakest tasks of
-- the latest run are the first rows of this range, where the run index would sort every result of the run.
CREATE INDEX eval_task_results_run_overall ON eval_task_results
  (run_id, overall_score, pk, status, mode, evaluated_at);
`,
  },
  {
    version: 15,
    name: 'run_cells',
    sql: `
-- Every scored result (not only each task's newest) summed per comparison cell, for its run and for every run
-- (run_id ''), for its month (YYYY-MM) and its day (YYYY-MM-DD) of evaluation, and the tasks scored more than
-- once: a comparison within runs or times adds the cells of the months and days it covers whole and reads only
-- the results of a day it covers in part and the rescored tasks' (to keep each task's newest). Derived like
-- eval_compare_cells, by the same passes; emptied with it by a prune. Both start empty: the next pass recounts.
CREATE TABLE eval_run_cells (
  key TEXT PRIMARY KEY,
  run_id TEXT NOT NULL,
  period TEXT NOT NULL,
  mode TEXT,
  rubric_version TEXT,
  agent TEXT,
  model_provider TEXT,
  model_id TEXT,
  project TEXT NOT NULL,
  change_size INTEGER,
  n INTEGER NOT NULL,
  counts BLOB NOT NULL CHECK (length(counts) <= 1616 AND length(counts) % 4 = 0),
  spend TEXT NOT NULL CHECK (json_valid(spend))
) WITHOUT ROWID;
CREATE INDEX eval_run_cells_run ON eval_run_cells (run_id, period);
CREATE TABLE eval_rescored_tasks (task_id TEXT PRIMARY KEY) WITHOUT ROWID;
DELETE FROM eval_compare_cells;
UPDATE eval_compare_state SET through_pk = 0, generation = generation + 1;
`,
  },
];
