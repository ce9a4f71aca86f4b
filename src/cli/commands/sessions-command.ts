import type { Command } from 'commander';
import { dirname } from 'node:path';
import { ConfigError } from '../../core/index.js';
import { loadConfig } from '../../runs/index.js';
import type { AgentSessionFile } from '../../sources/index.js';
import type { CliIo } from '../cli-io.js';
import {
  addConfigOption,
  addSourceOptions,
  describeSessionReport,
  loadSourceTasks,
  type SourceOptionValues,
} from '../options/source-options.js';

interface SessionsOptions extends SourceOptionValues {
  unlinked?: boolean;
  json?: boolean;
}

const HELP_AFTER = `
Sessions are found where the agents keep them, in your own home only: Claude Code's ~/.claude/projects/<the
repository's path>/ and Codex's $CODEX_HOME/sessions (default ~/.codex/sessions), plus any --sessions DIR.
A session belongs to the repository when it ran in it (or one of its worktrees), and to a task when one of
the task's commits was made during the session or within an hour after its last record, on the branch the
session records when it records one.

Examples:
  taskeval sessions --project .
  taskeval sessions --unlinked            # sessions that ran here but made none of the tasks' commits
  taskeval sessions --sessions ~/exported-sessions --json`;

/** `taskeval sessions`: the agent sessions found for the repository and the tasks each was linked to. */
export function registerSessionsCommand(program: Command, io: CliIo): void {
  const command = program
    .command('sessions')
    .description(
      'list the agent sessions (Claude Code, Codex) that ran in the repository and the tasks they were linked to',
    )
    .option('--unlinked', "only the sessions that ran here but made none of the tasks' commits")
    .option('--json', 'print the sessions as JSON');
  addConfigOption(addSourceOptions(command))
    .addHelpText('after', HELP_AFTER)
    .action(async (options: SessionsOptions) => {
      if (options.sessions === false)
        throw new ConfigError('usage', '--no-sessions leaves nothing to list', { field: '--no-sessions' });
      const { config, path: configPath } = await loadConfig(io.cwd, options.config);
      const quiet: CliIo = { ...io, stderr: () => undefined };
      const { set } = await loadSourceTasks(
        { ...options, column: options.column ?? 'all' },
        quiet,
        config.sources,
        configPath ? dirname(configPath) : undefined,
      );
      const report = set.sessions;
      if (!report)
        throw new ConfigError(
          'usage',
          `${set.origin} has no git repository: sessions are linked to tasks through their commits`,
          { field: 'project', hint: 'Point --project (or --repo) at the repository the agents worked in.' },
        );
      const linked = new Map(report.linked.map((l) => [l.session.path, l.taskIds]));
      const rows = (options.unlinked ? report.unlinked : report.found).map((s) => ({
        ...s,
        taskIds: linked.get(s.path) ?? [],
      }));
      if (options.json) {
        io.stdout(`${JSON.stringify({ scanned: report.scanned, sessions: rows }, null, 2)}\n`);
        return;
      }
      io.stderr(
        `${describeSessionReport(report)} (${report.scanned} session file${report.scanned === 1 ? '' : 's'} looked at)\n`,
      );
      if (rows.length === 0) {
        io.stdout(
          options.unlinked
            ? 'every session that ran here was linked to a task\n'
            : 'no agent session ran in this repository\n',
        );
        return;
      }
      for (const row of rows) io.stdout(`${formatSession(row)}\n`);
    });
}

function formatSession(s: AgentSessionFile & { taskIds: string[] }): string {
  const when = `${s.startedAt ?? '?'} → ${s.endedAt ?? '?'}`;
  const tasks = s.taskIds.length ? s.taskIds.join(', ') : 'no task';
  return `${s.agent.padEnd(11)} ${when}  ${(s.branch ?? '-').padEnd(16)} ${(s.model ?? '-').padEnd(18)} ${tasks}\n    ${s.path}`;
}
