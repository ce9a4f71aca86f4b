import { mainLogAgent } from './identity/index.js';
import { z } from 'zod';
import type { Task } from './task.js';
import { TASK_TYPE_LABEL, taskType } from './task-type.js';

/** What a result is compared by: who did the work, with which model, under which labels. */
export const CohortSchema = z.object({
  agent: z.string().nullable().default(null),
  modelProvider: z.string().nullable().default(null),
  modelId: z.string().nullable().default(null),
  labels: z.record(z.string(), z.string()).default({}),
});

export type Cohort = z.output<typeof CohortSchema>;

export const EMPTY_COHORT: Cohort = Object.freeze({
  agent: null,
  modelProvider: null,
  modelId: null,
  labels: Object.freeze({}),
}) as Cohort;

const MAX_LABEL_CHARS = 200;
const MAX_LABELS = 20;

/**
 * A task's cohort: the record's agent, else the agent that wrote most of its agent logs (the user and
 * subagents aside); the record's model; its labels with the run's labels over them, and its type (`type`:
 * feature, fix, docs, ...) unless a label of its own says it.
 */
export function taskCohort(task: Task, runLabels: Readonly<Record<string, string>> = {}): Cohort {
  const labels: Record<string, string> = {};
  const all = { [TASK_TYPE_LABEL]: taskType(task), ...(task.labels ?? {}), ...runLabels };
  for (const [key, value] of Object.entries(all).slice(0, MAX_LABELS)) {
    labels[key.slice(0, MAX_LABEL_CHARS)] = value.slice(0, MAX_LABEL_CHARS);
  }
  return {
    agent: text(task.agent) ?? logAgent(task),
    modelProvider: text(task.modelProvider),
    modelId: text(task.modelId),
    labels,
  };
}

function text(value: string | undefined | null): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, MAX_LABEL_CHARS) : null;
}

function logAgent(task: Task): string | null {
  return mainLogAgent(task.agentLogs)?.slice(0, MAX_LABEL_CHARS) ?? null;
}

/** Parses `key=value` labels from the command line; a malformed one names itself. */
export function parseLabelPairs(
  pairs: readonly string[],
): { ok: true; labels: Record<string, string> } | { ok: false; bad: string } {
  const labels: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0 || !/^[A-Za-z0-9_.-]+$/.test(pair.slice(0, at))) return { ok: false, bad: pair };
    labels[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return { ok: true, labels };
}
