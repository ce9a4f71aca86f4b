import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitTestRepo, type GitTestRepo } from '../../evidence/git/testing/git-test-repo.js';
import { claudeProjectSlug } from '../../sources/index.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

let repo: GitTestRepo;
let home: string;

const line = (cwd: string, at: string, extra: object) =>
  JSON.stringify({ cwd, sessionId: 'abc', gitBranch: 'main', version: '1.0.72', timestamp: at, ...extra });

async function session(name: string, from: string, to: string): Promise<void> {
  const cwd = await realpath(repo.dir);
  const dir = join(home, '.claude', 'projects', claudeProjectSlug(cwd));
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, name),
    [
      line(cwd, from, { type: 'user', message: { role: 'user', content: 'go' } }),
      line(cwd, to, {
        type: 'assistant',
        message: {
          role: 'assistant',
          model: 'claude-opus-4-1',
          content: [{ type: 'text', text: 'done' }],
          usage: { input_tokens: 10, output_tokens: 5 },
        },
      }),
    ].join('\n'),
  );
}

async function cli(argv: string[], env: Record<string, string> = { HOME: home }) {
  const io = captureIo(repo.dir, { env });
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

beforeEach(async () => {
  repo = await createGitTestRepo();
  home = await mkdtemp(join(tmpdir(), 'taskeval-home-'));
  await repo.commit({ subject: 'feat(T-1): parser', files: { 'src/a.ts': 'a\n' }, date: '2026-03-02T10:30:00Z' });
  await repo.commit({ subject: 'feat(T-2): cache', files: { 'src/b.ts': 'b\n' }, date: '2026-03-04T10:30:00Z' });
  await session('worked.jsonl', '2026-03-02T10:00:00.000Z', '2026-03-02T10:20:00.000Z');
  await session('idle.jsonl', '2026-03-03T10:00:00.000Z', '2026-03-03T10:20:00.000Z');
});
afterEach(async () => {
  await repo.cleanup();
  await rm(home, { recursive: true, force: true });
});

describe('agent sessions from the command line', () => {
  it('score --project finds the sessions by itself, says what it linked, and the task carries the agent and model', async () => {
    const scored = await cli(['score', '--project', repo.dir, '--json']);
    expect(scored.code, scored.err).toBe(0);
    expect(scored.err).toContain(
      "sessions: linked 1 Claude Code session to 1 task; 1 more ran here but made none of the tasks' commits (taskeval sessions --unlinked)",
    );
    const results = JSON.parse(scored.out) as { taskId: string; signals: { values: Record<string, unknown> } }[];
    expect(results.map((r) => r.taskId).sort()).toEqual(['T-1', 'T-2']);

    const stored = await cli(['run', '--project', repo.dir, '--db', join(home, 'store.db'), '--json']);
    const run = JSON.parse(stored.out) as {
      results: { taskId: string; cohort?: { agent: string | null; modelId: string | null } }[];
    };
    const shown = await cli(['results', '--db', join(home, 'store.db'), '--agent', 'claude-code', '--json']);
    expect(
      (JSON.parse(shown.out) as { items: { taskId: string; modelId?: string }[] }).items.map((r) => r.taskId),
    ).toEqual(['T-1']);
    expect(run.results).toHaveLength(2);

    const off = await cli(['score', '--project', repo.dir, '--no-sessions', '--json']);
    expect(off.err).not.toContain('sessions:');
  });

  it('taskeval sessions lists what ran here and what each was linked to; --unlinked only the rest', async () => {
    const all = await cli(['sessions', '--project', repo.dir, '--json']);
    expect(all.code, all.err).toBe(0);
    const listed = JSON.parse(all.out) as {
      sessions: { path: string; taskIds: string[]; agent: string; model: string }[];
    };
    expect(listed.sessions.map((s) => [s.path.split('/').pop(), s.taskIds, s.agent, s.model])).toEqual([
      ['idle.jsonl', [], 'claude-code', 'claude-opus-4-1'],
      ['worked.jsonl', ['T-1'], 'claude-code', 'claude-opus-4-1'],
    ]);
    const unlinked = await cli(['sessions', '--project', repo.dir, '--unlinked']);
    expect(unlinked.out).toMatch(
      /^claude-code\s+2026-03-03T10:00:00.000Z → 2026-03-03T10:20:00.000Z\s+main\s+claude-opus-4-1\s+unlinked: no task's commit was made during it or within an hour after\n\s+\S+idle\.jsonl/,
    );
    expect(unlinked.out).not.toContain('worked.jsonl');
  });

  it('lists the sessions of a repository whose commits name no task, instead of exiting 3', async () => {
    const plain = await createGitTestRepo();
    try {
      await plain.commit({ subject: 'Add the parser', files: { 'a.ts': 'a\n' }, date: '2026-03-02T10:30:00Z' });
      const cwd = await realpath(plain.dir);
      const dir = join(home, '.claude', 'projects', claudeProjectSlug(cwd));
      await mkdir(dir, { recursive: true });
      await writeFile(
        join(dir, 'plain.jsonl'),
        [
          line(cwd, '2026-03-02T10:00:00.000Z', { type: 'user', message: { role: 'user', content: 'go' } }),
          line(cwd, '2026-03-02T10:20:00.000Z', {
            type: 'assistant',
            message: { role: 'assistant', model: 'claude-opus-4-1', content: [{ type: 'text', text: 'done' }] },
          }),
        ].join('\n'),
      );
      const all = await cli(['sessions', '--project', plain.dir, '--json']);
      expect(all.code, all.err).toBe(0);
      const listed = JSON.parse(all.out) as { sessions: { path: string; taskIds: string[] }[] };
      expect(listed.sessions.map((s) => [s.path.split('/').pop(), s.taskIds])).toEqual([['plain.jsonl', []]]);
    } finally {
      await plain.cleanup();
    }
  });
});

describe('agent sessions kept elsewhere', () => {
  it("links Claude Code's sessions under $CLAUDE_CONFIG_DIR and Codex's compressed archives, and says per agent why the rest are unlinked", async () => {
    const cwd = await realpath(repo.dir);
    const config = join(home, 'claude-config');
    await mkdir(join(config, 'projects', claudeProjectSlug(cwd)), { recursive: true });
    await writeFile(
      join(config, 'projects', claudeProjectSlug(cwd), 'configured.jsonl'),
      [
        line(cwd, '2026-03-04T10:00:00.000Z', { type: 'user', message: { role: 'user', content: 'go' } }),
        line(cwd, '2026-03-04T10:20:00.000Z', { type: 'assistant', message: { role: 'assistant', content: [] } }),
      ].join('\n'),
    );
    const codex = join(home, 'codex-home');
    await mkdir(join(codex, 'archived_sessions'), { recursive: true });
    const rollout = [
      {
        timestamp: '2026-03-05T09:00:00.000Z',
        type: 'session_meta',
        payload: { id: 'r1', cwd, cli_version: '0.46.0' },
      },
      { timestamp: '2026-03-05T09:00:01.000Z', type: 'turn_context', payload: { cwd, model: 'gpt-5-codex' } },
      {
        timestamp: '2026-03-05T09:10:00.000Z',
        type: 'response_item',
        payload: { type: 'function_call', name: 'shell', arguments: '{"command":["npm","test"]}', call_id: 'c1' },
      },
    ];
    await writeFile(
      join(codex, 'archived_sessions', 'rollout-2026-03-05.jsonl.zst'),
      zlib.zstdCompressSync(Buffer.from(rollout.map((l) => JSON.stringify(l)).join('\n'))),
    );
    const env = { HOME: home, CLAUDE_CONFIG_DIR: config, CODEX_HOME: codex };
    const all = await cli(['sessions', '--project', repo.dir, '--json'], env);
    expect(all.code, all.err).toBe(0);
    const listed = JSON.parse(all.out) as {
      agents: { agent: string; found: number; linked: number; unlinked: number; why: Record<string, number> }[];
      sessions: { path: string; taskIds: string[]; agent: string; model: string | null; unlinkedWhy?: string }[];
    };
    expect(listed.sessions.map((s) => [s.path.split('/').pop(), s.agent, s.taskIds])).toEqual([
      ['idle.jsonl', 'claude-code', []],
      ['worked.jsonl', 'claude-code', ['T-1']],
      ['configured.jsonl', 'claude-code', ['T-2']],
      ['rollout-2026-03-05.jsonl.zst', 'codex', []],
    ]);
    expect(listed.agents).toEqual([
      {
        agent: 'claude-code',
        found: 3,
        linked: 2,
        unlinked: 1,
        why: { "no task's commit was made during it or within an hour after": 1 },
      },
      {
        agent: 'codex',
        found: 1,
        linked: 0,
        unlinked: 1,
        why: { "no task's commit was made during it or within an hour after": 1 },
      },
    ]);
    const unlinked = await cli(['sessions', '--project', repo.dir, '--unlinked'], env);
    expect(unlinked.err).toContain('  codex: 1 found, 0 linked, 1 unlinked (1: no task');
    expect(unlinked.out).toMatch(
      /^codex\s+2026-03-05T09:00:00.000Z → 2026-03-05T09:10:00.000Z\s+-\s+gpt-5-codex\s+unlinked: no task's commit/m,
    );
    // No task id is listed (a temporary directory's random name may hold "T-" itself: "…VT-repo").
    expect(unlinked.out).not.toMatch(/\bT-\d/);
  });
});

describe('Gemini CLI chats', () => {
  it("links the chat Gemini CLI recorded for this repository (by its path's hash) and reads its tool calls, failures and tokens", async () => {
    const cwd = await realpath(repo.dir);
    const chat = (hash: string, id: string) => ({
      sessionId: id,
      projectHash: hash,
      startTime: '2026-03-04T10:00:00.000Z',
      lastUpdated: '2026-03-04T10:25:00.000Z',
      messages: [
        { id: 'm1', timestamp: '2026-03-04T10:00:00.000Z', type: 'user', content: 'add a cache' },
        {
          id: 'm2',
          timestamp: '2026-03-04T10:05:00.000Z',
          type: 'gemini',
          content: 'Writing the cache, then running the tests.',
          model: 'gemini-2.5-pro',
          thoughts: [{ subject: 'Plan', description: 'a map keyed by path', timestamp: '2026-03-04T10:04:00.000Z' }],
          toolCalls: [
            {
              id: 't1',
              name: 'write_file',
              args: { file_path: 'src/b.ts' },
              status: 'success',
              timestamp: '2026-03-04T10:05:00.000Z',
              resultDisplay: 'wrote src/b.ts',
            },
            {
              id: 't2',
              name: 'run_shell_command',
              args: { command: 'npm test' },
              status: 'error',
              timestamp: '2026-03-04T10:06:00.000Z',
              resultDisplay: '1 failed',
            },
          ],
          tokens: { input: 9000, output: 400, cached: 6000, thoughts: 100, tool: 0, total: 9500 },
        },
      ],
    });
    const put = async (hash: string, id: string) => {
      const dir = join(home, '.gemini', 'tmp', hash, 'chats');
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `session-2026-03-04T10-00-${id}.json`), JSON.stringify(chat(hash, id), null, 2));
    };
    await put(createHash('sha256').update(cwd).digest('hex'), 'g-here');
    await put(createHash('sha256').update('/elsewhere').digest('hex'), 'g-elsewhere');
    const listed = await cli(['sessions', '--project', repo.dir, '--json']);
    expect(listed.code, listed.err).toBe(0);
    const gemini = (
      JSON.parse(listed.out) as { sessions: { agent: string; sessionId: string; model: string; taskIds: string[] }[] }
    ).sessions.filter((s) => s.agent === 'gemini-cli');
    expect(gemini.map((s) => [s.sessionId, s.model, s.taskIds])).toEqual([['g-here', 'gemini-2.5-pro', ['T-2']]]);
    const stored = await cli(['run', '--project', repo.dir, '--db', join(home, 'g.db'), '--json']);
    expect(stored.code, stored.err).toBe(0);
    expect(stored.err).toContain('1 Gemini CLI');
    const shown = JSON.parse((await cli(['show', 'T-2', '--db', join(home, 'g.db'), '--json'])).out) as {
      cohort: { modelId: string | null; modelProvider: string | null };
      taskSnapshot: {
        tokenUsage?: { inputTokens: number; cachedTokens: number; outputTokens: number };
        agentSession?: { edits: number; failedCommands: number };
      };
    };
    expect(shown.cohort).toMatchObject({ modelId: 'gemini-2.5-pro', modelProvider: 'google' });
    expect(shown.taskSnapshot.tokenUsage).toMatchObject({ inputTokens: 3000, cachedTokens: 6000, outputTokens: 500 });
    expect(shown.taskSnapshot.agentSession).toMatchObject({ edits: 1, failedCommands: 1 });
  });
});

