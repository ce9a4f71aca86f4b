import type {
  Forge,
  CategoryScoreRecord,
  Cohort,
  EvaluationMode,
  ScoreCategory,
  TaskIdentity,
  TaskResult,
  ValidationReport,
} from '../core/index.js';
import type { RunEventType, RunStatus, RunTrigger } from './run-lifecycle.js';

/** The judge and versions a run was started with. */
export interface RunProvenance {
  judgeProvider: string | null;
  judgeModel: string | null;
  rubricVersion: string;
  promptVersion: string | null;
  taskevalVersion: string;
}

/** How a run evaluates its tasks, recorded when it is created. */
export interface RunSettings {
  /** The judge as the run asked it (its spec: provider, model, base URL, sampling, samples, …; never keys), or null. */
  judge: Record<string, unknown> | null;
  /** Cohort labels every result of the run carries. */
  labels: Record<string, string>;
  /** Evaluated by queue workers, not by the process that created it: never recovered as stale. */
  queued: boolean;
  /** The GitHub or GitLab repository the tasks' commits came from, so the dashboard links them; absent when none. */
  forge?: Forge;
  /** The run whose stored evidence this run evaluated again (`taskeval rescore`); absent otherwise. */
  rescoreOf?: string;
}

/** Tasks completed after `start` (exclusive) and up to `end` (inclusive); null means open. */
export interface RunWindow {
  start: string | null;
  end: string | null;
}

export interface RunCounts {
  total: number;
  scored: number;
  skipped: number;
  errored: number;
}

/** Means over scored results, one decimal; null when nothing was scored. */
export type ScoreMeans = Record<ScoreCategory | 'overall', number | null>;

/** One evaluation run. Counts and aggregates are live while active, frozen once terminal. */
export interface EvalRun {
  id: string;
  projectId: string;
  trigger: RunTrigger;
  status: RunStatus;
  window: RunWindow | null;
  requestedTaskIds: string[];
  evaluatedTaskIds: string[];
  provenance: RunProvenance;
  settings: RunSettings;
  resumeOf: string | null;
  reason: string | null;
  summary: string | null;
  counts: RunCounts;
  aggregates: ScoreMeans;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  heartbeatAt: string;
}

/** A run without its task-id lists: what a page that shows runs needs. */
export type RunHeader = Omit<EvalRun, 'requestedTaskIds' | 'evaluatedTaskIds'>;

/** A run as a listing gives it: how many tasks were asked for and evaluated, not which (a run's own page has those). */
export type ListedRun = RunHeader & {
  requestedTasks: number;
  evaluatedTasks: number;
};

export interface RunEvent {
  runId: string;
  seq: number;
  type: RunEventType;
  message: string;
  data: unknown;
  createdAt: string;
}

/** What the store adds to a task result when it keeps it. */
export interface StoredResultMeta {
  id: string;
  runId: string;
  evaluatedAt: string;
  /** When the task itself was completed, for batch windows. */
  completedAt: string | null;
  /** The task as it was at evaluation time, so the result stays readable after the task is gone. */
  taskSnapshot: unknown;
  /** Agent, model and labels, for filters and comparisons. */
  cohort: Cohort;
}

/** A kept result: the whole breakdown, bundle and signals included. */
export type StoredResult = TaskResult & StoredResultMeta;

/** A listing row: scores and status without the bundle, signals or snapshot. */
export interface ResultSummary {
  id: string;
  runId: string;
  taskId: string;
  title: string | null;
  /** Who did the work (the identity's agent, version and model) and how that is known; null on results from before identities. */
  agent: string | null;
  agentVersion: string | null;
  modelId: string | null;
  identity: TaskIdentity | null;
  status: TaskResult['status'];
  mode: EvaluationMode | null;
  overallScore: number | null;
  overallBand: string | null;
  finals: Record<ScoreCategory, number | null>;
  categoryScores: CategoryScoreRecord[] | null;
  reason: string | null;
  transient: boolean;
  evaluatedAt: string;
  completedAt: string | null;
  cohort: Cohort;
  /** The rubric the deterministic part was made under; null for a skipped result. */
  rubricVersion: string | null;
  /** Code lines the task's change added (its patch's, without commits); null when unknown. */
  changeSize: number | null;
  /** What the git history lacked when the result was made (provenance.historyGaps); empty when whole. */
  historyGaps: string[];
  /** The agent's own tokens and cost on the task, where recorded. */
  agentTokens: number | null;
  agentCostUsd: number | null;
  /** What judging this task cost, where priced. */
  judgeCostUsd: number | null;
}

export interface Page<T> {
  items: T[];
  /** Every match of the filter, not only this page. */
  count: number;
}

export interface TrendPoint {
  /** First day of the bucket, YYYY-MM-DD (weeks start on Monday), by the task's completion time (its evaluation time when unknown). */
  bucket: string;
  /** The cohort value when the trend is split `by` one; null for results without it. */
  cohort?: string | null;
  /** Scored results in the bucket. */
  count: number;
  mean: ScoreMeans;
}

export interface PruneReport {
  runs: number;
  results: number;
  events: number;
  runIds: string[];
}

/** What the stored results hold, for pickers and for choosing the mode a comparison or trend uses. */
export interface ResultFacets {
  /** Scored results per way of scoring (mode and rubric version), most first. */
  modes: { mode: EvaluationMode; rubricVersion: string | null; n: number }[];
  agents: string[];
  models: string[];
  providers: string[];
  labelKeys: string[];
}

/** What a run's results cost: judge tokens and dollars, the agents' own tokens and dollars, each with how many results it is known for. */
export interface RunSpend {
  /** Results whose judge usage is recorded, and its sums. */
  judgedResults: number;
  judgeInputTokens: number;
  judgeOutputTokens: number;
  judgeCachedTokens: number;
  /** Results judged at a known price, and what judging them cost in US dollars. */
  judgeCostResults: number;
  judgeCostUsd: number | null;
  /** Results whose agent tokens are known, and their sum. */
  agentTokenResults: number;
  agentTokens: number | null;
  /** Results whose agent cost is known, and its sum in US dollars. */
  agentCostResults: number;
  agentCostUsd: number | null;
}

/** What `taskeval validate` said of a run's scores, kept so the dashboard can show it. */
export interface StoredValidation {
  id: string;
  runId: string;
  /** The label predicted, in words (`bugIntroducing (SZZ, 7d, ≥1 line)`). */
  label: string;
  report: ValidationReport;
  /** Notes validate printed beside the report (left-out results, missing sizes). */
  notes: string[];
  createdAt: string;
}
