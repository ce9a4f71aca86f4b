import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasTaskTrailer } from '../../core/rubric/index.js';
import { createGitTestRepo, type GitTestRepo } from '../../evidence/git/testing/git-test-repo.js';
import { loadTaskSet } from '../select/index.js';
import { claudeProjectSlug } from './discover-sessions.js';

let repo: GitTestRepo;
let home: string;
let repoDir: string;

/** A Claude Code session as Claude Code writes it: one JSON record per line with cwd, branch, times, model, usage. */
function claudeSession(cwd: string, branch: string | null, from: string, to: string, extra: object[] = []): string {
  const base = { cwd, sessionId: `s-${from}`, version: '1.0.72', ...(branch ? { gitBranch: branch } : {}) };
  return [
    { ...base, type: 'user', message: { role: 'user', content: 'Do the task' }, timestamp: from },
    {
      ...base,
      type: 'assistant',
      message: {
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'npm test' } }],
        usage: { input_tokens: 1000, output_tokens: 200, cache_read_input_tokens: 0 },
      },
      timestamp: from,
    },
    {
      ...base,
      type: 'user',
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 't1', is_error: true, content: '1 test failed' }],
      },
      timestamp: to,
    },
    ...extra,
  ]
    .map((l) => JSON.stringify(l))
    .join('\n');
}

/** A Codex CLI rollout: session_meta, turn_context, a function call and its output with a non-zero exit code, token counts. */
function codexRollout(cwd: string, from: string, to: string): string {
  return [
    {
      timestamp: from,
      type: 'session_meta',
      payload: { id: 'codex-1', timestamp: from, cwd, cli_version: '0.46.0', git: { branch: 'main' } },
    },
    { timestamp: from, type: 'turn_context', payload: { cwd, model: 'gpt-5-codex' } },
    {
      timestamp: from,
      type: 'response_item',
      payload: { type: 'function_call', name: 'shell', arguments: '{"command":["npm","test"]}', call_id: 'c1' },
    },
    {
      timestamp: to,
      type: 'response_item',
      payload: {
        type: 'function_call_output',
        call_id: 'c1',
        output: '{"output":"FAIL src/a.test.ts","metadata":{"exit_code":1}}',
      },
    },
    {
      timestamp: to,
      type: 'event_msg',
      payload: {
        type: 'token_count',
        info: { total_token_usage: { input_tokens: 5000, cached_input_tokens: 1000, output_tokens: 300 } },
      },
    },
  ]
    .map((l) => JSON.stringify(l))
    .join('\n');
}

async function put(path: string, text: string): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, text);
}

beforeEach(async () => {
  repo = await createGitTestRepo();
  repoDir = await realpath(repo.dir);
  home = await mkdtemp(join(tmpdir(), 'taskeval-home-'));
  await repo.commit({ subject: 'feat(T-1): parser', files: { 'src/a.ts': 'a\n' }, date: '2026-03-02T10:30:00Z' });
  await repo.commit({ subject: 'feat(T-2): cache', files: { 'src/b.ts': 'b\n' }, date: '2026-03-02T14:20:00Z' });
  await repo.git(['checkout', '-q', '-b', 'side']);
  await repo.commit({ subject: 'feat(T-3): side work', files: { 'src/c.ts': 'c\n' }, date: '2026-03-02T10:40:00Z' });
  await repo.git(['checkout', '-q', 'main']);
  await repo.commit({ subject: 'feat(T-4): late', files: { 'src/d.ts': 'd\n' }, date: '2026-03-03T09:00:00Z' });
});
afterEach(async () => {
  await repo.cleanup();
  await rm(home, { recursive: true, force: true });
});

