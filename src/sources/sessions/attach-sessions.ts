import { basename } from 'node:path';
import {
  canonicalAgentName,
  UNKNOWN_IDENTITY,
  type AgentLogEntry,
  type Task,
  type TaskIdentity,
} from '../../core/index.js';
import { runGit, type GitRunner } from '../../evidence/index.js';
import { withTranscripts } from '../transcripts/index.js';
import { sessionFormat } from './formats/index.js';
import type { TranscriptReadResult } from '../transcripts/transcript-types.js';
import type { AgentSessionFile } from './agent-session-file.js';
import { discoverSessions } from './discover-sessions.js';
import { linkSessions, type SessionLink } from './link-sessions.js';
import { entireCheckpointIds, readEntireCheckpoints } from './read-entire-checkpoints.js';

export interface SessionSearch {
  /** This user's home (Claude Code's projects, Codex's default home); null: none. */
  home: string | null;
  codexHome?: string | null;
  /** Claude Code's `$CLAUDE_CONFIG_DIR`. */
  claudeConfigDir?: string | null;
  /** Gemini CLI's home (`$GEMINI_CLI_HOME`'s .gemini, default `~/.gemini`). */
  geminiHome?: string | null;
  /** OpenTelemetry exports (files, or directories of them) whose sessions are linked too; a missing one is skipped. */
  otlp?: readonly string[];
  /** `$COPILOT_HOME`, Copilot CLI's directory. */
  copilotHome?: string | null;
  /** `$PI_CODING_AGENT_DIR`, pi's agent directory. */
  piAgentDir?: string | null;
  /** `$XDG_DATA_HOME`, where OpenCode keeps its storage. */
  xdgDataHome?: string | null;
  /** Called after each session file discovery reads. */
  onFile?: () => void;
  /** More places holding session files. */
  dirs?: readonly string[];
  /** Commit trailer keys naming the session that made the commit (`Entire-Checkpoint: <id>`). */
  trailerKeys?: readonly string[];
}

/** What discovery found and linked, for the report line and `taskeval sessions`. */
export interface SessionReport {
  scanned: number;
  /** Sessions that ran in the repository. */
  found: AgentSessionFile[];
  linked: { session: AgentSessionFile; taskIds: string[] }[];
  unlinked: AgentSessionFile[];
  /** Why each unlinked session is, in words. */
  unlinkedWhy: ReadonlyMap<AgentSessionFile, string>;
  /** Tasks that got at least one session. */
  tasks: number;
}

/** A task as sessions are linked to it: its id and record, and the commits it made. */
type SessionTask = {
  task: Task;
  commits:
    | readonly {
        sha: string;
        date: string;
        author?: string | null;
        body?: string | null;
        trailers?: Readonly<Record<string, readonly string[]>>;
      }[]
    | null;
};

/**
 * Finds the sessions that ran in the repository (or its worktrees), links each to the tasks whose commits it
 * made, and adds to each task the session's bounded log excerpts, tool errors, tokens (by the task's share of
 * the session's commits), agent and model. Tasks are replaced, not changed.
 */
export async function attachSessions(
  items: SessionTask[],
  repo: string,
  search: SessionSearch,
  run: GitRunner = runGit,
): Promise<SessionReport> {
  const found = await findSessionLinks(items, repo, search, run);
  await found.apply(items);
  return found.report;
}

/** Sessions linked to tasks, and a way to add them to those tasks' records (given now, or read whole later). */
export interface FoundSessions {
  report: SessionReport;
  /** Adds each linked task's sessions to its record; tasks without a link are left as they are. */
  apply(items: { task: Task }[]): Promise<void>;
}

/**
 * Finds and links the sessions from what tasks' commits say (ids and commits suffice), so a task's record
 * can be given its sessions later, when it is read whole.
 */
