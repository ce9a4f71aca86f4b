import type { Migration } from '../sqlite/migration.js';

/** PostgreSQL schema, in order: the same tables and rules as SQLite, with jsonb and timestamptz. */
export const POSTGRES_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'runs_results_events_cache',
    sql: `
CREATE TABLE eval_runs (
  id TEXT COLLATE "C" PRIMARY KEY,
  project_id TEXT COLLATE "C" NOT NULL,
  trigger TEXT NOT NULL CHECK (trigger IN ('manual','schedule','api','task_completion')),
  status TEXT NOT NULL CHECK (status IN ('pending','running','completed','failed','cancelled')),
  window_start TIMESTAMPTZ,
  window_end TIMESTAMPTZ,
  has_window BOOLEAN NOT NULL DEFAULT false,
  requested_task_ids JSONB NOT NULL DEFAULT '[]',
  evaluated_task_ids JSONB NOT NULL DEFAULT '[]',
  judge_provider TEXT,
  judge_model TEXT,
  rubric_version TEXT NOT NULL,
  prompt_version TEXT,
  taskeval_version TEXT NOT NULL,
  resume_of TEXT COLLATE "C" REFERENCES eval_runs(id) ON DELETE SET NULL,
  reason TEXT,
  summary TEXT,
  count_total INTEGER,
  count_scored INTEGER,
  count_skipped INTEGER,
  count_errored INTEGER,
  mean_ap DOUBLE PRECISION,
  mean_toq DOUBLE PRECISION,
  mean_pc DOUBLE PRECISION,
  mean_overall DOUBLE PRECISION,
  created_at TIMESTAMPTZ NOT NULL,
  started_at TIMESTAMPTZ,
  finished_at TIMESTAMPTZ,
  heartbeat_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX eval_runs_one_active ON eval_runs (project_id, trigger)
  WHERE status IN ('pending','running') AND trigger IN ('schedule','task_completion');
CREATE INDEX eval_runs_created ON eval_runs (created_at);
CREATE INDEX eval_runs_project_trigger_status ON eval_runs (project_id, trigger, status, finished_at);
CREATE INDEX eval_runs_status_heartbeat ON eval_runs (status, heartbeat_at);

CREATE TABLE eval_task_results (
  id TEXT COLLATE "C" PRIMARY KEY,
  run_id TEXT COLLATE "C" NOT NULL REFERENCES eval_runs(id) ON DELETE CASCADE,
  task_id TEXT COLLATE "C" NOT NULL,
  title TEXT,
  status TEXT NOT NULL CHECK (status IN ('scored','error','skipped')),
  mode TEXT CHECK (mode IN ('deterministic-only','hybrid')),
  overall_score INTEGER CHECK (overall_score BETWEEN 0 AND 100),
  overall_band TEXT,
  ap_final INTEGER CHECK (ap_final BETWEEN 0 AND 100),
  toq_final INTEGER CHECK (toq_final BETWEEN 0 AND 100),
  pc_final INTEGER CHECK (pc_final BETWEEN 0 AND 100),
  reason TEXT,
  transient BOOLEAN NOT NULL DEFAULT false,
  bundle_digest TEXT,
  completed_at TIMESTAMPTZ,
  evaluated_at TIMESTAMPTZ NOT NULL,
  category_scores JSONB,
  overall_rationale TEXT,
  citation_issues JSONB,
  divergence JSONB,
  follow_up_drafts JSONB,
  raw_answer TEXT,
  provenance JSONB,
  signals JSONB,
  task_snapshot JSONB,
  evidence_bundle JSONB,
  CONSTRAINT eval_task_results_run_task UNIQUE (run_id, task_id)
);
CREATE INDEX eval_task_results_task ON eval_task_results (task_id, evaluated_at);
CREATE INDEX eval_task_results_evaluated ON eval_task_results (evaluated_at, id);
CREATE INDEX eval_task_results_band ON eval_task_results (overall_band, overall_score, id);
CREATE INDEX eval_task_results_overall ON eval_task_results (overall_score, id);
CREATE FUNCTION eval_task_results_refuse_update() RETURNS trigger LANGUAGE plpgsql AS
  $fn$ BEGIN RAISE EXCEPTION 'eval_task_results rows are immutable'; END $fn$;
CREATE TRIGGER eval_task_results_immutable BEFORE UPDATE ON eval_task_results
  FOR EACH ROW EXECUTE FUNCTION eval_task_results_refuse_update();

CREATE TABLE eval_run_events (
  run_id TEXT COLLATE "C" NOT NULL REFERENCES eval_runs(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL CHECK (seq >= 1),
  type TEXT NOT NULL CHECK (type IN ('status_changed','task_evaluated','info','warning','error')),
  message TEXT NOT NULL,
  data JSONB,
  created_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (run_id, seq)
);

CREATE TABLE judge_cache (
  key TEXT COLLATE "C" PRIMARY KEY,
  answer JSONB NOT NULL,
  usage JSONB NOT NULL,
  provider TEXT NOT NULL,
  model TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`,
  },
  {
    version: 2,
    name: 'outcome_cache',
    sql: `
CREATE TABLE outcome_cache (
  key TEXT COLLATE "C" PRIMARY KEY,
  value JSONB NOT NULL,
  created_at TEXT NOT NULL
);
`,
  },
  {
    version: 3,
    name: 'result_cohorts',
    sql: `
ALTER TABLE eval_task_results ADD COLUMN agent TEXT, ADD COLUMN model_provider TEXT, ADD COLUMN model_id TEXT, ADD COLUMN labels JSONB;
ALTER TABLE eval_task_results DISABLE TRIGGER eval_task_results_immutable;
UPDATE eval_task_results SET
  agent = CASE WHEN jsonb_typeof(task_snapshot -> 'agent') = 'string' THEN left(task_snapshot ->> 'agent', 200) END,
  model_provider = CASE WHEN jsonb_typeof(task_snapshot -> 'modelProvider') = 'string' THEN left(task_snapshot ->> 'modelProvider', 200) END,
  model_id = CASE WHEN jsonb_typeof(task_snapshot -> 'modelId') = 'string' THEN left(task_snapshot ->> 'modelId', 200) END,
  labels = CASE WHEN jsonb_typeof(task_snapshot -> 'labels') = 'object' THEN task_snapshot -> 'labels' END
WHERE task_snapshot IS NOT NULL;
ALTER TABLE eval_task_results ENABLE TRIGGER eval_task_results_immutable;
CREATE INDEX eval_task_results_model ON eval_task_results (model_id, evaluated_at);
CREATE INDEX eval_task_results_agent ON eval_task_results (agent, evaluated_at);
`,
  },
  {
    version: 4,
    name: 'trend_index',
    sql: `
CREATE INDEX eval_task_results_trend ON eval_task_results (status, (coalesce(completed_at, evaluated_at)));
`,
  },
  {
    version: 5,
    name: 'result_documents_as_json',
    sql: `
-- A result's documents are written once and read whole, never queried inside: json keeps them as
-- checked text, which costs less than half of jsonb's conversion on every write (a bundle is ~30 KB).
ALTER TABLE eval_task_results
  ALTER COLUMN category_scores TYPE json USING category_scores::json,
  ALTER COLUMN citation_issues TYPE json USING citation_issues::json,
  ALTER COLUMN divergence TYPE json USING divergence::json,
  ALTER COLUMN follow_up_drafts TYPE json USING follow_up_drafts::json,
  ALTER COLUMN provenance TYPE json USING provenance::json,
  ALTER COLUMN signals TYPE json USING signals::json,
  ALTER COLUMN task_snapshot TYPE json USING task_snapshot::json,
  ALTER COLUMN evidence_bundle TYPE json USING evidence_bundle::json;
`,
  },
  {
    version: 6,
    name: 'run_event_counter',
    sql: `
-- The next event number lives on the run row: a write takes it with the row lock in one UPDATE instead
-- of reading the run and scanning its events.
ALTER TABLE eval_runs ADD COLUMN next_event_seq INTEGER NOT NULL DEFAULT 0;
UPDATE eval_runs r SET next_event_seq = coalesce((SELECT max(e.seq) FROM eval_run_events e WHERE e.run_id = r.id), 0);
`,
  },
  {
    version: 7,
    name: 'run_settings',
    sql: `
-- How the run was asked to evaluate (judge settings without keys, cohort labels, queued or local), so a
-- stored run can be re-scored and a queue worker can evaluate a task exactly as the run asked.
ALTER TABLE eval_runs ADD COLUMN settings jsonb;
`,
  },
  {
    version: 8,
    name: 'lz4_result_documents',
    sql: `
-- A result's documents (~30 KB of JSON) are compressed on every write; lz4 costs a fraction of the default
-- pglz, which made PostgreSQL writes CPU-bound. Servers built without lz4 keep pglz.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
    ALTER TABLE eval_task_results
      ALTER COLUMN evidence_bundle SET COMPRESSION lz4,
      ALTER COLUMN signals SET COMPRESSION lz4,
      ALTER COLUMN task_snapshot SET COMPRESSION lz4,
      ALTER COLUMN category_scores SET COMPRESSION lz4,
      ALTER COLUMN provenance SET COMPRESSION lz4;
  END IF;
END $$;
`,
  },
  {
    version: 9,
    name: 'result_identity_and_costs',
    sql: `
-- Who did the work and how that is known, the rubric a score was made under, the change's size (for
-- comparisons that stratify by it) and what the agent and the judge cost: listing columns for compare.
ALTER TABLE eval_task_results
  ADD COLUMN agent_version TEXT,
  ADD COLUMN identity jsonb,
  ADD COLUMN rubric_version TEXT,
  ADD COLUMN change_size INTEGER,
  ADD COLUMN agent_tokens BIGINT,
  ADD COLUMN agent_cost_usd DOUBLE PRECISION,
  ADD COLUMN judge_cost_usd DOUBLE PRECISION;
ALTER TABLE eval_task_results DISABLE TRIGGER eval_task_results_immutable;
UPDATE eval_task_results SET
  agent_version = left(task_snapshot->>'agentVersion', 200),
  identity = CASE WHEN json_typeof(task_snapshot->'identity') = 'object' THEN (task_snapshot->'identity')::jsonb END,
  rubric_version = provenance->>'rubricVersion',
  change_size = CASE
    WHEN signals->'values'->'commits'->>'known' = 'true' AND (signals->'values'->'commits'->>'count')::int > 0 THEN (signals->'values'->'commits'->>'codeLinesAdded')::int
    WHEN json_typeof(signals->'values'->'agentLogs'->'session'->'patchLinesAdded') = 'number' THEN (signals->'values'->'agentLogs'->'session'->>'patchLinesAdded')::int
  END,
  agent_tokens = coalesce(task_snapshot->'tokenUsage'->>'totalTokens', task_snapshot->>'tokenUsageTotalTokens')::bigint,
  agent_cost_usd = (task_snapshot->>'agentCostUsd')::double precision,
  judge_cost_usd = (provenance->>'costUsd')::double precision
WHERE status IN ('scored', 'error');
ALTER TABLE eval_task_results ENABLE TRIGGER eval_task_results_immutable;
`,
  },
  {
    version: 10,
    name: 'validations',
    sql: `
-- What \`taskeval validate\` said of a run's scores (AUC per category with intervals, bad rate per band), kept
-- for the dashboard's validity page; deleted with the run.
CREATE TABLE eval_validations (
  id TEXT COLLATE "C" PRIMARY KEY,
  run_id TEXT COLLATE "C" NOT NULL REFERENCES eval_runs(id) ON DELETE CASCADE,
  label TEXT NOT NULL,
  report jsonb NOT NULL,
  notes jsonb NOT NULL,
  created_at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX eval_validations_run ON eval_validations (run_id, created_at);
CREATE INDEX eval_validations_created ON eval_validations (created_at);
`,
  },
  {
    version: 11,
    name: 'ratings',
    sql: `
-- People's ratings of tasks (taskeval label), per rater: human work, so they outlive the runs whose evidence
-- was shown (no foreign key; pruning a run keeps them). A rater's newer rating of the same aspect replaces theirs.
CREATE TABLE eval_ratings (
  id TEXT COLLATE "C" PRIMARY KEY,
  project_id TEXT COLLATE "C" NOT NULL,
  task_id TEXT COLLATE "C" NOT NULL,
  result_id TEXT COLLATE "C",
  rater TEXT COLLATE "C" NOT NULL,
  aspect TEXT NOT NULL CHECK (aspect IN ('agentPerformance', 'taskOutcomeQuality', 'processCompliance', 'overall')),
  scale TEXT NOT NULL CHECK (scale IN ('good-bad', '1-5')),
  value INTEGER NOT NULL CHECK ((scale = 'good-bad' AND value IN (0, 1)) OR (scale = '1-5' AND value BETWEEN 1 AND 5)),
  note TEXT,
  rated_at TEXT COLLATE "C" NOT NULL,
  UNIQUE (project_id, task_id, rater, aspect)
);
CREATE INDEX eval_ratings_rater ON eval_ratings (rater, project_id);
`,
  },
  {
    version: 12,
    name: 'compare_index',
    sql: `
-- A comparison reads each task's newest scored result: results in (task, time, id) order carrying every
-- column it needs, so it walks this index in chunks (an index-only scan once vacuumed).
CREATE INDEX eval_task_results_compare ON eval_task_results (status, task_id, evaluated_at, id)
  INCLUDE (run_id, mode, rubric_version, ap_final, toq_final, pc_final, overall_score, change_size, agent,
    model_provider, model_id, labels, agent_tokens, agent_cost_usd, judge_cost_usd);
`,
  },
  {
    version: 13,
    name: 'result_days',
    sql: `
-- Results counted and their scores summed per run, day, status, way of scoring, cohort and band, added to by
-- the statement that saves a result and deleted with their run when it is pruned (rows are immutable), so
-- trends, bands, the modes a trend keeps to and a running run's totals read a few rows per run and day instead
-- of every result. A migration that updates results must refill it.
CREATE TABLE eval_result_days (
  key TEXT COLLATE "C" PRIMARY KEY,
  run_id TEXT COLLATE "C" NOT NULL,
  day TEXT COLLATE "C" NOT NULL,
  status TEXT NOT NULL,
  mode TEXT,
  rubric_version TEXT,
  model_id TEXT,
  model_provider TEXT,
  agent TEXT,
  band TEXT,
  n INTEGER NOT NULL,
  ap_n INTEGER NOT NULL, ap_sum BIGINT NOT NULL,
  toq_n INTEGER NOT NULL, toq_sum BIGINT NOT NULL,
  pc_n INTEGER NOT NULL, pc_sum BIGINT NOT NULL,
  overall_n INTEGER NOT NULL, overall_sum BIGINT NOT NULL
);
CREATE INDEX eval_result_days_run ON eval_result_days (run_id, day);
CREATE INDEX eval_result_days_day ON eval_result_days (day);
INSERT INTO eval_result_days
  SELECT json_build_array(d.run_id, d.day, d.status, d.mode, d.rubric_version, d.model_id, d.model_provider, d.agent, d.band)::text,
    d.run_id, d.day, d.status, d.mode, d.rubric_version, d.model_id, d.model_provider, d.agent, d.band, count(*),
    count(d.ap), coalesce(sum(d.ap), 0), count(d.toq), coalesce(sum(d.toq), 0), count(d.pc), coalesce(sum(d.pc), 0),
    count(d.overall), coalesce(sum(d.overall), 0)
  FROM (SELECT r.run_id, to_char(coalesce(r.completed_at, r.evaluated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
      r.status, r.mode, r.rubric_version, r.model_id, r.model_provider, r.agent, r.overall_band AS band,
      r.ap_final AS ap, r.toq_final AS toq, r.pc_final AS pc, r.overall_score AS overall
    FROM eval_task_results r) d
  GROUP BY d.run_id, d.day, d.status, d.mode, d.rubric_version, d.model_id, d.model_provider, d.agent, d.band;
`,
  },
  {
    version: 14,
    name: 'run_task_counts',
    sql: `
-- How many tasks a run was asked for and evaluated, kept beside the lists: a listing of runs reads the counts,
-- and counting a million-element list costs reading all of it.
ALTER TABLE eval_runs ADD COLUMN requested_tasks INTEGER NOT NULL DEFAULT 0;
ALTER TABLE eval_runs ADD COLUMN evaluated_tasks INTEGER NOT NULL DEFAULT 0;
UPDATE eval_runs SET requested_tasks = jsonb_array_length(requested_task_ids),
  evaluated_tasks = jsonb_array_length(evaluated_task_ids);
`,
  },
  {
    version: 15,
    name: 'run_overall_index',
    sql: `
-- A run's results by overall score: the overview's weakest tasks of the latest run are the first rows.
CREATE INDEX eval_task_results_run_overall ON eval_task_results (run_id, overall_score, id);
`,
  },
  {
    version: 16,
    name: 'compare_cells',
    sql: `
-- Each task's newest scored result summed per way of scoring, rubric, cohort, project and size class (counts
-- packed as in SQLite, spend sums as JSON): a comparison over every result reads these rows.
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
  counts BYTEA NOT NULL,
  spend TEXT NOT NULL
);
-- What each task adds to its cell now, so a pass takes out exactly that when a newer result replaces it.
CREATE TABLE eval_compare_counted (
  task_id TEXT PRIMARY KEY,
  cell_key TEXT NOT NULL,
  ap SMALLINT NOT NULL,
  toq SMALLINT NOT NULL,
  pc SMALLINT NOT NULL,
  overall SMALLINT NOT NULL,
  agent_tokens BIGINT,
  agent_cost_usd DOUBLE PRECISION,
  judge_cost_usd DOUBLE PRECISION
);
-- Tasks whose results changed since the last pass: a save adds its task, a prune the tasks it deletes from.
CREATE TABLE eval_compare_pending (task_id TEXT PRIMARY KEY);
INSERT INTO eval_compare_pending SELECT DISTINCT task_id FROM eval_task_results;
`,
  },
  {
    version: 17,
    name: 'task_fates',
    sql: `
-- What became of each task after it was handed over, keyed by project and task, kept apart from its scores
-- (taskeval outcomes writes them; a comparison joins them). Pruning runs keeps them.
CREATE TABLE eval_task_fates (
  project_id TEXT NOT NULL,
  task_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('pull', 'task')),
  fate TEXT NOT NULL,
  computed_at TEXT NOT NULL,
  PRIMARY KEY (project_id, task_id)
);
`,
  },
];