describe('agent sessions found where the agents keep them', () => {
  it('links each session to the tasks whose commits it made, by working directory, time window and branch', async () => {
    const projects = join(home, '.claude', 'projects', claudeProjectSlug(repoDir));
    // On main from 10:00 to 10:20: T-1 (10:30) falls in the hour after; T-3 at 10:40 is on another branch.
    await put(
      join(projects, 'main-morning.jsonl'),
      claudeSession(repoDir, 'main', '2026-03-02T10:00:00.000Z', '2026-03-02T10:20:00.000Z'),
    );
    // No branch recorded: both T-1 (10:30) and T-3 (10:40) count, each with half of its commits.
    await put(
      join(projects, 'no-branch.jsonl'),
      claudeSession(repoDir, null, '2026-03-02T10:25:00.000Z', '2026-03-02T10:45:00.000Z'),
    );
    // Ran here, but nothing was committed in its window.
    await put(
      join(projects, 'idle.jsonl'),
      claudeSession(repoDir, 'main', '2026-03-01T08:00:00.000Z', '2026-03-01T08:10:00.000Z'),
    );
    // Another repository's session in a folder of the same name pattern is not this one's.
    await put(
      join(home, '.claude', 'projects', claudeProjectSlug('/elsewhere'), 'other.jsonl'),
      claudeSession('/elsewhere', 'main', '2026-03-02T10:00:00.000Z', '2026-03-02T10:20:00.000Z'),
    );
    await put(
      join(home, '.codex', 'sessions', '2026', '03', '02', 'rollout-2026-03-02T14-00-00-codex-1.jsonl'),
      codexRollout(repoDir, '2026-03-02T14:00:00.000Z', '2026-03-02T14:10:00.000Z'),
    );

    const set = await loadTaskSet({ projectDir: repo.dir, source: 'git', sessions: { home } });
    const byId = Object.fromEntries(set.items.map((i) => [i.task.id, i.task]));
    const names = (id: string) =>
      [...new Set((byId[id]!.agentLogs ?? []).map((e) => e.origin?.split('/').pop()))].sort();
    expect(names('T-1')).toEqual(['main-morning.jsonl', 'no-branch.jsonl']);
    expect(names('T-3')).toEqual(['no-branch.jsonl']);
    expect(names('T-2')).toEqual(['rollout-2026-03-02T14-00-00-codex-1.jsonl']);
    expect(byId['T-4']!.agentLogs ?? []).toEqual([]);

    // Agent, model and cohort come from the session; tool errors from is_error and exit codes.
    expect(byId['T-1']).toMatchObject({
      agent: 'claude',
      agentVersion: '1.0.72',
      modelId: 'claude-sonnet-4-5',
      modelProvider: 'anthropic',
      identity: { source: 'session', agentVersionSource: 'session', modelSource: 'session' },
    });
    expect(byId['T-1']!.sessionIds).toHaveLength(2);
    expect(byId['T-2']).toMatchObject({
      sessionIds: ['codex-1'],
      agent: 'codex',
      agentVersion: '0.46.0',
      modelId: 'gpt-5-codex',
      modelProvider: 'openai',
      tokenUsage: { inputTokens: 4000, cachedTokens: 1000, outputTokens: 300 },
    });
    expect((byId['T-2']!.agentLogs ?? []).filter((e) => e.type === 'tool_error').map((e) => e.text)).toEqual([
      'exit 1: FAIL src/a.test.ts',
    ]);
    // The Codex session ran its tests and they failed: what the rubric reads of a session.
    expect(byId['T-2']!.agentSession).toMatchObject({
      steps: 1,
      failedCommands: 1,
      testRuns: 1,
      lastTestPassed: false,
    });
    expect((byId['T-3']!.agentLogs ?? []).some((e) => e.type === 'tool_error')).toBe(true);

    const report = set.sessions!;
    expect(report.found.map((s) => s.path.split('/').pop()).sort()).toEqual([
      'idle.jsonl',
      'main-morning.jsonl',
      'no-branch.jsonl',
      'rollout-2026-03-02T14-00-00-codex-1.jsonl',
    ]);
    expect(report.unlinked.map((s) => s.path.split('/').pop())).toEqual(['idle.jsonl']);
    expect(report.linked.find((l) => l.session.path.endsWith('no-branch.jsonl'))!.taskIds.sort()).toEqual([
      'T-1',
      'T-3',
    ]);
    expect(report.tasks).toBe(3);
  });

  it('reads no home when none is given, and a --sessions directory as well as the defaults', async () => {
    const extra = await mkdtemp(join(tmpdir(), 'taskeval-sessions-'));
    try {
      await put(
        join(extra, 'exported', 'run.jsonl'),
        claudeSession(repoDir, 'main', '2026-03-03T08:30:00.000Z', '2026-03-03T08:50:00.000Z'),
      );
      const none = await loadTaskSet({ projectDir: repo.dir, source: 'git', sessions: { home: null } });
      expect(none.sessions!.found).toEqual([]);
      const named = await loadTaskSet({ projectDir: repo.dir, source: 'git', sessions: { home: null, dirs: [extra] } });
      expect(named.items.find((i) => i.task.id === 'T-4')!.task.agent).toBe('claude');
    } finally {
      await rm(extra, { recursive: true, force: true });
    }
  });
});

