import { dirname } from 'node:path';
import { ConfigError, projectTaskKey, SourceError, type LabelledTask } from '../../core/index.js';
import { computeProjectOutcomes, loadConfig, parseCount } from '../../runs/index.js';
import { readLabelFile, type LabelRow } from '../../sources/index.js';
import type { CliIo } from '../cli-io.js';
import { loadSourceTasks } from '../options/source-options.js';
import { openCliStore } from '../options/store-options.js';
import { outcomesProgress, parseWindow, pullOutcomesOf } from './outcomes-command.js';
import type { ValidateOptions } from './validate-options.js';

/** What `validate --outcomes --label` predicts. */
export const OUTCOME_LABELS = ['bug-introducing', 'fixed', 'reverted', 'closed-unmerged'] as const;
export type OutcomeLabel = (typeof OUTCOME_LABELS)[number];

/** Labels from what happened (--outcomes): SZZ bug-introducing, reverted, fixed or, for pull requests, closed unmerged. */
export async function outcomeLabels(
  options: ValidateOptions,
  io: CliIo,
): Promise<{ labels: Map<string, LabelledTask>; name: string }> {
  const windowMs = parseWindow(options.window);
  const minLines = parseCount('--min-lines', options.minLines, 1);
  const which = (options.label ?? 'bug-introducing') as OutcomeLabel;
  const { config, path: configPath } = await loadConfig(io.cwd, options.config);
  // Labels are what happened: read with hindsight whatever the scores were read with.
  const { set } = await loadSourceTasks(
    { ...options, column: options.column ?? 'all', hindsight: true },
    io,
    config.sources,
    configPath ? dirname(configPath) : undefined,
  );
  const pulls = set.source === 'pulls';
  if (which === 'closed-unmerged' && !pulls)
    throw new ConfigError(
      'usage',
      '--label closed-unmerged is a pull request outcome, and these tasks are not pull requests',
      {
        field: '--label',
        hint: 'read pull requests with --source pulls, --pulls FILE or --github OWNER/NAME',
      },
    );
  // Whether a pull request was closed unmerged needs no git history; the other labels do.
  const needsGit = !(pulls && which === 'closed-unmerged') && !(pulls && set.commitIndex === null);
  if (pulls && set.commitIndex === null && which !== 'closed-unmerged')
    throw new SourceError(
      'source_unreadable',
      `--label ${which} needs the repository's history, and ${set.origin} has none`,
      {
        field: 'repo',
        hint: 'name a clone with --repo PATH (or --project), or use --label closed-unmerged',
      },
    );
  const cli = needsGit ? await openCliStore(options, io) : null;
  try {
    const outcomes = needsGit
      ? await computeProjectOutcomes({
          set,
          windowMs,
          minLines,
          concurrency: 4,
          cache: cli!.store.repositoryCache,
          now: new Date().toISOString(),
          onProgress: outcomesProgress(io),
          ...(config.outcomes?.fixPattern ? { fixPattern: config.outcomes.fixPattern } : {}),
          ...(io.signal ? { signal: io.signal } : {}),
        })
      : null;
    for (const warning of outcomes?.warnings ?? []) io.stderr(`warning: ${warning}\n`);
    const window = `${options.window}, ≥${minLines} line${minLines === 1 ? '' : 's'}`;
    const labels = new Map<string, LabelledTask>();
    if (!pulls) {
      for (const r of outcomes!.rows)
        labels.set(r.taskId, { label: which === 'reverted' ? r.reverted : r.bugIntroducing });
      return {
        labels,
        name: which === 'reverted' ? 'reverted' : `bugIntroducing (SZZ, ${window})`,
      };
    }
    const rows = pullOutcomesOf(set, outcomes);
    for (const r of rows) {
      // An open pull request has no fate yet, and only a merged one can be reverted or fixed.
      const label = which === 'closed-unmerged' ? r.closedUnmerged : which === 'reverted' ? r.reverted : r.fixed;
      if (label !== null) labels.set(r.taskId, { label });
    }
    const gitAlone = rows.some((r) => r.state === 'not merged');
    return {
      labels,
      name:
        which === 'closed-unmerged'
          ? `closed unmerged (of merged and closed pull requests${gitAlone ? '; git alone: not merged, open ones included' : ''})`
          : which === 'reverted'
            ? 'merged then reverted (of merged pull requests)'
            : `merged then fixed (SZZ, ${window}; of merged pull requests)`,
    };
  } finally {
    await cli?.close();
  }
}

/** Labels from a file (--labels FILE --label COLUMN [--bad VALUE]), keyed by project when it has a project column. */
export async function fileLabels(
  options: ValidateOptions,
  io: CliIo,
): Promise<{ labels: Map<string, LabelledTask>; name: string }> {
  const rows = await readLabelFile(options.labels!, io.cwd);
  const column = options.label!;
  const labels = new Map<string, LabelledTask>();
  for (const row of rows) {
    const value = row.fields[column];
    if (value === undefined || value === null || value === '') {
      if (!(column in row.fields)) throw badLabel(options.labels!, row, `no column "${column}"`);
      continue;
    }
    const label =
      options.bad !== undefined ? String(value) === options.bad : rating(value, options.labels!, row, column);
    const size = options.size === 'auto' ? undefined : sizeOf(row, options.size, options.labels!);
    const project = row.fields.project;
    // A project column keeps the same task id of two repositories apart (outcomes --format csv writes it).
    const key = typeof project === 'string' && project !== '' ? projectTaskKey(project, row.taskId) : row.taskId;
    labels.set(key, { label, ...(size !== undefined ? { size } : {}) });
  }
  return { labels, name: options.bad !== undefined ? `${column} = ${options.bad} is bad` : `${column} (rating)` };
}

function rating(value: unknown, path: string, row: LabelRow, column: string): number {
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(n))
    throw badLabel(
      path,
      row,
      `${column} is ${JSON.stringify(value)}: give --bad VALUE for a yes/no label, or use a numeric rating`,
    );
  return n;
}

function sizeOf(row: LabelRow, field: string, path: string): number | null {
  const value = row.fields[field];
  if (value === undefined) throw badLabel(path, row, `no column "${field}" for --size`);
  if (value === null || value === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n))
    throw badLabel(path, row, `--size column ${field} is ${JSON.stringify(value)}, not a number`);
  return n;
}

function badLabel(path: string, row: LabelRow, message: string): SourceError {
  return new SourceError('source_invalid', `${path}:${row.line} (task ${row.taskId}): ${message}`, { field: 'labels' });
}
