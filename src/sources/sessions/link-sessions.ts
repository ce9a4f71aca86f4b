import type { AgentSessionFile } from './agent-session-file.js';

/** A commit as linking needs it. */
export interface LinkableCommit {
  sha: string;
  date: string;
  author?: string | null;
  body?: string | null;
  /** Session (or checkpoint) ids the commit's configured trailers name: linked whatever the time. */
  sessionIds?: readonly string[];
}

/** A commit Aider made: its author ends in "(aider)", or a Co-authored-by trailer names aider. */
const AIDER_MADE = (c: LinkableCommit) =>
  /\(aider\)\s*$/i.test(c.author ?? '') || /^Co-authored-by:\s*aider\b/im.test(c.body ?? '');

export interface LinkSessionsInput {
  sessions: readonly AgentSessionFile[];
  tasks: readonly { id: string; commits: readonly LinkableCommit[] }[];
  /** Shas reachable from a branch, or null when the repository no longer has it (then the branch is not checked). */
  reachableFrom: (branch: string) => ReadonlySet<string> | null;
  /** How long after a session's last record its commits still count; default one hour. */
  graceMs?: number;
}

/** A session tied to a task, with the share of the session's linked commits that are the task's. */
export interface SessionLink {
  session: AgentSessionFile;
  commits: number;
  share: number;
}

export interface SessionLinks {
  byTask: Map<string, SessionLink[]>;
  /** Sessions that ran in the repository but made none of the tasks' commits. */
  unlinked: AgentSessionFile[];
  /** Why each unlinked session is, in words. */
  why: Map<AgentSessionFile, string>;
}

const HOUR = 3_600_000;

/**
 * Links each session to the tasks whose commits it produced: a commit made between the session's first
 * record and an hour after its last, and, when the session names a branch the repository still has,
 * reachable from that branch. A session that matches several tasks is linked to each with its share.
 */
export function linkSessions(input: LinkSessionsInput): SessionLinks {
  const grace = input.graceMs ?? HOUR;
  const byTask = new Map<string, SessionLink[]>();
  const unlinked: AgentSessionFile[] = [];
  const why = new Map<AgentSessionFile, string>();
  const leave = (session: AgentSessionFile, reason: string) => (unlinked.push(session), why.set(session, reason));
  for (const session of input.sessions) {
    const start = Date.parse(session.startedAt ?? '');
    const end = Date.parse(session.endedAt ?? '');
    // Without times only the commits the session names, or that name it, can link it.
    if ((Number.isNaN(start) || Number.isNaN(end)) && !session.commitShas?.length && session.sessionId === null) {
      leave(session, 'it records no times and names no commit');
      continue;
    }
    const reachable = session.branch ? input.reachableFrom(session.branch) : null;
    const named = session.commitShas ?? [];
    // Aider's history has no times but each session's start: only commits Aider itself made count there.
    const inWindow = (c: LinkableCommit, t: number) =>
      t >= start &&
      t <= end + (session.agent === 'aider' ? 0 : grace) &&
      (reachable === null || reachable.has(c.sha)) &&
      (session.agent !== 'aider' || AIDER_MADE(c));
    const matched: { taskId: string; commits: number }[] = [];
    for (const task of input.tasks) {
      const byTrailer = (c: LinkableCommit) =>
        session.sessionId !== null && (c.sessionIds ?? []).includes(session.sessionId);
      const n = task.commits.filter(
        (c) => byTrailer(c) || named.some((sha) => c.sha.startsWith(sha)) || inWindow(c, Date.parse(c.date)),
      ).length;
      if (n > 0) matched.push({ taskId: task.id, commits: n });
    }
    const total = matched.reduce((sum, m) => sum + m.commits, 0);
    if (total === 0) {
      const offBranch =
        reachable !== null &&
        session.agent !== 'aider' &&
        input.tasks.some((t) =>
          t.commits.some((c) => {
            const at = Date.parse(c.date);
            return at >= start && at <= end + grace && !reachable.has(c.sha);
          }),
        );
      leave(
        session,
        offBranch
          ? `tasks' commits made during it are not on its branch ${session.branch}`
          : session.agent === 'aider'
            ? 'no task commit is one Aider made in it'
            : "no task's commit was made during it or within an hour after",
      );
      continue;
    }
    for (const m of matched) {
      const links = byTask.get(m.taskId) ?? [];
      links.push({ session, commits: m.commits, share: Math.round((m.commits / total) * 1000) / 1000 });
      byTask.set(m.taskId, links);
    }
  }
  return { byTask, unlinked, why };
}