describe("Aider's history in the repository", () => {
  /** `2026-03-05 09:00:00` in this machine's local time, as Aider writes it. */
  const local = (iso: string) => {
    const d = new Date(iso);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  };

  it("links each session to the commits it names and to commits Aider made while it ran, not to a person's", async () => {
    await repo.git([
      'commit',
      '-q',
      '--allow-empty',
      '--author=Dev (aider) <dev@example.com>',
      '--date=2026-03-05T09:10:00Z',
      '-m',
      'feat(T-5): aider made this',
    ]);
    await repo.git([
      'commit',
      '-q',
      '--allow-empty',
      '--date=2026-03-05T09:20:00Z',
      '-m',
      'feat(T-6): a person made this',
    ]);
    await repo.git([
      'commit',
      '-q',
      '--allow-empty',
      '--date=2026-03-05T12:00:00Z',
      '-m',
      'feat(T-7): named by the second session',
    ]);
    const named = (await repo.git(['rev-parse', '--short=7', 'HEAD'])).trim();
    // Aider made this one later, in a session this history does not hold (another clone's).
    await repo.git([
      'commit',
      '-q',
      '--allow-empty',
      '--author=Dev (aider) <dev@example.com>',
      '--date=2026-03-05T15:00:00Z',
      '-m',
      'feat(T-9): aider made this elsewhere',
    ]);
    await writeFile(
      join(repo.dir, '.aider.chat.history.md'),
      [
        `# aider chat started at ${local('2026-03-05T09:00:00Z')}`,
        '> Aider v0.82.1',
        '> Main model: anthropic/claude-sonnet-4-5 with diff edit format',
        '#### add the thing',
        'I will add it.',
        '> Applied edit to src/thing.py',
        '> Running pytest: 1 failed',
        '',
        `# aider chat started at ${local('2026-03-05T11:30:00Z')}`,
        '#### more',
        `> Commit ${named} feat(T-7): named by the second session`,
      ].join('\n'),
    );
    const set = await loadTaskSet({ projectDir: repo.dir, source: 'git', sessions: { home: null } });
    const byId = Object.fromEntries(set.items.map((i) => [i.task.id, i.task]));
    expect(byId['T-5']).toMatchObject({ agent: 'aider', modelId: 'anthropic/claude-sonnet-4-5' });
    expect((byId['T-5']!.agentLogs ?? []).filter((e) => e.type === 'tool_error').map((e) => e.text)).toEqual([
      'Running pytest: 1 failed',
    ]);
    expect(byId['T-6']!.agent ?? null).toBeNull();
    expect(byId['T-7']!.agent).toBe('aider');
    // T-9's commit is Aider's (its author says so) but no session here made it.
    expect(byId['T-9']!.agentSession ?? null).toBeNull();
    expect(set.sessions!.linked.map((l) => [l.session.segment, l.taskIds])).toEqual([
      [0, ['T-5']],
      [1, ['T-7']],
    ]);
    // The last session ends at the last commit it made, not when the file was last written.
    expect(set.sessions!.found.map((s) => s.endedAt)).toEqual([
      new Date('2026-03-05T11:30:00Z').toISOString(),
      new Date('2026-03-05T12:00:00Z').toISOString(),
    ]);
  });
});

describe('a commit trailer naming its session', () => {
  it('links the session whatever the time, when the key is configured', async () => {
    await repo.commit({
      subject: 'feat(T-8): finished days later',
      body: 'Entire-Checkpoint: s-2026-03-01T07:00:00.000Z',
      files: { 'src/e.ts': 'e\n' },
      date: '2026-03-09T10:00:00Z',
    });
    const projects = join(home, '.claude', 'projects', claudeProjectSlug(repoDir));
    await put(
      join(projects, 'early.jsonl'),
      claudeSession(repoDir, 'main', '2026-03-01T07:00:00.000Z', '2026-03-01T07:30:00.000Z'),
    );
    const without = await loadTaskSet({ projectDir: repo.dir, source: 'git', sessions: { home } });
    expect(without.items.find((i) => i.task.id === 'T-8')!.task.agent ?? null).toBeNull();
    const withKey = await loadTaskSet({
      projectDir: repo.dir,
      source: 'git',
      sessions: { home, trailerKeys: ['Entire-Checkpoint'] },
    });
    const t8 = withKey.items.find((i) => i.task.id === 'T-8')!;
    expect(t8.task.agent).toBe('claude');
    // The configured session trailer counts as a task-id trailer in the rubric, for that commit only.
    expect(t8.commits!.map((c) => c.sessionTrailer ?? false)).toEqual([true]);
    expect(hasTaskTrailer(t8.commits![0]!, 'T-8')).toBe(true);
    expect(hasTaskTrailer(without.items.find((i) => i.task.id === 'T-8')!.commits![0]!, 'T-8')).toBe(false);
  });
});
