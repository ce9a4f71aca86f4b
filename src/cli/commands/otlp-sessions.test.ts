import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitTestRepo, type GitTestRepo } from '../../evidence/git/testing/git-test-repo.js';
import { createApp, startServer } from '../../server/index.js';
import { claudeCodeLogs, genAiTraces } from '../../sources/sessions/testing/otlp-samples.js';
import { openSqliteStore } from '../../store/index.js';
import { EXIT } from '../exit-codes.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';
import { otlpReceiver } from './otlp-receiver.js';

let repo: GitTestRepo;
let home: string;

beforeEach(async () => {
  repo = await createGitTestRepo();
  home = await mkdtemp(join(tmpdir(), 'taskeval-home-'));
  await repo.commit({ subject: 'feat(T-1): parser', files: { 'src/a.ts': 'a\n' }, date: '2026-03-02T10:30:00Z' });
  await repo.commit({ subject: 'feat(T-2): cache', files: { 'src/b.ts': 'b\n' }, date: '2026-03-06T10:30:00Z' });
});
afterEach(async () => {
  await repo.cleanup();
  await rm(home, { recursive: true, force: true });
});

async function cli(argv: string[]) {
  const io = captureIo(repo.dir, { env: { HOME: home } });
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('agent sessions from OpenTelemetry', () => {
  it('links the Claude Code telemetry a real taskeval server received to the task whose commits it made', async () => {
    const dbDir = join(repo.dir, '.taskeval');
    const store = openSqliteStore({ path: join(dbDir, 'taskeval.db') });
    const token = 'c'.repeat(64);
    const server = await startServer(createApp({ store, token, receiveOtlp: otlpReceiver(join(dbDir, 'otlp')) }), {
      host: '127.0.0.1',
      port: 0,
    });
    try {
      // What Claude Code sends with OTEL_LOGS_EXPORTER=otlp and OTEL_EXPORTER_OTLP_PROTOCOL=http/json.
      const res = await fetch(`${server.origin}/v1/logs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(claudeCodeLogs('7d2c-session')),
      });
      expect(res.status).toBe(200);
    } finally {
      await server.close();
      await store.close();
    }
    const scored = await cli(['score', '--project', repo.dir, '--json']);
    expect(scored.code, scored.err).toBe(0);
    expect(scored.err).toContain('sessions: linked 1 OpenTelemetry session to 1 task');
    const listed = JSON.parse((await cli(['sessions', '--project', repo.dir, '--json'])).out) as {
      sessions: { agent: string; sessionId: string; taskIds: string[]; telemetry?: unknown }[];
    };
    expect(listed.sessions).toEqual([
      expect.objectContaining({ agent: 'otlp', sessionId: '7d2c-session', taskIds: ['T-1'] }),
    ]);
    expect(listed.sessions[0]!.telemetry).toBeUndefined();
    const stored = await cli(['run', '--project', repo.dir, '--json']);
    expect(stored.code, stored.err).toBe(0);
    const shown = JSON.parse((await cli(['show', 'T-1', '--json'])).out) as {
      cohort: { agent: string | null; modelId: string | null };
      taskSnapshot: { sessionIds?: string[]; tokenUsage?: { inputTokens: number } };
    };
    expect(shown.cohort).toMatchObject({ agent: 'claude', modelId: 'claude-opus-4-1' });
    expect(shown.taskSnapshot.sessionIds).toEqual(['7d2c-session']);
  });

  it('reads an exported file named with --otlp, and refuses one that does not exist', async () => {
    const file = join(home, 'traces.jsonl');
    await writeFile(file, `${JSON.stringify(genAiTraces('conv-9'))}\n`);
    const shown = await cli(['sessions', '--project', repo.dir, '--otlp', file, '--json']);
    expect(shown.code, shown.err).toBe(0);
    expect(
      (JSON.parse(shown.out) as { sessions: { sessionId: string; taskIds: string[] }[] }).sessions.map((s) => [
        s.sessionId,
        s.taskIds,
      ]),
    ).toEqual([['conv-9', ['T-1']]]);
    const missing = await cli(['score', '--project', repo.dir, '--otlp', join(home, 'nope.jsonl')]);
    expect(missing.code).toBe(EXIT.badInput);
    expect(missing.err).toContain('--otlp');
    expect(missing.err).toContain('nope.jsonl does not exist');
  });
});