describe('OpenCode sessions', () => {
  it("links the OpenCode session that ran here, reading its messages' parts and its subagent's with it", async () => {
    const cwd = await realpath(repo.dir);
    const storage = join(home, 'xdg', 'opencode', 'storage');
    const put = async (rel: string, value: object) => {
      await mkdir(join(storage, rel, '..'), { recursive: true });
      await writeFile(join(storage, rel), JSON.stringify(value));
    };
    const t = (iso: string) => Date.parse(iso);
    await put('session/prj_1/ses_main.json', {
      id: 'ses_main',
      version: '0.15.18',
      projectID: 'prj_1',
      directory: cwd,
      title: 'Add a cache',
      time: { created: t('2026-03-04T10:00:00Z'), updated: t('2026-03-04T10:20:00Z') },
    });
    await put('session/prj_1/ses_child.json', {
      id: 'ses_child',
      parentID: 'ses_main',
      projectID: 'prj_1',
      directory: cwd,
      time: { created: t('2026-03-04T10:05:00Z'), updated: t('2026-03-04T10:06:00Z') },
    });
    await put('session/prj_2/ses_other.json', {
      id: 'ses_other',
      directory: '/elsewhere',
      time: { created: t('2026-03-04T10:00:00Z'), updated: t('2026-03-04T10:20:00Z') },
    });
    await put('message/ses_main/msg_001.json', {
      id: 'msg_001',
      sessionID: 'ses_main',
      role: 'user',
      time: { created: t('2026-03-04T10:00:00Z') },
    });
    await put('message/ses_main/msg_002.json', {
      id: 'msg_002',
      sessionID: 'ses_main',
      role: 'assistant',
      modelID: 'claude-sonnet-4-5',
      providerID: 'anthropic',
      time: { created: t('2026-03-04T10:01:00Z') },
      tokens: { input: 2000, output: 300, reasoning: 50, cache: { read: 5000, write: 0 } },
    });
    await put('part/msg_001/prt_1.json', { id: 'prt_1', messageID: 'msg_001', type: 'text', text: 'add a cache' });
    await put('part/msg_002/prt_1.json', {
      id: 'prt_1',
      messageID: 'msg_002',
      type: 'tool',
      tool: 'edit',
      state: {
        status: 'completed',
        input: { filePath: 'src/b.ts' },
        output: 'edited',
        time: { start: t('2026-03-04T10:02:00Z') },
      },
    });
    await put('part/msg_002/prt_2.json', {
      id: 'prt_2',
      messageID: 'msg_002',
      type: 'tool',
      tool: 'bash',
      state: {
        status: 'error',
        input: { command: 'npm test' },
        error: '1 test failed',
        time: { start: t('2026-03-04T10:03:00Z') },
      },
    });
    await put('message/ses_child/msg_101.json', {
      id: 'msg_101',
      sessionID: 'ses_child',
      role: 'assistant',
      modelID: 'claude-haiku-4-5',
      time: { created: t('2026-03-04T10:05:00Z') },
      tokens: { input: 100, output: 10, reasoning: 0, cache: { read: 0, write: 0 } },
    });
    await put('part/msg_101/prt_1.json', {
      id: 'prt_1',
      messageID: 'msg_101',
      type: 'tool',
      tool: 'grep',
      state: { status: 'completed', input: { pattern: 'cache' }, output: 'src/b.ts' },
    });
    const env = { HOME: home, XDG_DATA_HOME: join(home, 'xdg') };
    const listed = await cli(['sessions', '--project', repo.dir, '--json'], env);
    expect(listed.code, listed.err).toBe(0);
    const opencode = (
      JSON.parse(listed.out) as {
        sessions: { agent: string; sessionId: string; model: string; agentVersion: string; taskIds: string[] }[];
      }
    ).sessions.filter((s) => s.agent === 'opencode');
    expect(opencode.map((s) => [s.sessionId, s.model, s.agentVersion, s.taskIds])).toEqual([
      ['ses_main', 'claude-sonnet-4-5', '0.15.18', ['T-2']],
    ]);
    const stored = await cli(['run', '--project', repo.dir, '--db', join(home, 'o.db'), '--json'], env);
    expect(stored.code, stored.err).toBe(0);
    const shown = JSON.parse((await cli(['show', 'T-2', '--db', join(home, 'o.db'), '--json'], env)).out) as {
      cohort: { agent: string | null; modelId: string | null };
      taskSnapshot: { tokenUsage?: object; agentSession?: object };
    };
    expect(shown.cohort).toMatchObject({ agent: 'opencode', modelId: 'claude-sonnet-4-5' });
    // The subagent's call and tokens count for the session.
    expect(shown.taskSnapshot.tokenUsage).toMatchObject({ inputTokens: 2100, cachedTokens: 5000, outputTokens: 360 });
    expect(shown.taskSnapshot.agentSession).toMatchObject({ steps: 3, edits: 1, failedCommands: 1 });
  });
});

