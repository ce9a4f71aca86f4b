import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scanSessionFile } from './scan-session-file.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-scan-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const claude = (at: string, extra: object = {}) =>
  JSON.stringify({
    type: 'user',
    cwd: '/repo',
    sessionId: 'abc',
    gitBranch: 'main',
    version: '1.0.72',
    timestamp: at,
    message: { role: 'user', content: 'x' },
    ...extra,
  });

describe('scanning a session file', () => {
  it('finds the first and last record of a large session from its two ends, with the branch it ended on', async () => {
    const middle = Array.from({ length: 4_000 }, (_, i) =>
      claude(new Date(Date.UTC(2026, 2, 2, 10) + i * 1000).toISOString(), { filler: 'y'.repeat(300) }),
    );
    const last = claude('2026-03-02T15:00:00.000Z', {
      gitBranch: 'fix/late',
      type: 'assistant',
      message: { role: 'assistant', model: 'claude-opus-4-1', content: [] },
    });
    const path = join(dir, 'big.jsonl');
    await writeFile(path, [claude('2026-03-02T09:00:00.000Z'), ...middle, last].join('\n'));
    expect(await scanSessionFile(path)).toEqual({
      agent: 'claude-code',
      path,
      sessionId: 'abc',
      cwd: '/repo',
      branch: 'fix/late',
      startedAt: '2026-03-02T09:00:00.000Z',
      endedAt: '2026-03-02T15:00:00.000Z',
      model: 'claude-opus-4-1',
      agentVersion: '1.0.72',
    });
  });

  it('reads a Codex rollout, and is null for a file that is neither agent', async () => {
    const rollout = join(dir, 'rollout.jsonl');
    await writeFile(
      rollout,
      [
        JSON.stringify({
          timestamp: '2026-03-02T10:00:00Z',
          type: 'session_meta',
          payload: { id: 'c1', cwd: '/repo', cli_version: '0.46.0', git: { branch: 'main' } },
        }),
        JSON.stringify({
          timestamp: '2026-03-02T10:00:01Z',
          type: 'turn_context',
          payload: { cwd: '/repo', model: 'gpt-5-codex' },
        }),
        JSON.stringify({
          timestamp: '2026-03-02T10:30:00Z',
          type: 'event_msg',
          payload: { type: 'agent_message', message: 'done' },
        }),
      ].join('\n'),
    );
    expect(await scanSessionFile(rollout)).toMatchObject({
      agent: 'codex',
      sessionId: 'c1',
      cwd: '/repo',
      branch: 'main',
      model: 'gpt-5-codex',
      startedAt: '2026-03-02T10:00:00.000Z',
      endedAt: '2026-03-02T10:30:00.000Z',
    });
    const other = join(dir, 'other.jsonl');
    await writeFile(other, '{"hello":"world"}\nnot json\n');
    expect(await scanSessionFile(other)).toBeNull();
    expect(await scanSessionFile(join(dir, 'missing.jsonl'))).toBeNull();
  });
});
