import { appendFile, copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentLogEntrySchema, isTaskevalError } from '../../core/index.js';
import { formatSourceProblem } from '../files/index.js';
import { MAX_ENTRY_TEXT } from './bounded-entry-log.js';
import { readTranscript } from './read-transcript.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '__fixtures__');
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-transcript-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const line = (value: unknown) => `${JSON.stringify(value)}\n`;
const assistant = (i: number, content: unknown[], usage?: unknown) =>
  line({
    type: 'assistant',
    timestamp: new Date(Date.UTC(2026, 3, 1, 0, 0, i)).toISOString(),
    message: { id: `msg_${i}`, role: 'assistant', content, ...(usage ? { usage } : {}) },
  });

describe('readTranscript: Claude Code JSONL', () => {
  it('maps text, thinking, tool_use and tool_result blocks to typed entries with the file as origin', async () => {
    const path = join(FIXTURES, 'claude-code-session.jsonl');
    const { entries, problems, stats } = await readTranscript(path);
    expect(problems).toEqual([]);
    expect(entries.map((e) => `${e.agent} ${e.type}`)).toEqual([
      'user text',
      'claude-code thinking',
      'claude-code tool',
      'claude-code tool_error',
      'claude-code text',
      'claude-code tool',
      'claude-code tool_result',
      'claude-code text',
    ]);
    for (const entry of entries) {
      expect(AgentLogEntrySchema.safeParse(entry).success).toBe(true);
      expect(entry.origin).toBe(path);
    }
    const error = entries.find((e) => e.type === 'tool_error')!;
    expect(error.detail).toBe('Bash');
    expect(error.text).toContain('AssertionError');
    expect(error.timestamp).toBe('2026-04-01T22:10:20.000Z');
    expect(entries[2]!.text).toContain('pnpm test --filter core');
  });

  it('counts tool calls, tool errors and tokens, counting a message repeated across lines once', async () => {
    const { stats } = await readTranscript(join(FIXTURES, 'claude-code-session.jsonl'));
    expect(stats).toEqual({
      format: 'claude-code',
      lines: 10,
      toolCalls: 2,
      toolErrors: 1,
      // msg_01A (1200+300) + msg_01B 80 + msg_01C 20; outputs take each message's last line.
      inputTokens: 1600,
      outputTokens: 95 + 120 + 12,
      cachedTokens: 9000 + 10500 + 11000,
      // An Edit, then `pnpm test` after it, which failed (is_error).
      session: {
        steps: 2,
        failedCommands: 1,
        edits: 1,
        rejectedEdits: 0,
        testRuns: 1,
        testedAfterLastEdit: false,
        lastTestPassed: false,
        gaveUp: 0,
      },
    });
  });

  it('does not count a tool call the user declined as a failed command, an edit or a tool error', async () => {
    const path = join(dir, 'declined.jsonl');
    const result = (id: string, content: string, isError: boolean) =>
      line({
        type: 'user',
        timestamp: '2026-04-01T00:01:00.000Z',
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content, is_error: isError }] },
      });
    // Claude Code's own words when the user declines an Edit, then a test run that really failed.
    const declined =
      "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";
    await writeFile(
      path,
      assistant(1, [{ type: 'tool_use', id: 'e', name: 'Edit', input: { file_path: 'a.ts' } }]) +
        result('e', declined, true) +
        assistant(2, [{ type: 'tool_use', id: 'b', name: 'Bash', input: { command: 'rm -rf build' } }]) +
        result('b', 'Permission to use Bash with command rm -rf build has been denied.', true) +
        assistant(3, [{ type: 'tool_use', id: 't', name: 'Bash', input: { command: 'npm test' } }]) +
        result('t', 'FAILED: 1 test', true),
    );
    const { entries, stats } = await readTranscript(path);
    expect(stats.toolErrors).toBe(1);
    expect(stats.session).toMatchObject({ steps: 3, failedCommands: 1, edits: 0, testRuns: 1, lastTestPassed: false });
    expect(entries.filter((e) => e.type === 'tool_error').map((e) => e.text)).toEqual(['FAILED: 1 test']);
    expect(entries.find((e) => e.text === declined)).toMatchObject({
      type: 'tool_result',
      agent: 'user',
      detail: 'Edit',
    });
  });

  it("counts a session's subagent transcripts (<session>/subagents/*.jsonl) in the session: tool calls, errors, tokens", async () => {
    const path = join(dir, 'abc.jsonl');
    const toolResult = (id: string, content: string, isError: boolean) =>
      line({
        type: 'user',
        timestamp: '2026-04-01T00:01:00.000Z',
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content, is_error: isError }] },
      });
    await writeFile(
      path,
      assistant(1, [{ type: 'tool_use', id: 'task', name: 'Task', input: { prompt: 'find the bug' } }], {
        input_tokens: 100,
        output_tokens: 10,
      }) + toolResult('task', 'found it', false),
    );
    await mkdir(join(dir, 'abc', 'subagents'), { recursive: true });
    await writeFile(
      join(dir, 'abc', 'subagents', 'agent-1.jsonl'),
      assistant(5, [{ type: 'tool_use', id: 'g', name: 'Bash', input: { command: 'npm test' } }], {
        input_tokens: 40,
        output_tokens: 4,
      }) + toolResult('g', 'FAILED: 2 tests', true),
    );
    const alone = await readTranscript(join(dir, 'abc', 'subagents', 'agent-1.jsonl'));
    const { entries, stats } = await readTranscript(path);
    expect(stats).toMatchObject({ toolCalls: 2, toolErrors: 1, inputTokens: 140, outputTokens: 14, subagents: 1 });
    expect(alone.stats.subagents).toBeUndefined();
    expect(stats.session).toMatchObject({ testRuns: 1, lastTestPassed: false });
    expect(entries.find((e) => e.type === 'tool_error')).toMatchObject({
      text: 'FAILED: 2 tests',
      origin: join(dir, 'abc', 'subagents', 'agent-1.jsonl'),
    });
  });

  it('pairs parallel tool calls with their own results: an edit and a failing test run called in one reply', async () => {
    const path = join(dir, 'parallel.jsonl');
    const result = (id: string, content: string, isError: boolean) =>
      line({
        type: 'user',
        timestamp: '2026-04-01T00:01:00.000Z',
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content, is_error: isError }] },
      });
    await writeFile(
      path,
      assistant(1, [
        { type: 'tool_use', id: 'e', name: 'Edit', input: { file_path: 'a.ts' } },
        { type: 'tool_use', id: 't', name: 'Bash', input: { command: 'npm test' } },
      ]) +
        result('e', 'The file a.ts has been updated.', false) +
        result('t', 'FAILED: 1 test', true) +
        assistant(2, [{ type: 'tool_use', id: 'never', name: 'Read', input: { file_path: 'b.ts' } }]),
    );
    const { stats } = await readTranscript(path);
    // The unanswered call is still a step.
    expect(stats.session).toMatchObject({
      steps: 3,
      edits: 1,
      testRuns: 1,
      failedCommands: 1,
      lastTestPassed: false,
      testedAfterLastEdit: true,
    });
  });

  it('reports a line that is not JSON with its path and line number and reads the rest', async () => {
    const path = join(dir, 'session.jsonl');
    await writeFile(
      path,
      assistant(1, [{ type: 'text', text: 'first' }]) +
        '{"type": "assistant", oops\n' +
        assistant(3, [{ type: 'text', text: 'third' }]),
    );
    const { entries, problems } = await readTranscript(path);
    expect(entries.map((e) => e.text)).toEqual(['first', 'third']);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ path, line: 2 });
    expect(formatSourceProblem(problems[0]!)).toMatch(
      new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:2: not valid JSON .*one JSON object`),
    );
  });

  it('throws the located problem when strict', async () => {
    const path = join(dir, 'session.jsonl');
    await writeFile(path, assistant(1, [{ type: 'text', text: 'ok' }]) + 'not json\n');
    const error = await readTranscript(path, { strict: true }).catch((e: unknown) => e);
    expect(isTaskevalError(error) && error.code).toBe('source_invalid');
    expect((error as Error).message).toContain(`${path}:2`);
  });

  it('keeps only the newest entries and the tool errors, bounded, while counting everything', async () => {
    const path = join(dir, 'long.jsonl');
    const chunks: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const failed = i % 100 === 0;
      chunks.push(assistant(i, [{ type: 'text', text: `step ${i} ${'x'.repeat(2500)}` }]));
      chunks.push(
        line({
          type: 'user',
          timestamp: new Date(Date.UTC(2026, 3, 1, 0, 0, i)).toISOString(),
          message: {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: 't', content: `result ${i}`, is_error: failed }],
          },
        }),
      );
    }
    await writeFile(path, chunks.join(''));
    const { entries, stats } = await readTranscript(path, { keepNewest: 20, keepToolErrors: 5 });
    expect(stats.lines).toBe(6000);
    expect(stats.toolErrors).toBe(30);
    expect(entries.length).toBe(25);
    expect(entries.filter((e) => e.type === 'tool_error').map((e) => e.text)).toEqual([
      'result 2500',
      'result 2600',
      'result 2700',
      'result 2800',
      'result 2900',
    ]);
    expect(entries.at(-1)!.text).toBe('result 2999');
    expect(Math.max(...entries.map((e) => e.text.length))).toBeLessThanOrEqual(MAX_ENTRY_TEXT);
    const times = entries.map((e) => e.timestamp);
    expect([...times].sort()).toEqual(times);
  });

  it('reports a missing file as unreadable without throwing', async () => {
    const path = join(dir, 'absent.jsonl');
    const { entries, problems } = await readTranscript(path);
    expect(entries).toEqual([]);
    expect(problems[0]).toMatchObject({ path });
    expect(problems[0]!.message).toContain('no such file');
  });

  it('bounds the problems of a file of garbage', async () => {
    const path = join(dir, 'garbage.jsonl');
    await writeFile(path, 'nope\n'.repeat(500));
    const { problems } = await readTranscript(path);
    expect(problems).toHaveLength(21);
    expect(problems.at(-1)!.message).toBe('480 more problems were not listed');
  });

  it('detects JSONL by content when the file has no known extension', async () => {
    const path = join(dir, 'session.log');
    await copyFile(join(FIXTURES, 'claude-code-session.jsonl'), path);
    const { stats } = await readTranscript(path);
    expect(stats.format).toBe('claude-code');
    expect(stats.toolErrors).toBe(1);
  });
});

describe('readTranscript: SWE-agent and mini-swe-agent trajectories', () => {
  it('maps SWE-agent thought, action and observation steps and the exit status', async () => {
    const { entries, problems, stats } = await readTranscript(join(FIXTURES, 'swe-agent.traj'));
    expect(problems).toEqual([]);
    // SWE-agent records no exit codes: the traceback in the output is what marks the run as failed.
    expect(entries.map((e) => e.type)).toEqual([
      'text',
      'tool',
      'tool_result',
      'text',
      'tool',
      'tool_error',
      'text',
      'tool',
      'tool_result',
      'text',
    ]);
    expect(entries[4]!.text).toBe('python reproduce.py\n');
    expect(entries.at(-1)).toMatchObject({ text: 'exit status: submitted', detail: 'exit_status', agent: 'swe-agent' });
    expect(stats).toMatchObject({
      format: 'swe-agent',
      lines: 3,
      toolCalls: 3,
      toolErrors: 1,
      inputTokens: 41230,
      outputTokens: 812,
      exitStatus: 'submitted',
    });
    expect(stats.session).toEqual({
      steps: 3,
      failedCommands: 1,
      edits: 1,
      rejectedEdits: 0,
      testRuns: 1,
      testedAfterLastEdit: true,
      lastTestPassed: false,
      gaveUp: 0,
      exitStatus: 'submitted',
      patchLinesAdded: 0,
      patchLinesDeleted: 0,
      patchFiles: 1,
    });
    const times = entries.map((e) => Date.parse(e.timestamp));
    expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
  });

  it('maps mini-swe-agent messages, taking a non-zero returncode as a tool error', async () => {
    const { entries, problems, stats } = await readTranscript(join(FIXTURES, 'mini-swe-agent.traj.json'));
    expect(problems).toEqual([]);
    expect(entries.map((e) => `${e.agent} ${e.type}`)).toEqual([
      'user text',
      'mini-swe-agent text',
      'mini-swe-agent tool',
      'mini-swe-agent tool_result',
      'mini-swe-agent text',
      'mini-swe-agent tool',
      'mini-swe-agent tool_error',
      'mini-swe-agent text',
    ]);
    expect(entries[5]!.text).toBe('pytest tests/test_fields.py -q');
    expect(entries[6]!.detail).toBe('returncode 1');
    expect(stats).toMatchObject({
      format: 'mini-swe-agent',
      toolCalls: 2,
      toolErrors: 1,
      inputTokens: 700,
      outputTokens: 100,
      cachedTokens: 2500,
      exitStatus: 'LimitsExceeded',
    });
  });

  it('reports corrupt trajectory JSON naming the file', async () => {
    const path = join(dir, 'broken.traj');
    await writeFile(path, '{"trajectory": [');
    const { entries, problems } = await readTranscript(path);
    expect(entries).toEqual([]);
    expect(problems).toEqual([expect.objectContaining({ path, message: expect.stringContaining('not valid JSON') })]);
  });

  it('reports JSON that is no known transcript', async () => {
    const path = join(dir, 'other.json');
    await writeFile(path, '{"steps": []}');
    const { problems } = await readTranscript(path);
    expect(problems[0]!.message).toContain('a SWE-agent trajectory');
  });

  it('refuses to parse a trajectory document over the size guard', async () => {
    const path = join(dir, 'big.traj');
    await writeFile(path, '{"trajectory": [');
    await appendFile(path, `${'{"action":"ls","observation":"x"},'.repeat(40_000)}{}]}`);
    const { entries, problems } = await readTranscript(path, { maxJsonBytes: 1024 * 1024 });
    expect(entries).toEqual([]);
    expect(problems[0]!.message).toMatch(/over the 1 MB limit/);
    const whole = await readTranscript(path);
    expect(whole.stats.toolCalls).toBe(40_000);
  });
});