describe("Entire's checkpoints", () => {
  it("links a commit to the session its Entire-Checkpoint holds, whatever the time, and keeps Entire's line attribution beside it", async () => {
    const cwd = await realpath(repo.dir);
    // Entire's branch: the checkpoint's metadata names the session.
    await repo.git(['checkout', '-q', '--orphan', 'entire/checkpoints/v1']);
    await repo.git(['rm', '-rq', '--cached', '.']);
    await mkdir(join(repo.dir, 'a3', 'b2c4d5e6f7'), { recursive: true });
    await writeFile(
      join(repo.dir, 'a3', 'b2c4d5e6f7', 'metadata.json'),
      JSON.stringify({
        checkpoint_id: 'a3b2c4d5e6f7',
        session_id: 'sess-entire',
        agent: 'Claude Code',
        files_touched: ['src/c.ts'],
      }),
    );
    await repo.git(['add', 'a3']);
    await repo.git(['commit', '-qm', 'Checkpoint: a3b2c4d5e6f7']);
    await repo.git(['checkout', '-qf', 'main']);
    await rm(join(repo.dir, 'a3'), { recursive: true, force: true });
    await repo.commit({
      subject: 'feat(T-3): search',
      body: 'Entire-Checkpoint: a3b2c4d5e6f7\nEntire-Attribution: 73% agent (146/200 lines)',
      files: { 'src/c.ts': 'c\n' },
      date: '2026-03-09T10:30:00Z',
    });
    // The session ran days before the commit: no time window links it, the checkpoint does.
    const dir = join(home, '.claude', 'projects', claudeProjectSlug(cwd));
    await writeFile(
      join(dir, 'entire.jsonl'),
      [
        JSON.stringify({
          cwd,
          sessionId: 'sess-entire',
          timestamp: '2026-03-05T08:00:00.000Z',
          type: 'user',
          message: { role: 'user', content: 'search' },
        }),
        JSON.stringify({
          cwd,
          sessionId: 'sess-entire',
          timestamp: '2026-03-05T08:10:00.000Z',
          type: 'assistant',
          message: { role: 'assistant', model: 'claude-opus-4-1', content: [] },
        }),
      ].join('\n'),
    );
    const listed = await cli(['sessions', '--project', repo.dir, '--json']);
    expect(listed.code, listed.err).toBe(0);
    const entire = (JSON.parse(listed.out) as { sessions: { sessionId: string; taskIds: string[] }[] }).sessions.find(
      (s) => s.sessionId === 'sess-entire',
    );
    expect(entire?.taskIds).toEqual(['T-3']);
    const stored = await cli(['run', '--project', repo.dir, '--db', join(home, 'e.db'), '--json']);
    expect(stored.code, stored.err).toBe(0);
    const shown = JSON.parse((await cli(['show', 'T-3', '--db', join(home, 'e.db'), '--json'])).out) as {
      identity: { agentLineShare: number | null };
      taskSnapshot: { sessionIds?: string[] };
    };
    expect(shown.taskSnapshot.sessionIds).toEqual(['sess-entire']);
    // Entire's attribution of the commit's lines, as the identity keeps it.
    expect(shown.identity.agentLineShare).toBeCloseTo(0.73, 2);
  });
});

