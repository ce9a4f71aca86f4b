import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Task } from '../../core/index.js';
import { parseTaskValue } from '../files/index.js';
import type { SourceProblem, SourceReadResult } from '../source-read-result.js';
import { readTranscript } from '../transcripts/index.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A trial's result.json as Harbor writes it (TrialResult), read leniently: every field may be missing. */
export interface HarborTrial {
  dir: string;
  trialName: string;
  taskName: string | null;
  /** The verifier's reward (`rewards.reward`, else the only reward); null when the verifier gave none. */
  reward: number | null;
  rewards: Record<string, number>;
  exception: string | null;
  agent: string | null;
  agentVersion: string | null;
  model: string | null;
  provider: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  tokens: { input: number | null; cached: number | null; output: number | null };
  costUsd: number | null;
}

/** The trials of a Harbor job directory (`jobs/<job>/<trial>/result.json`), by name; a job-level result.json is not one. */
export async function readHarborTrials(dir: string): Promise<{ trials: HarborTrial[]; problems: SourceProblem[] }> {
  const trials: HarborTrial[] = [];
  const problems: SourceProblem[] = [];
  const names = (await readdir(dir, { withFileTypes: true }).catch(() => [])).filter((e) => e.isDirectory());
  for (const entry of names.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name, 'result.json');
    const text = await readFile(path, 'utf8').catch(() => null);
    if (text === null) continue;
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (error) {
      problems.push({ path, message: `not JSON (${(error as Error).message}); expected Harbor's trial result` });
      continue;
    }
    if (!isObject(doc)) {
      problems.push({ path, message: "expected Harbor's trial result, a JSON object" });
      continue;
    }
    // A job's own result.json (a job directory inside a jobs directory) names no trial.
    if (str(doc.trial_name) === null) continue;
    trials.push(trialOf(doc, join(dir, entry.name)));
  }
  return { trials, problems };
}

function trialOf(doc: Json, dir: string): HarborTrial {
  const verifier = isObject(doc.verifier_result) ? doc.verifier_result : {};
  const rewards: Record<string, number> = {};
  for (const [k, v] of Object.entries(isObject(verifier.rewards) ? verifier.rewards : {}))
    if (num(v) !== null) rewards[k] = v as number;
  const values = Object.values(rewards);
  const reward = rewards.reward ?? (values.length === 1 ? values[0]! : (num(verifier.reward) ?? null));
  const info = isObject(doc.agent_info) ? doc.agent_info : {};
  const model = isObject(info.model_info) ? info.model_info : {};
  const config = isObject(doc.config) && isObject(doc.config.agent) ? doc.config.agent : {};
  const result = isObject(doc.agent_result) ? doc.agent_result : {};
  const exception = isObject(doc.exception_info) ? doc.exception_info : null;
  return {
    dir,
    trialName: str(doc.trial_name) ?? basename(dir),
    taskName: str(doc.task_name),
    reward,
    rewards,
    exception: exception
      ? [str(exception.exception_type), str(exception.exception_message)].filter(Boolean).join(': ') || 'exception'
      : null,
    agent: str(info.name) ?? str(config.name),
    agentVersion: str(info.version),
    model: str(model.name) ?? str(config.model_name),
    provider: str(model.provider),
    startedAt: str(doc.started_at),
    finishedAt: str(doc.finished_at),
    tokens: {
      input: num(result.n_input_tokens),
      cached: num(result.n_cache_tokens),
      output: num(result.n_output_tokens),
    },
    costUsd: num(result.cost_usd),
  };
}

/** True when `dir` holds at least one Harbor trial (`<trial>/result.json` beside a job's). */
export async function isHarborJob(dir: string): Promise<boolean> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    if (!e.isDirectory()) continue;
    const info = await stat(join(dir, e.name, 'result.json')).catch(() => null);
    if (info?.isFile() && (await readFile(join(dir, e.name, 'result.json'), 'utf8')).includes('"trial_name"'))
      return true;
  }
  return false;
}

/** A trial's ATIF trajectory, where Harbor's agents write it. */
async function trajectoryOf(trialDir: string): Promise<string | null> {
  for (const rel of ['agent/trajectory.json', 'trajectory.json']) {
    const info = await stat(join(trialDir, rel)).catch(() => null);
    if (info?.isFile()) return join(trialDir, rel);
  }
  return null;
}

/**
 * A Harbor job as tasks: each trial is a done task named by its trial, its task's name as the title, the
 * verifier's reward as a `workflow` step result (passed at 1, failed below), an exception as the task's
 * error, the agent, version, model, tokens and cost as recorded, and its ATIF trajectory as the session.
 */
export async function readHarborJob(dir: string): Promise<SourceReadResult> {
  const { trials, problems } = await readHarborTrials(dir);
  const tasks: Task[] = [];
  for (const trial of trials) {
    const path = join(trial.dir, 'result.json');
    const trajectory = await trajectoryOf(trial.dir);
    const read = trajectory ? await readTranscript(trajectory) : null;
    for (const problem of read?.problems ?? []) problems.push(problem);
    const rewardText = Object.entries(trial.rewards)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    const record = {
      id: trial.trialName,
      title: trial.taskName ?? trial.trialName,
      column: 'done',
      status: trial.exception ? 'failed' : 'done',
      ...(trial.agent ? { agent: trial.agent } : {}),
      ...(trial.agentVersion ? { agentVersion: trial.agentVersion } : {}),
      ...(trial.model ? { modelId: trial.model } : {}),
      ...(trial.provider ? { modelProvider: trial.provider } : {}),
      ...(trial.startedAt ? { executionStartedAt: trial.startedAt } : {}),
      ...(trial.finishedAt ? { executionCompletedAt: trial.finishedAt } : {}),
      ...(trial.exception ? { error: trial.exception } : {}),
      labels: { harbor_task: (trial.taskName ?? trial.trialName).slice(0, 200) },
      workflowStepResults: [
        {
          workflowStepId: 'harbor-verifier',
          workflowStepName: 'Harbor verifier',
          status: trial.reward === null ? 'skipped' : trial.reward >= 1 ? 'passed' : 'failed',
          output:
            trial.reward === null
              ? 'the verifier gave no reward'
              : `reward ${trial.reward}${rewardText ? ` (${rewardText})` : ''}`,
        },
      ],
      ...(trial.tokens.input !== null || trial.tokens.output !== null
        ? {
            tokenUsage: {
              inputTokens: Math.max(0, (trial.tokens.input ?? 0) - (trial.tokens.cached ?? 0)),
              cachedTokens: trial.tokens.cached ?? 0,
              outputTokens: trial.tokens.output ?? 0,
            },
          }
        : {}),
      ...(trial.costUsd !== null ? { agentCostUsd: trial.costUsd } : {}),
      ...(read ? { agentLogs: read.entries } : {}),
      ...(read?.stats.session ? { agentSession: read.stats.session } : {}),
    };
    const parsed = parseTaskValue(record);
    if (parsed.task) tasks.push(parsed.task);
    else for (const p of parsed.problems) problems.push({ path, taskId: trial.trialName, ...p });
  }
  return { tasks, problems, projectId: `harbor:${basename(dir)}` };
}
