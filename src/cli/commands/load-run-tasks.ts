import { dirname } from 'node:path';
import type { Forge } from '../../core/index.js';
import type { RunTask, TaskevalConfig } from '../../runs/index.js';
import type { Store } from '../../store/index.js';
import { formatSourceProblem } from '../../sources/files/index.js';
import type { LoadTaskSetOptions } from '../../sources/index.js';
import type { CliIo } from '../cli-io.js';
import { loadSourceTasks, type SourceOptionValues } from '../options/source-options.js';

/** The tasks a run or batch evaluates, with the project they belong to and what could not be read. */
export interface RunTaskSet {
  projectId: string;
  projectDir: string;
  /** The GitHub or GitLab repository of the tasks' commits, recorded on the run for the dashboard's links. */
  forge: Forge | null;
  tasks: RunTask[];
  /** Source problems, kept as warning events on the run. */
  warnings: string[];
}

/** Loads the selected tasks through the shared source flags (loadTaskSet), with the config's `sources` key. */
export async function loadRunTasks(
  options: SourceOptionValues,
  io: CliIo,
  config: TaskevalConfig = {},
  configPath: string | null = null,
  store?: Store,
  choose?: LoadTaskSetOptions['choose'],
): Promise<RunTaskSet> {
  const loaded = await loadSourceTasks(options, io, config.sources, configPath ? dirname(configPath) : undefined, store, choose);
  return {
    projectId: loaded.set.projectId,
    projectDir: loaded.set.projectDir,
    forge: loaded.set.forge,
    tasks: loaded.set.items,
    warnings: loaded.problems.map((p) => formatSourceProblem(p)),
  };
}