describe('pi sessions', () => {
  it('links the pi session of this repository from its header, reading tool calls, failed results and usage', async () => {
    const cwd = await realpath(repo.dir);
    const folder = join(home, '.pi', 'agent', 'sessions', `--${cwd.replace(/^\//, '').replace(/\//g, '-')}--`);
    await mkdir(folder, { recursive: true });
    const entry = (at: string, message: object) =>
      JSON.stringify({ type: 'message', id: at.slice(14, 19), timestamp: at, message });
    await writeFile(
      join(folder, '2026-03-04T10-00-00-000Z_5b1c.jsonl'),
      [
        JSON.stringify({ type: 'session', version: 3, id: 'pi-5b1c', timestamp: '2026-03-04T10:00:00.000Z', cwd }),
        entry('2026-03-04T10:00:01.000Z', { role: 'user', content: 'add a cache' }),
        entry('2026-03-04T10:01:00.000Z', {
          role: 'assistant',
          model: 'gpt-5',
          provider: 'openai',
          content: [
            { type: 'thinking', thinking: 'write it, then test' },
            { type: 'toolCall', id: 'c1', name: 'write', arguments: { path: 'src/b.ts' } },
            { type: 'toolCall', id: 'c2', name: 'bash', arguments: { command: 'npm test' } },
          ],
          usage: { input: 1200, output: 80, cacheRead: 3000, cacheWrite: 0, totalTokens: 4280 },
        }),
        entry('2026-03-04T10:01:05.000Z', {
          role: 'toolResult',
          toolCallId: 'c1',
          toolName: 'write',
          content: [{ type: 'text', text: 'ok' }],
          isError: false,
        }),
        entry('2026-03-04T10:01:30.000Z', {
          role: 'toolResult',
          toolCallId: 'c2',
          toolName: 'bash',
          content: [{ type: 'text', text: '1 failed' }],
          isError: true,
        }),
      ].join('\n'),
    );
    const listed = await cli(['sessions', '--project', repo.dir, '--json']);
    expect(listed.code, listed.err).toBe(0);
    const pi = (
      JSON.parse(listed.out) as { sessions: { agent: string; sessionId: string; model: string; taskIds: string[] }[] }
    ).sessions.filter((s) => s.agent === 'pi');
    expect(pi.map((s) => [s.sessionId, s.model, s.taskIds])).toEqual([['pi-5b1c', 'gpt-5', ['T-2']]]);
    const stored = await cli(['run', '--project', repo.dir, '--db', join(home, 'p.db'), '--json']);
    expect(stored.code, stored.err).toBe(0);
    const shown = JSON.parse((await cli(['show', 'T-2', '--db', join(home, 'p.db'), '--json'])).out) as {
      cohort: { agent: string | null; modelId: string | null };
      taskSnapshot: { tokenUsage?: object; agentSession?: object };
    };
    expect(shown.cohort).toMatchObject({ agent: 'pi', modelId: 'gpt-5' });
    expect(shown.taskSnapshot.tokenUsage).toMatchObject({ inputTokens: 1200, cachedTokens: 3000, outputTokens: 80 });
    expect(shown.taskSnapshot.agentSession).toMatchObject({
      steps: 2,
      edits: 1,
      failedCommands: 1,
      testRuns: 1,
      lastTestPassed: false,
    });
  });
});

