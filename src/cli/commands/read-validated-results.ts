import { resolve } from 'node:path';
import { isTaskevalError, SourceError, TaskResultSchema, type TaskResult } from '../../core/index.js';
import { createHeapPacer } from '../../runs/index.js';
import { resultPages } from '../../store/index.js';
import type { CliIo } from '../cli-io.js';
import { createPhaseProgress } from '../render/index.js';
import { openCliStore } from '../options/store-options.js';
import { readJsonItems } from './read-json-items.js';
import { resolveRunId } from './resolve-run-id.js';
import type { ValidateOptions } from './validate-options.js';

/**
 * The scores validate reads: the results of stored runs (--run, repeatable) or of `score --json` files
 * (--results, repeatable), each with its project when they come from several (a run's project, a file's path).
 */
export async function readValidatedResults(
  options: ValidateOptions,
  io: CliIo,
  visit?: (result: TaskResult, project: string | null) => void,
): Promise<{
  /** The results read, slim (slimForValidation); empty when `visit` took each instead. */
  results: TaskResult[];
  projects: (string | null)[];
  /** Each result's stored project id (runs), or null (files): what people's ratings are kept under. */
  projectIds: (string | null)[];
  runId: string | null;
  /** How many results were read. */
  count: number;
}> {
  const results: TaskResult[] = [];
  const projects: (string | null)[] = [];
  const projectIds: (string | null)[] = [];
  let count = 0;
  // Reading 200,000 results takes from half a minute (a run) to a minute and a half (a file): said on stderr.
  const progress = createPhaseProgress({ write: io.stderr, label: 'reading', noun: 'results' });
  let total: number | undefined;
  // Kept, or handed on one at a time: with `visit`, 200,000 results are never held at once.
  const take = (result: TaskResult, project: string | null, projectId: string | null) => {
    count += 1;
    progress.update(count, total);
    if (visit) return visit(result, project);
    results.push(result);
    projects.push(project);
    projectIds.push(projectId);
  };
  if (options.run !== undefined) {
    const cli = await openCliStore(options, io, { mustExist: true, readOnly: true });
    try {
      const runs: { runId: string; project: string }[] = [];
      total = 0;
      for (const given of options.run) {
        const runId = await resolveRunId(cli.store, given);
        const run = await cli.store.getRun(runId);
        runs.push({ runId, project: run.projectId });
        total += run.counts.total;
      }
      // One project's figures stay one: several runs of the same project are not projects apart.
      const single = new Set(runs.map((r) => r.project)).size <= 1;
      const pace = createHeapPacer();
      for (const { runId, project } of runs) {
        // The evidence bundle and task snapshot, two thirds of a row, are never read here.
        const query = { runId, full: true, light: true, withSignals: true, sort: 'taskId', order: 'asc' } as const;
        for await (const page of resultPages(cli.store, query, 200)) {
          for (const result of page) take(slimForValidation(result), single ? null : project, project);
          pace();
        }
      }
      return { results, projects, projectIds, runId: runs.length === 1 ? runs[0]!.runId : null, count };
    } finally {
      await cli.close();
    }
  }
  const several = options.results!.length > 1;
  for (const path of options.results!)
    await readResultFile(path, io, (result) => take(result, several ? path : null, null));
  return { results, projects, projectIds, runId: null, count };
}

async function readResultFile(path: string, io: CliIo, take: (result: TaskResult) => void): Promise<void> {
  const pace = createHeapPacer();
  let i = 0;
  try {
    for await (const item of readJsonItems(resolve(io.cwd, path))) {
      const parsed = TaskResultSchema.safeParse(item);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new SourceError(
          'source_invalid',
          `${path}[${i}]: ${issue.path.join('.') || 'result'}: ${issue.message}`,
          {
            field: 'results',
            hint: 'pass the file `taskeval score --json` wrote',
          },
        );
      }
      take(slimForValidation(parsed.data));
      // Each result is parsed whole (~18 KB) and kept slim, if at all: let go of what is left over as it goes.
      if (++i % 1000 === 0) pace();
    }
  } catch (error) {
    if (error instanceof SourceError || isTaskevalError(error)) throw error;
    throw new SourceError('source_unreadable', `${path}: cannot read the results: ${(error as Error).message}`, {
      field: 'results',
      hint: 'pass the file `taskeval score --json` wrote',
    });
  }
}

/**
 * A result as validate keeps it: its scores, each category's parts and rule points, its size, hindsight and
 * provenance, without the evidence, rationales, signal values and drafts it never reads, which are nearly all
 * of a result's size (about 1 KB kept of 18 KB: 200,000 results fit in memory this way).
 */
export function slimForValidation(result: TaskResult): TaskResult {
  if (result.status === 'skipped') return result;
  const bundle = result.evidenceBundle ? { ...result.evidenceBundle, groups: [] } : null;
  const signals = result.signals
    ? {
        rubricVersion: result.signals.rubricVersion,
        ...(result.signals.hindsight !== undefined ? { hindsight: result.signals.hindsight } : {}),
        values: sizeValues(result.signals.values),
        categories: {
          agentPerformance: rulePointsOf(result.signals.categories.agentPerformance),
          taskOutcomeQuality: rulePointsOf(result.signals.categories.taskOutcomeQuality),
          processCompliance: rulePointsOf(result.signals.categories.processCompliance),
        },
      }
    : null;
  if (result.status === 'error') return { ...result, rawAnswer: null, evidenceBundle: bundle, signals };
  return {
    ...result,
    categoryScores: result.categoryScores.map((c) => ({ ...c, rationale: '', evidence: [] })),
    overallRationale: null,
    evidenceBundle: bundle!,
    signals: signals!,
    citationIssues: [],
    followUpDrafts: [],
  };
}

/** A category's score and the points of each rule, without their labels and evidence. */
function rulePointsOf<T extends { score: number; contributions: { label: string; evidence: string[] }[] }>(
  assessment: T,
): T {
  return { ...assessment, contributions: assessment.contributions.map((c) => ({ ...c, label: '', evidence: [] })) };
}

/** Of the signal values, what a task's size is read from (changeSizeOf): its commits' and its session's. */
function sizeValues(values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const commits = values.commits as Record<string, unknown> | undefined;
  const logs = values.agentLogs as { session?: { patchLinesAdded?: unknown } | null } | undefined;
  return {
    ...(commits
      ? { commits: { known: commits.known, count: commits.count, codeLinesAdded: commits.codeLinesAdded } }
      : {}),
    ...(logs
      ? { agentLogs: { session: logs.session ? { patchLinesAdded: logs.session.patchLinesAdded } : null } }
      : {}),
  };
}
