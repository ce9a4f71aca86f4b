import type { Command } from 'commander';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError, type TaskResult } from '../../core/index.js';
import { loadTaskSet } from '../../sources/index.js';
import type { CliIo } from '../cli-io.js';
import { buildDemoProject, DEMO_TASKS_FILE } from '../demo/build-demo-project.js';
import { EXIT } from '../exit-codes.js';
import type { SetExitCode } from '../set-exit-code.js';
import { renderScoreReasons, renderScoreTable, useColour } from '../render/index.js';
import { ephemeralRunId, evaluateTasks } from '../../runs/index.js';
import { TASKEVAL_VERSION } from '../version.js';

interface DemoOptions {
  keep?: string;
  json?: boolean;
}

/** The demo's fixed evaluation time, so its output is the same on every machine. */
const DEMO_EVALUATED_AT = '2026-03-06T12:00:00.000Z';

const HELP_AFTER = `
The demo builds a real git repository with three agent tasks (one clean, one with a failed test step and
two review rounds, one later reverted), writes their records to ${DEMO_TASKS_FILE}, and scores them the
way \`taskeval score\` does: deterministic-only, so final scores equal deterministic scores.

Examples:
  taskeval demo
  taskeval demo --keep ./demo     # keep the repository; then: taskeval score --tasks ./demo/${DEMO_TASKS_FILE}`;

/** `taskeval demo`: a real scorecard on a throwaway repository. */
export function registerDemoCommand(program: Command, io: CliIo, setExitCode: SetExitCode): void {
  program
    .command('demo')
    .description('build a small real git repository with three agent tasks, score them and print the scorecard')
    .option(
      '--keep <dir>',
      'build the demo in DIR (new or empty) and keep it, instead of a temporary directory that is removed',
    )
    .option('--json', 'print the results as JSON instead of the table')
    .addHelpText('after', HELP_AFTER)
    .action(async (options: DemoOptions) => {
      const dir = options.keep
        ? await prepareKeepDir(resolve(io.cwd, options.keep))
        : await mkdtemp(join(tmpdir(), 'taskeval-demo-'));
      try {
        const project = await buildDemoProject(dir, io.signal);
        // The same loading as `score --tasks … --repo …`, so the demo scores what a user's own run would.
        const set = await loadTaskSet({
          projectDir: dir,
          tasksFile: project.tasksPath,
          repo: dir,
          strict: true,
          ...(io.signal ? { signal: io.signal } : {}),
        });
        const results: TaskResult[] = [];
        // Deterministic-only, one at a time: results arrive in task order.
        await evaluateTasks({
          items: set.items,
          runId: ephemeralRunId('demo', new Date(DEMO_EVALUATED_AT)),
          evaluatedAt: DEMO_EVALUATED_AT,
          taskevalVersion: TASKEVAL_VERSION,
          judge: null,
          width: 1,
          now: () => new Date(DEMO_EVALUATED_AT),
          ...(io.signal ? { signal: io.signal } : {}),
          onResult: (result) => void results.push(result),
        });
        if (options.json) {
          io.stdout(`${JSON.stringify(results, null, 2)}\n`);
        } else {
          io.stdout(renderScoreTable(results, { colour: useColour(io.isTTY, io.env) }));
          io.stdout(`\nWhy:\n${renderScoreReasons(results)}`);
          io.stdout(
            options.keep
              ? `\nKept the demo repository in ${dir}\n  taskeval score --tasks ${join(dir, DEMO_TASKS_FILE)}\n`
              : '\n(The demo repository was temporary and has been removed; --keep DIR keeps it.)\n',
          );
        }
        if (results.some((r) => r.status === 'error')) setExitCode(EXIT.notEvaluated);
      } finally {
        if (!options.keep) await rm(dir, { recursive: true, force: true });
      }
    });
}

async function prepareKeepDir(dir: string): Promise<string> {
  const entries = await mkdir(dir, { recursive: true })
    .then(() => readdir(dir))
    .catch((error: unknown) => {
      throw new ConfigError('usage', `--keep ${dir}: cannot use it as a directory (${(error as Error).message})`, {
        cause: error,
        field: 'keep',
        hint: 'Give --keep a path where a new directory can be made, or an existing empty directory.',
      });
    });
  if (entries.length > 0) {
    throw new ConfigError('usage', `--keep ${dir}: the directory is not empty`, {
      field: 'keep',
      hint: 'Give --keep a new or empty directory; the demo writes a git repository there.',
    });
  }
  return dir;
}
