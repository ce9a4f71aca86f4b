import { validateScores, type ValidationReport } from '../../core/index.js';
import type { TaskevalError } from '../../core/index.js';
import type { RunStatus } from '../run-lifecycle.js';
import type { CreateRunInput } from '../store-inputs.js';
import type { EvalRun } from '../store-types.js';
import type { Store } from '../store.js';

export const T0 = '2026-03-02T10:00:00.000Z';
/** T0 plus `minutes`, as an ISO string. */
export const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

/** The provenance every test run carries. */
export const provenance = {
  judgeProvider: 'openai',
  judgeModel: 'gpt-test',
  rubricVersion: 'rubric-1',
  promptVersion: 'prompt-1',
  taskevalVersion: '0.1.0',
};

/** A manual run's input with test defaults. */
export function runInput(overrides: Partial<CreateRunInput> = {}): CreateRunInput {
  return { projectId: 'proj', trigger: 'manual', requestedTaskIds: [], provenance, now: T0, ...overrides };
}

/** The error code a promise rejects with, or 'no error'. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as TaskevalError).code ?? `untyped: ${String(error)}`;
  }
  return 'no error';
}

/** The field a promise's error names, or 'no error'. */
export async function fieldOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return (error as TaskevalError).field;
  }
  return 'no error';
}

/** A small real validation report: four labelled tasks through the same math `taskeval validate` uses. */
export function sampleValidation(): ValidationReport {
  const item = (taskId: string, score: number, label: boolean) => ({
    taskId,
    scores: { agentPerformance: score, taskOutcomeQuality: score, processCompliance: score, overall: score },
    rulePoints: {},
    label,
    size: 10,
  });
  return validateScores(
    [item('FN-1', 30, true), item('FN-2', 50, true), item('FN-3', 80, false), item('FN-4', 95, false)],
    { label: 'bad', iterations: 20, seed: 1 },
  );
}

/** What the parts of the Store contract need from the suite: the store under test, a run in a given status, broken event inserts. */
export interface StoreContractContext {
  readonly store: Store;
  runIn(status: RunStatus, overrides?: Partial<CreateRunInput>): Promise<EvalRun>;
  /** From now on every insert into eval_run_events fails inside the database. */
  breakEventInserts(): Promise<void>;
}
