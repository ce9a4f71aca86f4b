import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AgentLogEntrySchema, type AgentLogEntry } from '../../core/index.js';
import { describeZodIssue, issueFieldPath } from '../files/index.js';
import { forEachLine, MAX_LINE_LENGTH, type ProblemList } from '../transcripts/index.js';
import { FUSION_TASK_DIRS } from './detect-fusion-project.js';
import { LogFragmentJoiner } from './log-fragment-joiner.js';

/** One `<tasks>/<ID>/` folder: its task.json (when valid JSON), PROMPT.md and agent-log.jsonl. */
export interface TaskFolder {
  id: string;
  dir: string;
  taskJsonPath: string;
  /** The parsed task.json; absent when the file is missing or not a JSON object. */
  record?: Record<string, unknown>;
  /** True when task.json exists but could not be used (already reported). */
  broken?: boolean;
  prompt?: string;
  agentLogPath?: string;
}

/** The task folders of a project, `.fusion/tasks` before `.kb/tasks`; an id seen twice keeps the first. */
export async function readTaskFolders(project: string, problems: ProblemList): Promise<TaskFolder[]> {
  const folders = new Map<string, TaskFolder>();
  for (const tasksDir of FUSION_TASK_DIRS) {
    let names: string[];
    try {
      names = (await readdir(join(project, tasksDir), { withFileTypes: true }))
        .filter((d) => d.isDirectory())
        .map((d) => d.name);
    } catch {
      continue;
    }
    for (const name of names.sort()) {
      if (folders.has(name)) continue;
      folders.set(name, await readFolder(join(project, tasksDir, name), name, problems));
    }
  }
  return [...folders.values()];
}

async function readFolder(dir: string, id: string, problems: ProblemList): Promise<TaskFolder> {
  const files = new Set(await readdir(dir));
  const folder: TaskFolder = { id, dir, taskJsonPath: join(dir, 'task.json') };
  if (files.has('PROMPT.md')) folder.prompt = await readFile(join(dir, 'PROMPT.md'), 'utf8');
  if (files.has('agent-log.jsonl')) folder.agentLogPath = join(dir, 'agent-log.jsonl');
  if (!files.has('task.json')) return folder;
  let text: string;
  try {
    text = await readFile(folder.taskJsonPath, 'utf8');
  } catch (error) {
    problems.add(
      { path: folder.taskJsonPath, taskId: id, message: `cannot read task.json: ${(error as Error).message}` },
      'source_unreadable',
    );
    return { ...folder, broken: true };
  }
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new Error('found JSON that is not an object');
    folder.record = value as Record<string, unknown>;
  } catch (error) {
    const message = (error as Error).message.replace(/\s+/g, ' ');
    const line = lineOf(text, message);
    problems.add({
      path: folder.taskJsonPath,
      ...(line ? { line } : {}),
      taskId: id,
      message: `not valid JSON (${message}); expected the task as one JSON object`,
    });
    folder.broken = true;
  }
  return folder;
}

/** Streams a newer Fusion's `agent-log.jsonl` into joined, bounded turns; bad lines become problems. */
export async function readAgentLogFile(path: string, taskId: string, problems: ProblemList): Promise<AgentLogEntry[]> {
  const joiner = new LogFragmentJoiner();
  await forEachLine(path, (text, line) => {
    if (text === null) {
      problems.add({ path, line, taskId, message: `line longer than ${MAX_LINE_LENGTH / 1024 / 1024} MB; skipped` });
      return;
    }
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      problems.add({
        path,
        line,
        taskId,
        message: `not valid JSON (${(error as Error).message.replace(/\s+/g, ' ')}); each line must be one agent log entry object`,
      });
      return;
    }
    const parsed = AgentLogEntrySchema.safeParse(dropNulls(value));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issueFieldPath(issue);
      problems.add({
        path,
        line,
        taskId,
        ...(field ? { field } : {}),
        message: `${describeZodIssue(issue)}; the entry was skipped`,
      });
      return;
    }
    joiner.add(parsed.data);
  });
  return joiner.entries();
}

function dropNulls(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
}

function lineOf(text: string, message: string): number | undefined {
  const line = /line (\d+)/.exec(message)?.[1];
  if (line !== undefined) return Number(line);
  const position = /position (\d+)/.exec(message)?.[1];
  return position === undefined ? undefined : text.slice(0, Number(position)).split('\n').length;
}
