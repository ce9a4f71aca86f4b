import { stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import {
  ConfigError,
  SourceError,
  UNKNOWN_IDENTITY,
  type AgentLogEntry,
  type AgentSession,
  type Task,
} from '../../core/index.js';
import { mergeSessions } from './session-tracker.js';
import type { SourceProblem } from '../source-read-result.js';
import {
  compileTranscriptPattern,
  listTranscriptFiles,
  patternRoot,
  segmentNamesId,
  type TranscriptFile,
} from './find-transcript-files.js';
import { readTranscript } from './read-transcript.js';
import type { ReadTranscriptOptions, TranscriptStats } from './transcript-types.js';

export interface LinkTranscriptsOptions extends ReadTranscriptOptions {
  /** Directory of transcripts (`--transcripts DIR`); by default a file links when its name or a folder names the task id. */
  dir?: string;
  /** Template relative to `dir` (or `cwd`) with `{id}`, `*`, `**`: `transcripts/{id}/*.jsonl`. */
  pattern?: string;
  /** Directory relative paths are resolved from (default: the process's). */
  cwd?: string;
}

/** One transcript tied to a task. */
export interface TranscriptLink {
  taskId: string;
  path: string;
  stats: TranscriptStats;
}

export interface LinkTranscriptsResult {
  tasks: Task[];
  problems: SourceProblem[];
  links: TranscriptLink[];
}

/**
 * Adds each task's transcripts to its agentLogs (and their token counts when the task has none).
 * Returns new task objects; the inputs are not changed. Transcript problems name the task.
 */
export async function linkTranscripts(
  tasks: readonly Task[],
  options: LinkTranscriptsOptions = {},
): Promise<LinkTranscriptsResult> {
  if (options.dir === undefined && options.pattern === undefined) return { tasks: [...tasks], problems: [], links: [] };
  const cwd = options.cwd ?? process.cwd();
  const base = resolve(cwd, options.dir ?? '.');
  if (options.pattern !== undefined && !options.pattern.includes('{id}')) {
    throw new ConfigError(
      'invalid_config',
      `transcript pattern "${options.pattern}" has no {id}; it must name where a task's transcripts are`,
      {
        field: 'sources.transcripts.pattern',
        hint: 'Use a template such as transcripts/{id}/*.jsonl or {id}.jsonl.',
      },
    );
  }
  const root = options.pattern === undefined ? base : resolve(base, patternRoot(options.pattern));
  const files = await listOrThrow(base, root, options.dir ?? options.pattern ?? '.');
  const problems: SourceProblem[] = [];
  const links: TranscriptLink[] = [];
  const out: Task[] = [];
  for (const task of tasks) {
    const mine = matching(files, task.id, options.pattern);
    if (mine.length === 0) {
      out.push(task);
      continue;
    }
    const entries: AgentLogEntry[] = [];
    const sessions: AgentSession[] = [];
    const total = { inputTokens: 0, outputTokens: 0, cachedTokens: 0 };
    const ran: { agent: string | null; model: string | null } = { agent: null, model: null };
    for (const file of mine) {
      const read = await readTranscript(file.path, options);
      entries.push(...read.entries);
      problems.push(...read.problems.map((p) => ({ ...p, taskId: task.id })));
      links.push({ taskId: task.id, path: file.path, stats: read.stats });
      if (read.stats.session) sessions.push(read.stats.session);
      ran.agent ??= read.stats.agent ?? (HARNESS_FORMATS.has(read.stats.format) ? read.stats.format : null);
      ran.model ??= read.stats.model ?? null;
      total.inputTokens += read.stats.inputTokens;
      total.outputTokens += read.stats.outputTokens;
      total.cachedTokens += read.stats.cachedTokens;
    }
    out.push(withTranscriptIdentity(withTranscripts(task, entries, total, mergeSessions(sessions)), ran));
  }
  return { tasks: out, problems, links };
}

function matching(files: readonly TranscriptFile[], id: string, pattern: string | undefined): TranscriptFile[] {
  const lower = id.toLowerCase();
  const candidates = files.filter((f) => f.rel.toLowerCase().includes(lower));
  if (pattern === undefined) return candidates.filter((f) => segmentNamesId(f.rel, id));
  const re = compileTranscriptPattern(pattern, id);
  return candidates.filter((f) => re.test(isAbsolute(pattern) ? f.path : f.rel));
}

/** Trajectory formats that name the harness that ran (a Claude Code transcript may be any tool's export). */
const HARNESS_FORMATS: ReadonlySet<string> = new Set(['swe-agent', 'mini-swe-agent', 'openhands']);

/** The agent and model a transcript names, where the record names none, marked as the session's. */
function withTranscriptIdentity(task: Task, ran: { agent: string | null; model: string | null }): Task {
  const agent = task.agent ? null : ran.agent;
  const model = task.modelId ? null : ran.model;
  if (!agent && !model) return task;
  return {
    ...task,
    ...(agent ? { agent } : {}),
    ...(model ? { modelId: model } : {}),
    identity: {
      ...UNKNOWN_IDENTITY,
      agent,
      source: agent ? 'session' : null,
      modelId: model,
      modelSource: model ? 'session' : null,
      evidence: agent ? `${agent} trajectory` : null,
    },
  };
}

/** The task with these transcript entries, session and tokens added (the record's own session and tokens win). */
export function withTranscripts(
  task: Task,
  entries: AgentLogEntry[],
  total: { inputTokens: number; outputTokens: number; cachedTokens: number },
  session: AgentSession | null,
): Task {
  const next: Task = { ...task, agentLogs: [...(task.agentLogs ?? []), ...entries] };
  // A session the task record already describes is the record's; transcripts fill it only when absent.
  if (session && !task.agentSession) next.agentSession = session;
  const hasTokens =
    task.tokenUsage !== undefined ||
    task.tokenUsageInputTokens !== undefined ||
    task.tokenUsageOutputTokens !== undefined ||
    task.tokenUsageTotalTokens !== undefined;
  const any = total.inputTokens + total.outputTokens + total.cachedTokens;
  if (!hasTokens && any > 0) next.tokenUsage = { ...total, totalTokens: any };
  return next;
}

async function listOrThrow(base: string, root: string, named: string): Promise<TranscriptFile[]> {
  try {
    if (!(await stat(root)).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
    return await listTranscriptFiles(base, root);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such directory' : code === 'ENOTDIR' ? 'not a directory' : (error as Error).message;
    throw new SourceError('source_unreadable', `cannot read transcripts at ${named} (${root}): ${why}`, {
      cause: error,
      field: 'transcripts',
      hint: 'Give --transcripts a directory of Claude Code .jsonl or SWE-agent trajectory files, or fix sources.transcripts in taskeval.config.json.',
    });
  }
}