describe('Copilot CLI sessions', () => {
  it('links the Copilot CLI session whose workspace is this repository, pairing tool runs with their completions', async () => {
    const cwd = await realpath(repo.dir);
    const dir = join(home, '.copilot', 'session-state', 'c0p1-ed');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'workspace.yaml'), `id: c0p1-ed\ncwd: ${cwd}\n`);
    const ev = (type: string, at: string, data: object) =>
      JSON.stringify({ type, id: `${type}-${at}`, timestamp: at, parentId: null, data });
    await writeFile(
      join(dir, 'events.jsonl'),
      [
        ev('session.start', '2026-03-04T10:00:00.000Z', {
          sessionId: 'c0p1-ed',
          version: 1,
          producer: 'copilot-agent',
          copilotVersion: '0.0.369',
          startTime: '2026-03-04T10:00:00.000Z',
        }),
        ev('user.message', '2026-03-04T10:00:05.000Z', { content: 'add a cache' }),
        ev('assistant.message', '2026-03-04T10:01:00.000Z', {
          model: 'claude-sonnet-4.5',
          content: '',
          outputTokens: 120,
          toolRequests: [
            { toolCallId: 'a', name: 'create', arguments: { path: 'src/b.ts' } },
            { toolCallId: 'b', name: 'bash', arguments: { command: 'npm test' } },
          ],
        }),
        ev('tool.execution_start', '2026-03-04T10:01:01.000Z', {
          toolCallId: 'a',
          toolName: 'create',
          arguments: { path: 'src/b.ts' },
        }),
        ev('tool.execution_start', '2026-03-04T10:01:02.000Z', {
          toolCallId: 'b',
          toolName: 'bash',
          arguments: { command: 'npm test' },
        }),
        ev('tool.execution_complete', '2026-03-04T10:01:03.000Z', {
          toolCallId: 'a',
          success: true,
          result: { content: 'created' },
        }),
        ev('tool.execution_complete', '2026-03-04T10:01:09.000Z', {
          toolCallId: 'b',
          success: false,
          result: { content: '1 failed' },
        }),
      ].join('\n'),
    );
    const listed = await cli(['sessions', '--project', repo.dir, '--json']);
    expect(listed.code, listed.err).toBe(0);
    const copilot = (
      JSON.parse(listed.out) as {
        sessions: { agent: string; sessionId: string; model: string; agentVersion: string; taskIds: string[] }[];
      }
    ).sessions.filter((s) => s.agent === 'copilot-cli');
    expect(copilot.map((s) => [s.sessionId, s.model, s.agentVersion, s.taskIds])).toEqual([
      ['c0p1-ed', 'claude-sonnet-4.5', '0.0.369', ['T-2']],
    ]);
    const stored = await cli(['run', '--project', repo.dir, '--db', join(home, 'c.db'), '--json']);
    expect(stored.code, stored.err).toBe(0);
    const shown = JSON.parse((await cli(['show', 'T-2', '--db', join(home, 'c.db'), '--json'])).out) as {
      taskSnapshot: { agentSession?: object };
    };
    expect(shown.taskSnapshot.agentSession).toMatchObject({
      steps: 2,
      edits: 1,
      failedCommands: 1,
      testRuns: 1,
      lastTestPassed: false,
    });
  });
});

