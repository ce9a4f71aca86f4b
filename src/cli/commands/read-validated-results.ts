import { resolve } from 'node:path';
import { SourceError, TaskResultSchema, type TaskResult } from '../../core/index.js';
import { resultPages } from '../../store/index.js';
import type { CliIo } from '../cli-io.js';
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
): Promise<{
  results: TaskResult[];
  projects: (string | null)[];
  /** Each result's stored project id (runs), or null (files): what people's ratings are kept under. */
  projectIds: (string | null)[];
  runId: string | null;
}> {
  const results: TaskResult[] = [];
  const projects: (string | null)[] = [];
  if (options.run !== undefined) {
    const cli = await openCliStore(options, io, { mustExist: true, readOnly: true });
    try {
      const runIds: string[] = [];
      for (const given of options.run) {
        const runId = await resolveRunId(cli.store, given);
        const project = (await cli.store.getRun(runId)).projectId;
        runIds.push(runId);
        const query = { runId, full: true, sort: 'taskId', order: 'asc' } as const;
        for await (const page of resultPages(cli.store, query, 200)) {
          results.push(...page.map(withoutEvidence));
          projects.push(...page.map(() => project));
        }
      }
      // One project's figures stay one: several runs of the same project are not projects apart.
      const single = new Set(projects).size <= 1;
      return {
        results,
        projects: single ? projects.map(() => null) : projects,
        projectIds: projects,
        runId: runIds.length === 1 ? runIds[0]! : null,
      };
    } finally {
      await cli.close();
    }
  }
  for (const path of options.results!) {
    const read = await readResultFile(path, io);
    results.push(...read);
    projects.push(...read.map(() => path));
  }
  return {
    results,
    projects: options.results!.length > 1 ? projects : projects.map(() => null),
    projectIds: projects.map(() => null),
    runId: null,
  };
}

async function readResultFile(path: string, io: CliIo): Promise<TaskResult[]> {
  const out: TaskResult[] = [];
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
      out.push(withoutEvidence(parsed.data));
      i++;
    }
  } catch (error) {
    if (error instanceof SourceError) throw error;
    throw new SourceError('source_unreadable', `${path}: cannot read the results: ${(error as Error).message}`, {
      field: 'results',
      hint: 'pass the file `taskeval score --json` wrote',
    });
  }
  return out;
}

/**
 * A result as validate keeps it: scores, signals and provenance, without the evidence entries it never reads,
 * which are most of a result's size (50,000 results of a history fit in memory this way).
 */
export function withoutEvidence(result: TaskResult): TaskResult {
  if (result.status === 'skipped' || !result.evidenceBundle) return result;
  const bundle = result.evidenceBundle;
  return { ...result, evidenceBundle: { ...bundle, groups: bundle.groups.map((g) => ({ ...g, entries: [] })) } };
}