export async function findSessionLinks(
  items: readonly SessionTask[],
  repo: string,
  search: SessionSearch,
  run: GitRunner = runGit,
): Promise<FoundSessions> {
  const worktrees = await run(['worktree', 'list', '--porcelain'], { cwd: repo });
  const repoDirs = [
    repo,
    ...(worktrees.exitCode === 0
      ? worktrees.stdout
          .split('\n')
          .filter((l) => l.startsWith('worktree '))
          .map((l) => l.slice(9).trim())
      : []),
  ];
  const discovered = await discoverSessions({
    repoDirs,
    home: search.home,
    ...(search.codexHome !== undefined ? { codexHome: search.codexHome } : {}),
    ...(search.claudeConfigDir ? { claudeConfigDir: search.claudeConfigDir } : {}),
    ...(search.otlp?.length ? { otlp: search.otlp } : {}),
    ...(search.geminiHome !== undefined ? { geminiHome: search.geminiHome } : {}),
    ...(search.onFile ? { onFile: search.onFile } : {}),
    ...(search.xdgDataHome ? { xdgDataHome: search.xdgDataHome } : {}),
    ...(search.piAgentDir ? { piAgentDir: search.piAgentDir } : {}),
    ...(search.copilotHome ? { copilotHome: search.copilotHome } : {}),
    ...(search.dirs ? { dirs: search.dirs } : {}),
  });
  for (const session of discovered.inRepo)
    if (session.agent === 'aider' && session.endedAt === null)
      session.endedAt = (await lastCommitTime(run, repo, session.commitShas ?? [])) ?? session.startedAt;
  const reachable = new Map<string, ReadonlySet<string> | null>();
  for (const branch of new Set(discovered.inRepo.flatMap((s) => (s.branch ? [s.branch] : [])))) {
    const listed = await run(['rev-list', `refs/heads/${branch}`, '--'], { cwd: repo });
    reachable.set(branch, listed.exitCode === 0 ? new Set(listed.stdout.split('\n').filter(Boolean)) : null);
  }
  // Entire names a checkpoint in each commit; its branch says which sessions the checkpoint holds.
  const checkpoints = await readEntireCheckpoints(
    run,
    repo,
    items.flatMap((i) => (i.commits ?? []).flatMap((c) => entireCheckpointIds(c.trailers))),
  );
  const entireSessions = (trailers: Readonly<Record<string, readonly string[]>> | undefined) =>
    entireCheckpointIds(trailers).flatMap((id) => checkpoints.get(id.toLowerCase())?.sessionIds ?? []);
  const links = linkSessions({
    sessions: discovered.inRepo,
    tasks: items.map((i) => ({
      id: i.task.id,
      commits: (i.commits ?? []).map((c) => ({
        sha: c.sha,
        date: c.date,
        author: c.author ?? null,
        body: c.body ?? null,
        sessionIds: [...sessionIdsOf(c.trailers, search.trailerKeys), ...entireSessions(c.trailers)],
      })),
    })),
    reachableFrom: (branch) => reachable.get(branch) ?? null,
  });
  const reads = new Map<string, Promise<TranscriptReadResult>>();
  const read = (s: AgentSessionFile) => {
    const key = `${s.path}#${s.segment ?? 0}`;
    let r = reads.get(key);
    if (!r) reads.set(key, (r = sessionFormat(s.agent).read(s)));
    return r;
  };
  const keyOf = (s: AgentSessionFile) => `${s.path}#${s.segment ?? 0}`;
  const tasksOf = new Map<string, string[]>();
  for (const item of items) {
    const mine = links.byTask.get(item.task.id);
    if (!mine) continue;
    for (const link of mine)
      tasksOf.set(keyOf(link.session), [...(tasksOf.get(keyOf(link.session)) ?? []), item.task.id]);
  }
  return {
    report: {
      scanned: discovered.scanned,
      found: discovered.inRepo,
      linked: discovered.inRepo
        .filter((s) => tasksOf.has(keyOf(s)))
        .map((session) => ({ session, taskIds: tasksOf.get(keyOf(session))! })),
      unlinked: links.unlinked,
      unlinkedWhy: links.why,
      tasks: links.byTask.size,
    },
    apply: async (tasks) => {
      for (const item of tasks) {
        const mine = links.byTask.get(item.task.id);
        if (mine) item.task = await withSessions(item.task, mine, read);
      }
    },
  };
}

