import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isTaskevalError, TaskSchema, type Task } from '../../core/index.js';
import { compileTranscriptPattern, segmentNamesId } from './find-transcript-files.js';
import { linkTranscripts } from './link-transcripts.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '__fixtures__');
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-link-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function place(fixture: string, ...rel: string[]): Promise<string> {
  const path = join(dir, ...rel);
  await mkdir(dirname(path), { recursive: true });
  await copyFile(join(FIXTURES, fixture), path);
  return path;
}

const task = (id: string, extra: Partial<Task> = {}): Task => TaskSchema.parse({ id, ...extra });

describe('linkTranscripts', () => {
  it('links a file or a folder naming the task id, case-insensitively, and not a longer id', async () => {
    const a = await place('claude-code-session.jsonl', 'FN-12.jsonl');
    const b = await place('swe-agent.traj', 'fn-12', 'run.traj');
    await place('mini-swe-agent.traj.json', 'FN-123.traj.json');
    const tasks = [task('FN-12'), task('FN-1'), task('FN-123')];
    const result = await linkTranscripts(tasks, { dir });
    expect(result.problems).toEqual([]);
    expect(result.links.map((l) => [l.taskId, l.path])).toEqual([
      ['FN-12', a],
      ['FN-12', b],
      ['FN-123', join(dir, 'FN-123.traj.json')],
    ]);
    const [fn12, fn1, fn123] = result.tasks;
    expect(new Set(fn12!.agentLogs!.map((e) => e.origin))).toEqual(new Set([a, b]));
    expect(fn1).toBe(tasks[1]);
    expect(fn123!.agentLogs!.some((e) => e.type === 'tool_error')).toBe(true);
    expect(TaskSchema.safeParse(fn12).success).toBe(true);
  });

  it("names the harness and model of a trajectory where the record names none, as the session's", async () => {
    // A real SWE-agent run (fixtures/sessions, MIT): its config names gpt-4o.
    const real = fileURLToPath(new URL('../../../fixtures/sessions/swe-agent-gpt4-test-repo.traj', import.meta.url));
    await mkdir(join(dir, 'FN-1'), { recursive: true });
    await copyFile(real, join(dir, 'FN-1', 'run.traj'));
    await mkdir(join(dir, 'FN-2'), { recursive: true });
    await copyFile(real, join(dir, 'FN-2', 'run.traj'));
    const { tasks } = await linkTranscripts([task('FN-1'), task('FN-2', { agent: 'fusion', modelId: 'gpt-5' })], {
      dir,
    });
    expect(tasks[0]).toMatchObject({
      agent: 'swe-agent',
      modelId: 'gpt-4o',
      identity: { agent: 'swe-agent', source: 'session', modelId: 'gpt-4o', modelSource: 'session' },
    });
    // What the record says stays.
    expect(tasks[1]).toMatchObject({ agent: 'fusion', modelId: 'gpt-5' });
    expect(tasks[1]!.identity ?? null).toBeNull();
  });

  it('adds token counts only when the task has none, and never changes the input tasks', async () => {
    await place('claude-code-session.jsonl', 'FN-1', 'session.jsonl');
    await place('claude-code-session.jsonl', 'FN-2', 'session.jsonl');
    const bare = task('FN-1', {
      agentLogs: [{ timestamp: '2026-04-01T00:00:00.000Z', type: 'text', text: 'from fusion', agent: 'executor' }],
    });
    const counted = task('FN-2', { tokenUsageInputTokens: 5 });
    const before = JSON.stringify([bare, counted]);
    const { tasks } = await linkTranscripts([bare, counted], { dir });
    expect(JSON.stringify([bare, counted])).toBe(before);
    expect(tasks[0]!.tokenUsage).toEqual({
      inputTokens: 1600,
      outputTokens: 227,
      cachedTokens: 30500,
      totalTokens: 32327,
    });
    expect(tasks[0]!.agentLogs![0]!.text).toBe('from fusion');
    expect(tasks[0]!.agentLogs).toHaveLength(9);
    expect(tasks[1]!.tokenUsage).toBeUndefined();
    expect(tasks[1]!.tokenUsageInputTokens).toBe(5);
  });

  it('links by a pattern with {id} and wildcards', async () => {
    const hit = await place('claude-code-session.jsonl', 'transcripts', 'KB-126', 'a.jsonl');
    await place('claude-code-session.jsonl', 'transcripts', 'KB-126', 'nested', 'b.jsonl');
    await place('claude-code-session.jsonl', 'other', 'KB-126.jsonl');
    const { links } = await linkTranscripts([task('KB-126')], { cwd: dir, pattern: 'transcripts/{id}/*.jsonl' });
    expect(links.map((l) => l.path)).toEqual([hit]);
    const deep = await linkTranscripts([task('KB-126')], { dir, pattern: 'transcripts/{id}/**/*.jsonl' });
    expect(deep.links).toHaveLength(2);
  });

  it('names the task on a transcript problem', async () => {
    const path = await place('claude-code-session.jsonl', 'FN-9.jsonl');
    await import('node:fs/promises').then((fs) => fs.appendFile(path, 'garbage\n'));
    const { problems } = await linkTranscripts([task('FN-9')], { dir });
    expect(problems).toEqual([expect.objectContaining({ path, line: 11, taskId: 'FN-9' })]);
  });

  it('fails clearly on a missing directory or a pattern without {id}', async () => {
    const missing = await linkTranscripts([task('FN-1')], { dir: join(dir, 'nope') }).catch((e: unknown) => e);
    expect(isTaskevalError(missing) && missing.code).toBe('source_unreadable');
    expect((missing as Error).message).toContain('no such directory');
    const bad = await linkTranscripts([task('FN-1')], { dir, pattern: '*.jsonl' }).catch((e: unknown) => e);
    expect(isTaskevalError(bad) && bad.code).toBe('invalid_config');
  });
});

describe('transcript path matching', () => {
  it('matches ids on segment boundaries', () => {
    expect(segmentNamesId('FN-12.jsonl', 'fn-12')).toBe(true);
    expect(segmentNamesId('session-FN-12-a.jsonl', 'FN-12')).toBe(true);
    expect(segmentNamesId('FN-123.jsonl', 'FN-12')).toBe(false);
    expect(segmentNamesId('XFN-12.jsonl', 'FN-12')).toBe(false);
  });

  it('compiles *, ** and ? without crossing folders with a single star', () => {
    const re = compileTranscriptPattern('logs/{id}/*.jsonl', 'FN-1');
    expect(re.test('logs/fn-1/s.jsonl')).toBe(true);
    expect(re.test('logs/FN-1/x/s.jsonl')).toBe(false);
    expect(compileTranscriptPattern('**/{id}.json?', 'A-1').test('x/y/A-1.jsonl')).toBe(true);
  });
});
