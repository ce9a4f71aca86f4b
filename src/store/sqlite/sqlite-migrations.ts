import type { Migration } from './migration.js';
import { SQLITE_SCALE_MIGRATIONS } from './sqlite-scale-migrations.js';

/**
 * SQLite schema, in order (from version 10 in sqlite-scale-migrations.ts). JSON columns are TEXT holding JSON, checked with json_valid, except the
 * evidence bundle from version 2 on: the store writes it with JSON.stringify after checking its shape,
 * and re-parsing ~30 KiB in SQL cost a third of a batched write.
 */
export const SQLITE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'runs_results_events_cache',
    sql: `
CREATE TABLE eval_runs (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  trigger TEXT NOT NULL CHECK (trigger IN ('manual','schedule','api','task_completion')),
  status TEXT NOT NULL CHECK (status IN ('pending','running','completed','failed','cancelled')),
  window_start TEXT,
  window_end TEXT,
  has_window INTEGER NOT NULL DEFAULT 0,
  requested_task_ids TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(requested_task_ids)),
  evaluated_task_ids TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(evaluated_task_ids)),
  judge_provider TEXT,
  judge_model TEXT,
  rubric_version TEXT NOT NULL,
  prompt_version TEXT,
  taskeval_version TEXT NOT NULL,
  resume_of TEXT REFERENCES eval_runs(id) ON DELETE SET NULL,
  reason TEXT,
  summary TEXT,
  count_total INTEGER,
  count_scored INTEGER,
  count_skipped INTEGER,
  count_errored INTEGER,
  mean_ap REAL,
  mean_toq REAL,
  mean_pc REAL,
  mean_overall REAL,
  created_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT,
  heartbeat_at TEXT NOT NULL
);
-- The contract's "one active run per project" for exclusive triggers, enforced by the database itself.
CREATE UNIQUE INDEX eval_runs_one_active ON eval_runs (project_id, trigger)
  WHERE status IN ('pending','running') AND trigger IN ('schedule','task_completion');
CREATE INDEX eval_runs_created ON eval_runs (created_at);
CREATE INDEX eval_runs_project_trigger_status ON eval_runs (project_id, trigger, status, finished_at);
CREATE INDEX eval_runs_status_heartbeat ON eval_runs (status, heartbeat_at);

CREATE TABLE eval_task_results (
  -- Small columns first and large JSON last, so listings and scans stay on the row's first page.
  -- pk is the rowid, stable across VACUUM; the public id is random text.
  pk INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  run_id TEXT NOT NULL REFERENCES eval_runs(id) ON DELETE CASCADE,
  task_id TEXT NOT NULL,
  title TEXT,
  status TEXT NOT NULL CHECK (status IN ('scored','error','skipped')),
  mode TEXT CHECK (mode IN ('deterministic-only','hybrid')),
  overall_score INTEGER CHECK (overall_score BETWEEN 0 AND 100),
  overall_band TEXT,
  ap_final INTEGER CHECK (ap_final BETWEEN 0 AND 100),
  toq_final INTEGER CHECK (toq_final BETWEEN 0 AND 100),
  pc_final INTEGER CHECK (pc_final BETWEEN 0 AND 100),
  reason TEXT,
  transient INTEGER NOT NULL DEFAULT 0,
  bundle_digest TEXT,
  completed_at TEXT,
  evaluated_at TEXT NOT NULL,
  category_scores TEXT CHECK (category_scores IS NULL OR json_valid(category_scores)),
  overall_rationale TEXT,
  citation_issues TEXT CHECK (citation_issues IS NULL OR json_valid(citation_issues)),
  divergence TEXT CHECK (divergence IS NULL OR json_valid(divergence)),
  follow_up_drafts TEXT CHECK (follow_up_drafts IS NULL OR json_valid(follow_up_drafts)),
  raw_answer TEXT,
  provenance TEXT CHECK (provenance IS NULL OR json_valid(provenance)),
  signals TEXT CHECK (signals IS NULL OR json_valid(signals)),
  task_snapshot TEXT CHECK (task_snapshot IS NULL OR json_valid(task_snapshot)),
  evidence_bundle TEXT CHECK (evidence_bundle IS NULL OR json_valid(evidence_bundle)),
  UNIQUE (run_id, task_id)
);
CREATE INDEX eval_task_results_task ON eval_task_results (task_id, evaluated_at);
-- Narrow copies of every filter and sort column: listings page and count from these, never from the wide rows.
CREATE INDEX eval_task_results_listing ON eval_task_results
  (evaluated_at, id, run_id, task_id, title, status, mode, overall_score, overall_band, ap_final, toq_final, pc_final);
CREATE INDEX eval_task_results_run_listing ON eval_task_results
  (run_id, evaluated_at, id, task_id, title, status, mode, overall_score, overall_band, ap_final, toq_final, pc_final);
CREATE INDEX eval_task_results_band ON eval_task_results (overall_band, overall_score, id);
CREATE INDEX eval_task_results_overall ON eval_task_results (overall_score, id);
CREATE TRIGGER eval_task_results_immutable BEFORE UPDATE ON eval_task_results BEGIN
  SELECT RAISE(ABORT, 'eval_task_results rows are immutable');
END;

CREATE TABLE eval_run_events (
  run_id TEXT NOT NULL REFERENCES eval_runs(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL CHECK (seq >= 1),
  type TEXT NOT NULL CHECK (type IN ('status_changed','task_evaluated','info','warning','error')),
  message TEXT NOT NULL,
  data TEXT CHECK (data IS NULL OR json_valid(data)),
  created_at TEXT NOT NULL,
  PRIMARY KEY (run_id, seq)
) WITHOUT ROWID;

CREATE TABLE judge_cache (
  key TEXT PRIMARY KEY,
  answer TEXT NOT NULL CHECK (json_valid(answer)),
  usage TEXT NOT NULL CHECK (json_valid(usage)),
  provider TEXT NOT NULL,
  model TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`,
  },
  {
    version: 2,
    name: 'narrow_listing_indexes',
    // Rebuilds the results table (SQLite cannot drop a CHECK) and trades the two wide listing indexes
    // for one narrow index per sort key; docs/decisions/result-listing-indexes.md explains the layout.
    sql: `
CREATE TABLE eval_task_results_v2 (
  pk INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  run_id TEXT NOT NULL REFERENCES eval_runs(id) ON DELETE CASCADE,
  task_id TEXT NOT NULL,
  title TEXT,
  status TEXT NOT NULL CHECK (status IN ('scored','error','skipped')),
  mode TEXT CHECK (mode IN ('deterministic-only','hybrid')),
  overall_score INTEGER CHECK (overall_score BETWEEN 0 AND 100),
  overall_band TEXT,
  ap_final INTEGER CHECK (ap_final BETWEEN 0 AND 100),
  toq_final INTEGER CHECK (toq_final BETWEEN 0 AND 100),
  pc_final INTEGER CHECK (pc_final BETWEEN 0 AND 100),
  reason TEXT,
  transient INTEGER NOT NULL DEFAULT 0,
  bundle_digest TEXT,
  completed_at TEXT,
  evaluated_at TEXT NOT NULL,
  category_scores TEXT CHECK (category_scores IS NULL OR json_valid(category_scores)),
  overall_rationale TEXT,
  citation_issues TEXT CHECK (citation_issues IS NULL OR json_valid(citation_issues)),
  divergence TEXT CHECK (divergence IS NULL OR json_valid(divergence)),
  follow_up_drafts TEXT CHECK (follow_up_drafts IS NULL OR json_valid(follow_up_drafts)),
  raw_answer TEXT,
  provenance TEXT CHECK (provenance IS NULL OR json_valid(provenance)),
  signals TEXT CHECK (signals IS NULL OR json_valid(signals)),
  task_snapshot TEXT CHECK (task_snapshot IS NULL OR json_valid(task_snapshot)),
  evidence_bundle TEXT,
  UNIQUE (run_id, task_id)
);
INSERT INTO eval_task_results_v2 SELECT * FROM eval_task_results;
DROP TABLE eval_task_results;
ALTER TABLE eval_task_results_v2 RENAME TO eval_task_results;
-- Each index leads with its sort key, then pk (the tiebreak), then the filter columns, so a page walks
-- it in order and stops, and a count scans it without reading the wide rows.
CREATE INDEX eval_task_results_by_time ON eval_task_results
  (evaluated_at, pk, status, mode, overall_score, ap_final, toq_final, pc_final);
CREATE INDEX eval_task_results_by_overall ON eval_task_results (overall_score, pk, status, mode, evaluated_at);
CREATE INDEX eval_task_results_by_ap ON eval_task_results (ap_final, pk, status, mode, overall_score, evaluated_at);
CREATE INDEX eval_task_results_by_toq ON eval_task_results (toq_final, pk, status, mode, overall_score, evaluated_at);
CREATE INDEX eval_task_results_by_pc ON eval_task_results (pc_final, pk, status, mode, overall_score, evaluated_at);
-- Task ids in order with their lower-cased text: task history, the taskId sort and text search. The unit
-- separator keeps a match from spanning id and title; search text may not contain control characters.
CREATE INDEX eval_task_results_by_task ON eval_task_results
  (task_id, pk, status, mode, overall_score, evaluated_at, lower(task_id || char(31) || coalesce(title, '')));
-- A run's results: its pages, counts, aggregates and trends per project.
CREATE INDEX eval_task_results_by_run ON eval_task_results
  (run_id, evaluated_at, pk, status, mode, overall_score, ap_final, toq_final, pc_final, task_id);
CREATE TRIGGER eval_task_results_immutable BEFORE UPDATE ON eval_task_results BEGIN
  SELECT RAISE(ABORT, 'eval_task_results rows are immutable');
END;
`,
  },
  {
    version: 3,
    name: 'outcome_cache',
    sql: `
-- Hindsight outcomes from git, keyed by the repository's ref tips and the method's settings.
CREATE TABLE outcome_cache (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL CHECK (json_valid(value)),
  created_at TEXT NOT NULL
);
`,
  },
  {
    version: 4,
    name: 'result_cohorts',
    sql: `
-- Who did the work and with what, so results can be filtered and compared by cohort.
ALTER TABLE eval_task_results ADD COLUMN agent TEXT;
ALTER TABLE eval_task_results ADD COLUMN model_provider TEXT;
ALTER TABLE eval_task_results ADD COLUMN model_id TEXT;
ALTER TABLE eval_task_results ADD COLUMN labels TEXT CHECK (labels IS NULL OR json_valid(labels));
-- Results stored before cohorts had them in their task snapshot; rows stay immutable after this one fill.
DROP TRIGGER eval_task_results_immutable;
UPDATE eval_task_results SET
  agent = CASE WHEN json_type(task_snapshot, '$.agent') = 'text' THEN substr(json_extract(task_snapshot, '$.agent'), 1, 200) END,
  model_provider = CASE WHEN json_type(task_snapshot, '$.modelProvider') = 'text' THEN substr(json_extract(task_snapshot, '$.modelProvider'), 1, 200) END,
  model_id = CASE WHEN json_type(task_snapshot, '$.modelId') = 'text' THEN substr(json_extract(task_snapshot, '$.modelId'), 1, 200) END,
  labels = CASE WHEN json_type(task_snapshot, '$.labels') = 'object' THEN json_extract(task_snapshot, '$.labels') END
WHERE task_snapshot IS NOT NULL;
CREATE TRIGGER eval_task_results_immutable BEFORE UPDATE ON eval_task_results BEGIN
  SELECT RAISE(ABORT, 'eval_task_results rows are immutable');
END;
CREATE INDEX eval_task_results_model ON eval_task_results (model_id, evaluated_at);
CREATE INDEX eval_task_results_agent ON eval_task_results (agent, evaluated_at);
`,
  },
  {
    version: 5,
    name: 'trend_index',
    sql: `
-- Trends bucket by when the task was completed (evaluation time where unknown), per cohort: one covering index.
CREATE INDEX eval_task_results_trend ON eval_task_results
  (status, coalesce(completed_at, evaluated_at), run_id, model_id, model_provider, agent, ap_final, toq_final, pc_final, overall_score);
`,
  },
  {
    version: 6,
    name: 'run_settings',
    sql: `
-- How the run was asked to evaluate (judge settings without keys, cohort labels, queued or local), so a
-- stored run can be re-scored and a queue worker can evaluate a task exactly as the run asked.
ALTER TABLE eval_runs ADD COLUMN settings TEXT CHECK (settings IS NULL OR json_valid(settings));
`,
  },
  {
    version: 7,
    name: 'result_identity_and_costs',
    sql: `
-- Who did the work and how that is known, the rubric a score was made under, the change's size (for
-- comparisons that stratify by it) and what the agent and the judge cost: listing columns for compare.
ALTER TABLE eval_task_results ADD COLUMN agent_version TEXT;
ALTER TABLE eval_task_results ADD COLUMN identity TEXT CHECK (identity IS NULL OR json_valid(identity));
ALTER TABLE eval_task_results ADD COLUMN rubric_version TEXT;
ALTER TABLE eval_task_results ADD COLUMN change_size INTEGER;
ALTER TABLE eval_task_results ADD COLUMN agent_tokens INTEGER;
ALTER TABLE eval_task_results ADD COLUMN agent_cost_usd REAL;
ALTER TABLE eval_task_results ADD COLUMN judge_cost_usd REAL;
-- Results stored before these columns carry them inside their documents; rows stay immutable after this one fill.
DROP TRIGGER eval_task_results_immutable;
UPDATE eval_task_results SET
  agent_version = CASE WHEN json_type(task_snapshot, '$.agentVersion') = 'text' THEN substr(json_extract(task_snapshot, '$.agentVersion'), 1, 200) END,
  identity = CASE WHEN json_type(task_snapshot, '$.identity') = 'object' THEN json_extract(task_snapshot, '$.identity') END,
  rubric_version = CASE WHEN json_type(provenance, '$.rubricVersion') = 'text' THEN json_extract(provenance, '$.rubricVersion') END,
  change_size = CASE
    WHEN json_extract(signals, '$.values.commits.known') = 1 AND json_extract(signals, '$.values.commits.count') > 0 THEN json_extract(signals, '$.values.commits.codeLinesAdded')
    WHEN json_type(signals, '$.values.agentLogs.session.patchLinesAdded') = 'integer' THEN json_extract(signals, '$.values.agentLogs.session.patchLinesAdded')
  END,
  agent_tokens = CASE
    WHEN json_type(task_snapshot, '$.tokenUsage.totalTokens') = 'integer' THEN json_extract(task_snapshot, '$.tokenUsage.totalTokens')
    WHEN json_type(task_snapshot, '$.tokenUsageTotalTokens') = 'integer' THEN json_extract(task_snapshot, '$.tokenUsageTotalTokens')
  END,
  agent_cost_usd = CASE WHEN json_type(task_snapshot, '$.agentCostUsd') IN ('integer', 'real') THEN json_extract(task_snapshot, '$.agentCostUsd') END,
  judge_cost_usd = CASE WHEN json_type(provenance, '$.costUsd') IN ('integer', 'real') THEN json_extract(provenance, '$.costUsd') END
WHERE status IN ('scored', 'error');
CREATE TRIGGER eval_task_results_immutable BEFORE UPDATE ON eval_task_results BEGIN
  SELECT RAISE(ABORT, 'eval_task_results rows are immutable');
END;
`,
  },
  {
    version: 8,
    name: 'validations',
    sql: `
-- What \`taskeval validate\` said of a run's scores (AUC per category with intervals, bad rate per band), kept
-- for the dashboard's validity page; deleted with the run.
CREATE TABLE eval_validations (
  id TEXT PRIMARY KEY,
  run_id TEXT NOT NULL REFERENCES eval_runs(id) ON DELETE CASCADE,
  label TEXT NOT NULL,
  report TEXT NOT NULL CHECK (json_valid(report)),
  notes TEXT NOT NULL CHECK (json_valid(notes)),
  created_at TEXT NOT NULL
);
CREATE INDEX eval_validations_run ON eval_validations (run_id, created_at);
CREATE INDEX eval_validations_created ON eval_validations (created_at);
`,
  },
  {
    version: 9,
    name: 'ratings',
    sql: `
-- People's ratings of tasks (taskeval label), per rater: human work, so they outlive the runs whose evidence
-- was shown (no foreign key; pruning a run keeps them). A rater's newer rating of the same aspect replaces theirs.
CREATE TABLE eval_ratings (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  task_id TEXT NOT NULL,
  result_id TEXT,
  rater TEXT NOT NULL,
  aspect TEXT NOT NULL CHECK (aspect IN ('agentPerformance', 'taskOutcomeQuality', 'processCompliance', 'overall')),
  scale TEXT NOT NULL CHECK (scale IN ('good-bad', '1-5')),
  value INTEGER NOT NULL CHECK ((scale = 'good-bad' AND value IN (0, 1)) OR (scale = '1-5' AND value BETWEEN 1 AND 5)),
  note TEXT,
  rated_at TEXT NOT NULL,
  UNIQUE (project_id, task_id, rater, aspect)
);
CREATE INDEX eval_ratings_rater ON eval_ratings (rater, project_id);
`,
  },
  ...SQLITE_SCALE_MIGRATIONS,
  {
    version: 16,
    name: 'task_fates',
    sql: `
-- What became of each task after it was handed over (merged, reverted, fixed later), keyed by project and task,
-- kept apart from its scores: \`taskeval outcomes\` writes them, a comparison joins them to every score. Facts
-- about the work, not about a run: pruning runs keeps them.
CREATE TABLE eval_task_fates (
  project_id TEXT NOT NULL,
  task_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('pull', 'task')),
  fate TEXT NOT NULL CHECK (json_valid(fate)),
  computed_at TEXT NOT NULL,
  PRIMARY KEY (project_id, task_id)
) WITHOUT ROWID;
`,
  },
];
