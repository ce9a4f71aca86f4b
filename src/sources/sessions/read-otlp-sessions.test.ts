import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOtlpSessions } from './read-otlp-sessions.js';
import { claudeCodeLogs, genAiTraces } from './testing/otlp-samples.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-otlp-read-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readOtlpSessions', () => {
  it('makes GenAI spans a session: agent, model, time span, tool calls and failures, tokens', async () => {
    const path = join(dir, 'traces.jsonl');
    await writeFile(path, `${JSON.stringify(genAiTraces('conv-1'))}\n`);
    const [session, ...rest] = await readOtlpSessions(path);
    expect(rest).toEqual([]);
    expect(session).toMatchObject({
      agent: 'otlp',
      agentName: 'opencode',
      agentVersion: '3.1.0',
      sessionId: 'conv-1',
      path: `${path}#conv-1`,
      cwd: null,
      model: 'claude-sonnet-4-5',
      startedAt: '2026-03-02T10:00:00.000Z',
      endedAt: '2026-03-02T10:20:00.000Z',
    });
    expect(session!.telemetry!.stats).toMatchObject({
      toolCalls: 2,
      toolErrors: 1,
      inputTokens: 1200,
      outputTokens: 300,
    });
    expect(session!.telemetry!.entries.filter((e) => e.type === 'tool_error').map((e) => e.text)).toEqual([
      'bash: exit 1: 3 tests failed',
    ]);
  });

  it("reads Claude Code's telemetry events by session.id, from lines and from one pretty-printed document", async () => {
    const lines = join(dir, 'logs.jsonl');
    await writeFile(
      lines,
      [claudeCodeLogs('s-1'), claudeCodeLogs('s-2', '2026-03-04')].map((d) => JSON.stringify(d)).join('\n'),
    );
    const sessions = await readOtlpSessions(lines);
    expect(sessions.map((x) => [x.sessionId, x.agentName, x.agentVersion, x.model, x.startedAt, x.endedAt])).toEqual([
      ['s-1', 'claude-code', '2.0.14', 'claude-opus-4-1', '2026-03-02T10:00:00.000Z', '2026-03-02T10:15:00.000Z'],
      ['s-2', 'claude-code', '2.0.14', 'claude-opus-4-1', '2026-03-04T10:00:00.000Z', '2026-03-04T10:15:00.000Z'],
    ]);
    expect(sessions[0]!.telemetry!.stats).toMatchObject({
      toolCalls: 2,
      toolErrors: 1,
      inputTokens: 900,
      outputTokens: 120,
      cachedTokens: 4000,
    });
    const doc = join(dir, 'export.json');
    await writeFile(doc, JSON.stringify(claudeCodeLogs('s-3'), null, 2));
    expect((await readOtlpSessions(doc)).map((x) => x.sessionId)).toEqual(['s-3']);
  });

  it('refuses a file that is not an OTLP export, naming it', async () => {
    const path = join(dir, 'notes.json');
    await writeFile(path, 'these are not spans\n{');
    await expect(readOtlpSessions(path)).rejects.toMatchObject({
      code: 'source_invalid',
      message: expect.stringContaining(`${path}: not an OTLP JSON export`),
    });
  });
});