describe('agent sessions named in the config', () => {
  it('sessions.enabled false turns the search off; sessions.dirs adds a place, relative to the config file', async () => {
    await writeFile(
      join(repo.dir, 'taskeval.config.json'),
      JSON.stringify({ sources: { sessions: { enabled: false } } }),
    );
    const off = await cli(['score', '--project', repo.dir, '--json']);
    expect(off.err).not.toContain('sessions:');

    const exported = join(repo.dir, 'exported');
    await mkdir(exported);
    const cwd = await realpath(repo.dir);
    await writeFile(
      join(exported, 'later.jsonl'),
      [
        line(cwd, '2026-03-04T10:00:00.000Z', { type: 'user', message: { role: 'user', content: 'go' } }),
        line(cwd, '2026-03-04T10:10:00.000Z', {
          type: 'assistant',
          message: { role: 'assistant', model: 'claude-opus-4-1', content: [] },
        }),
      ].join('\n'),
    );
    await writeFile(
      join(repo.dir, 'taskeval.config.json'),
      JSON.stringify({ sources: { sessions: { dirs: ['exported'] } } }),
    );
    const on = await cli(['sessions', '--project', repo.dir, '--json'], {});
    expect(
      (JSON.parse(on.out) as { sessions: { path: string; taskIds: string[] }[] }).sessions.map((s) => [
        s.path.split('/').pop(),
        s.taskIds,
      ]),
    ).toEqual([['later.jsonl', ['T-2']]]);
  });

  it("sources.prices gives each task what its agent's tokens cost, shown with the tokens in the evidence; an unpriced model gets none", async () => {
    await writeFile(
      join(repo.dir, 'taskeval.config.json'),
      JSON.stringify({ sources: { prices: { 'claude-opus-4-1': { inputPerMTok: 15, outputPerMTok: 75 } } } }),
    );
    const scored = await cli(['score', '--project', repo.dir, '--json']);
    expect(scored.code, scored.err).toBe(0);
    type Entry = { id: string; label: string; ref: Record<string, unknown> };
    const results = JSON.parse(scored.out) as { taskId: string; evidenceBundle: { groups: { entries: Entry[] }[] } }[];
    const tokens = (taskId: string) =>
      results
        .find((r) => r.taskId === taskId)!
        .evidenceBundle.groups.flatMap((g) => g.entries)
        .find((e) => e.id === 'task-tokens');
    // The linked session spent 10 input and 5 output tokens: 10 × $15 + 5 × $75 per million.
    expect(tokens('T-1')).toMatchObject({
      label: 'Tokens: 15 total, $0.00052',
      ref: { inputTokens: 10, outputTokens: 5, costUsd: 0.000525 },
    });
    expect(tokens('T-2')).toBeUndefined();

    await writeFile(
      join(repo.dir, 'taskeval.config.json'),
      JSON.stringify({ sources: { prices: { 'claude-opus-4-1': { inputPerMTok: -1, outputPerMTok: 75 } } } }),
    );
    const bad = await cli(['score', '--project', repo.dir, '--json']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('sources.prices.claude-opus-4-1.inputPerMTok');
  });
});
