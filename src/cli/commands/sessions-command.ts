import type { Command } from 'commander';
import { dirname } from 'node:path';
import { ConfigError } from '../../core/index.js';
import { loadConfig } from '../../runs/index.js';
import type { AgentSessionFile, SessionReport } from '../../sources/index.js';
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
Sessions are found where the agents keep them, in your own home only: Claude Code's projects/<the repository's
path>/ under $CLAUDE_CONFIG_DIR, ~/.claude and ~/.config/claude (a session's subagents/ counted in it), Codex's
$CODEX_HOME/sessions and archived_sessions (default ~/.codex; .jsonl and compressed .jsonl.zst rollouts), Gemini
CLI's ~/.gemini/tmp/<hash of the path>/chats, OpenCode's $XDG_DATA_HOME/opencode/storage (default
~/.local/share), Copilot CLI's ~/.copilot/session-state, pi's ~/.pi/agent/sessions, Cursor's
~/.cursor/chats/<hash of the path>, Aider's .aider.chat.history.md in the repository, OpenTelemetry exports
(--otlp, and .taskeval/otlp where taskeval serve keeps what it receives), plus any --sessions DIR.
A session belongs to the repository when it ran in it (or one of its worktrees), and to a task when one of
the task's commits was made during the session or within an hour after its last record, on the branch the
session records when it records one. Per agent, stderr says how many were found, linked and unlinked; each
unlinked session says why.

Examples:
  taskeval sessions --project .
  taskeval sessions --unlinked            # sessions that ran here but made none of the tasks' commits
  taskeval sessions --sessions ~/exported-sessions --json`;

/** `taskeval sessions`: the agent sessions found for the repository and the tasks each was linked to. */
export function registerSessionsCommand(program: Command, io: CliIo): void {
  const command = program
    .command('sessions')
    .description(
      'list the agent sessions (Claude Code, Codex, Gemini CLI, OpenCode, Copilot CLI, pi, Cursor, Aider, OpenTelemetry) that ran in the repository, the tasks they were linked to, and why the others were not',
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
      // A repository whose commits name no task still has sessions to list: they are listed, all unlinked.
      const { set } = await loadSourceTasks(
        { ...options, column: options.column ?? 'all' },
        quiet,
        config.sources,
        configPath ? dirname(configPath) : undefined,
        undefined,
        undefined,
        undefined,
        true,
      );
      const report = set.sessions;
      if (!report)
        throw new ConfigError(
          'usage',
          `${set.origin} has no git repository: sessions are linked to tasks through their commits`,
          { field: 'project', hint: 'Point --project (or --repo) at the repository the agents worked in.' },
        );
      const linked = new Map(report.linked.map((l) => [l.session, l.taskIds]));
      // A telemetry session's content is read with it; the listing says where and when, not what.
      const rows = (options.unlinked ? report.unlinked : report.found).map((session) => {
        const { telemetry: _content, ...s } = session;
        const why = report.unlinkedWhy.get(session);
        return { ...s, taskIds: linked.get(session) ?? [], ...(why !== undefined ? { unlinkedWhy: why } : {}) };
      });
      const agents = perAgent(report);
      if (options.json) {
        io.stdout(`${JSON.stringify({ scanned: report.scanned, agents, sessions: rows }, null, 2)}\n`);
        return;
      }
      io.stderr(
        `${describeSessionReport(report)} (${report.scanned} session file${report.scanned === 1 ? '' : 's'} looked at)\n`,
      );
      for (const a of agents)
        io.stderr(
          `  ${a.agent}: ${a.found} found, ${a.linked} linked, ${a.unlinked} unlinked${
            Object.keys(a.why).length
              ? ` (${Object.entries(a.why)
                  .map(([why, n]) => `${n}: ${why}`)
                  .join('; ')})`
              : ''
          }\n`,
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

/** Per agent: sessions found, linked and unlinked, and how many are unlinked for each reason. */
function perAgent(report: SessionReport) {
  const linked = new Set(report.linked.map((l) => l.session));
  const out = new Map<
    string,
    { agent: string; found: number; linked: number; unlinked: number; why: Record<string, number> }
  >();
  for (const s of report.found) {
    const row = out.get(s.agent) ?? { agent: s.agent, found: 0, linked: 0, unlinked: 0, why: {} };
    row.found += 1;
    if (linked.has(s)) row.linked += 1;
    const why = report.unlinkedWhy.get(s);
    if (why !== undefined) {
      row.unlinked += 1;
      row.why[why] = (row.why[why] ?? 0) + 1;
    }
    out.set(s.agent, row);
  }
  return [...out.values()].sort((a, b) => (a.agent < b.agent ? -1 : 1));
}

function formatSession(s: AgentSessionFile & { taskIds: string[]; unlinkedWhy?: string }): string {
  const when = `${s.startedAt ?? '?'} → ${s.endedAt ?? '?'}`;
  const tasks = s.taskIds.length ? s.taskIds.join(', ') : `unlinked: ${s.unlinkedWhy ?? 'no task'}`;
  return `${s.agent.padEnd(11)} ${when}  ${(s.branch ?? '-').padEnd(16)} ${(s.model ?? '-').padEnd(18)} ${tasks}\n    ${s.path}`;
}
