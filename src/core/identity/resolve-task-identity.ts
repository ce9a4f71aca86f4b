import { mainLogAgent } from './main-log-agent.js';
import type { Task } from '../task.js';
import { HUMAN_OR_UNKNOWN, type AgentShare, type IdentitySource, type TaskIdentity } from './agent-identity.js';
import { canonicalAgentName } from './canonical-agent.js';
import type { CompiledAgentRule } from './compile-agent-rules.js';
import { agentLineShare } from './entire-attribution.js';
import {
  identifyBranch,
  identifyCommit,
  strongerSource,
  type CommitIdentity,
  type IdentityCommit,
} from './identify-commit.js';

export interface ResolveTaskIdentityInput {
  task: Pick<Task, 'agent' | 'agentVersion' | 'modelId' | 'agentLogs' | 'identity'>;
  /** The task's own commits; null when no repository was read. */
  commits: readonly IdentityCommit[] | null;
  /** Branches that carried the work: the task's own, and those named by the merges that brought its commits in. */
  branches?: readonly string[];
  /** Who opened the pull request that carried the work (a login such as `copilot-swe-agent[bot]`). */
  openedBy?: string | null;
  rules: readonly CompiledAgentRule[];
}

const MAX_TEXT = 200;
const text = (value: string | null | undefined) => {
  const t = value?.trim();
  return t ? t.slice(0, MAX_TEXT) : null;
};

/**
 * Who did a task, strongest evidence first: a linked session, then the task record, then what its commits
 * say (trailers and footers, bot authors, the branch, the subject). A session or record wins when it
 * disagrees with the commits, whose model is then not taken; the commits' shares are kept either way.
 */
export function resolveTaskIdentity(input: ResolveTaskIdentityInput): TaskIdentity {
  const { task, commits, rules } = input;
  const inferred = inferFromCommits(commits, input.branches ?? [], rules, input.openedBy ?? null);
  const given = givenIdentity(task);
  const agent = given.agent ?? inferred.main?.agent ?? null;
  const agentSource = given.agent ? given.source : (inferred.main?.source ?? null);
  const sameAgent = inferred.main !== null && inferred.main.agent === agent;
  const modelFromCommits = sameAgent ? inferred.model : null;
  const modelId = given.modelId ?? modelFromCommits?.modelId ?? null;
  const modelSource = given.modelId ? given.modelSource : (modelFromCommits?.source ?? null);
  return {
    agent,
    agentVersion: given.agentVersion,
    modelId,
    source: agentSource,
    agentVersionSource: given.agentVersion ? given.agentVersionSource : null,
    modelSource,
    evidence: given.agent ? given.evidence : (inferred.main?.evidence ?? null),
    shares: inferred.shares,
    agentLineShare: commits ? agentLineShare(commits.map((c) => c.trailers)) : null,
  };
}

interface Given {
  agent: string | null;
  source: IdentitySource | null;
  agentVersion: string | null;
  agentVersionSource: IdentitySource | null;
  modelId: string | null;
  modelSource: IdentitySource | null;
  evidence: string | null;
}

/** What a session or the record itself says; a session's fields are marked so by the identity it left. */
function givenIdentity(task: ResolveTaskIdentityInput['task']): Given {
  const prior = task.identity;
  const fromSession = (field: 'source' | 'agentVersionSource' | 'modelSource') => prior?.[field] === 'session';
  const agent = canonicalAgentName(task.agent);
  const logAgent = agent ? null : transcriptAgent(task);
  const agentSource: IdentitySource | null = agent
    ? fromSession('source')
      ? 'session'
      : 'task-record'
    : logAgent
      ? 'session'
      : null;
  const version = text(task.agentVersion);
  // A recorded model id is the user's own: kept as written, only trimmed and bounded.
  const model = text(task.modelId);
  return {
    agent: agent ?? logAgent,
    source: agentSource,
    agentVersion: version,
    agentVersionSource: version ? (fromSession('agentVersionSource') ? 'session' : 'task-record') : null,
    modelId: model,
    modelSource: model ? (fromSession('modelSource') ? 'session' : 'task-record') : null,
    evidence: agent
      ? fromSession('source')
        ? (prior?.evidence ?? 'linked session')
        : `task record: agent ${text(task.agent)}`
      : logAgent
        ? 'agent transcript'
        : null,
  };
}

/** The agent that wrote most of the task's agent log entries (the user and subagents aside). */
function transcriptAgent(task: ResolveTaskIdentityInput['task']): string | null {
  return canonicalAgentName(mainLogAgent(task.agentLogs));
}

interface Inferred {
  main: CommitIdentity | null;
  model: CommitIdentity | null;
  shares: AgentShare[];
}

function inferFromCommits(
  commits: readonly IdentityCommit[] | null,
  branches: readonly string[],
  rules: readonly CompiledAgentRule[],
  openedBy: string | null,
): Inferred {
  // The pull request's author is read as a commit author would be (bot logins); it outranks a branch name.
  let branch: CommitIdentity | null = openedBy
    ? identifyCommit({ subject: '', author: openedBy, authorEmail: `${openedBy}@users.noreply.github.com` }, rules)
    : null;
  for (const b of branch ? [] : branches) {
    branch = identifyBranch(b, rules);
    if (branch) break;
  }
  if (!commits || commits.length === 0) return { main: branch, model: null, shares: [] };
  // A commit that names no agent itself is taken to be the branch's agent's, when a branch names one.
  const each = commits.map((c) => identifyCommit(c, rules) ?? branch);
  const counts = new Map<string, number>();
  for (const id of each)
    counts.set(id?.agent ?? HUMAN_OR_UNKNOWN, (counts.get(id?.agent ?? HUMAN_OR_UNKNOWN) ?? 0) + 1);
  const shares = [...counts]
    .map(([agent, n]) => ({ agent, commits: n, share: Math.round((n / commits.length) * 1000) / 1000 }))
    .sort((a, b) => b.commits - a.commits || (a.agent < b.agent ? -1 : 1));
  const main = shares.find((s) => s.agent !== HUMAN_OR_UNKNOWN)?.agent ?? null;
  if (main === null) return { main: null, model: null, shares };
  // The model on most of the main agent's commits; a tie goes to the newer one, the model the work ended with.
  const models = new Map<string, number>();
  let top: string | null = null;
  for (const id of each) {
    if (!id || id.agent !== main || !id.modelId) continue;
    const n = (models.get(id.modelId) ?? 0) + 1;
    models.set(id.modelId, n);
    if (top === null || n >= models.get(top)!) top = id.modelId;
  }
  let strongest: CommitIdentity | null = null;
  let model: CommitIdentity | null = null;
  for (const id of each) {
    if (!id || id.agent !== main) continue;
    // Of equally strong evidence, the commit that names the task's model is quoted, so evidence and model agree.
    const asStrong = strongest !== null && !strongerSource(strongest.source, id.source);
    if (
      strongest === null ||
      strongerSource(id.source, strongest.source) ||
      (asStrong && id.modelId === top && strongest.modelId !== top)
    )
      strongest = id;
    if (top !== null && id.modelId === top) model = id;
  }
  return { main: strongest, model, shares };
}