/** When the latest of these commits was made (author time), or null when git knows none of them. */
async function lastCommitTime(run: GitRunner, repo: string, shas: readonly string[]): Promise<string | null> {
  const known: string[] = [];
  // One by one: a sha git does not know (a rewritten history) must not hide the others.
  for (const sha of shas) {
    const shown = await run(['log', '-1', '--no-walk', '--format=%aI', sha, '--'], { cwd: repo });
    const at = shown.exitCode === 0 ? shown.stdout.trim() : '';
    if (at && !Number.isNaN(Date.parse(at))) known.push(new Date(at).toISOString());
  }
  return known.length ? known.sort().at(-1)! : null;
}

/** The session ids a commit's configured trailers name (keys compare case-insensitively, as git does). */
export function sessionIdsOf(
  trailers: Readonly<Record<string, readonly string[]>> | undefined,
  keys: readonly string[] | undefined,
): string[] {
  if (!trailers || !keys?.length) return [];
  const wanted = new Set(keys.map((k) => k.toLowerCase()));
  return Object.entries(trailers).flatMap(([key, values]) =>
    wanted.has(key.toLowerCase()) ? values.map((v) => v.trim()).filter(Boolean) : [],
  );
}

async function withSessions(
  task: Task,
  links: readonly SessionLink[],
  read: (s: AgentSessionFile) => Promise<TranscriptReadResult>,
): Promise<Task> {
  const entries: AgentLogEntry[] = [];
  const total = { inputTokens: 0, outputTokens: 0, cachedTokens: 0 };
  let session = null;
  for (const link of links) {
    const r = await read(link.session);
    entries.push(...r.entries);
    total.inputTokens += Math.round(r.stats.inputTokens * link.share);
    total.outputTokens += Math.round(r.stats.outputTokens * link.share);
    total.cachedTokens += Math.round(r.stats.cachedTokens * link.share);
    session ??= r.stats.session ?? null;
  }
  const next = withTranscripts(task, entries, total, session);
  // The session that made most of the task's commits names the agent and model when the record does not.
  const main = [...links].sort((a, b) => b.commits - a.commits)[0]!.session;
  const agent = canonicalAgentName(main.agentName ?? main.agent);
  const sameAgent = !task.agent || canonicalAgentName(task.agent) === agent;
  const fillVersion = !task.agentVersion && sameAgent && Boolean(main.agentVersion);
  const fillModel = !task.modelId && sameAgent && Boolean(main.model);
  // Marks what the session gave, so the identity says `session` for it and not `task-record`.
  const identity: TaskIdentity = {
    ...UNKNOWN_IDENTITY,
    agent: task.agent ? null : agent,
    source: task.agent ? null : 'session',
    agentVersion: fillVersion ? main.agentVersion : null,
    agentVersionSource: fillVersion ? 'session' : null,
    modelId: fillModel ? main.model : null,
    modelSource: fillModel ? 'session' : null,
    evidence: task.agent ? null : `${sessionFormat(main.agent).label} session ${main.sessionId ?? basename(main.path)}`,
  };
  const sessionIds = [
    ...new Set([
      ...(task.sessionIds ?? []),
      ...links.flatMap((l) => (l.session.sessionId ? [l.session.sessionId] : [])),
    ]),
  ].slice(0, 50);
  return {
    ...next,
    ...(sessionIds.length ? { sessionIds } : {}),
    agent: task.agent ?? agent ?? main.agentName ?? main.agent,
    ...(fillVersion ? { agentVersion: main.agentVersion! } : {}),
    ...(fillModel
      ? {
          modelId: main.model!,
          ...(task.modelProvider || !sessionFormat(main.agent).provider
            ? {}
            : { modelProvider: sessionFormat(main.agent).provider! }),
        }
      : {}),
    identity,
  };
}
