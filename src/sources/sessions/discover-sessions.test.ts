import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLAUDE_SLUG_MAX, claudeProjectSlug, discoverSessions } from './discover-sessions.js';

let root: string;
let repo: string;
let home: string;

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'taskeval-discover-')));
  repo = join(root, 'repo');
  home = join(root, 'home');
  await mkdir(repo, { recursive: true });
  await mkdir(home, { recursive: true });
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const claudeLine = (cwd: string, at: string) =>
  JSON.stringify({ type: 'user', cwd, sessionId: 's1', timestamp: at, message: { role: 'user', content: 'go' } });

async function claudeSession(projects: string, folder: string, name: string, cwd = repo) {
  await mkdir(join(projects, folder), { recursive: true });
  await writeFile(join(projects, folder, name), `${claudeLine(cwd, '2026-03-02T10:00:00.000Z')}\n`);
}

const codexRollout = (cwd: string) =>
  [
    { timestamp: '2026-03-02T10:00:00.000Z', type: 'session_meta', payload: { id: 'r1', cwd, cli_version: '0.46.0' } },
    { timestamp: '2026-03-02T10:00:01.000Z', type: 'turn_context', payload: { cwd, model: 'gpt-5-codex' } },
  ]
    .map((l) => JSON.stringify(l))
    .join('\n');

const names = (found: { path: string }[]) => found.map((s) => s.path.slice(root.length + 1)).sort();

describe('discoverSessions', () => {
  it("finds Claude Code's sessions under $CLAUDE_CONFIG_DIR, ~/.claude and ~/.config/claude, never another home", async () => {
    const config = join(root, 'claude-config');
    await claudeSession(join(config, 'projects'), claudeProjectSlug(repo), 'a.jsonl');
    await claudeSession(join(home, '.claude', 'projects'), claudeProjectSlug(repo), 'b.jsonl');
    await claudeSession(join(home, '.config', 'claude', 'projects'), claudeProjectSlug(repo), 'c.jsonl');
    await claudeSession(join(root, 'other-home', '.claude', 'projects'), claudeProjectSlug(repo), 'd.jsonl');
    const found = await discoverSessions({ repoDirs: [repo], home, claudeConfigDir: config, codexHome: null });
    expect(names(found.inRepo)).toEqual([
      `claude-config/projects/${claudeProjectSlug(repo)}/a.jsonl`,
      `home/.claude/projects/${claudeProjectSlug(repo)}/b.jsonl`,
      `home/.config/claude/projects/${claudeProjectSlug(repo)}/c.jsonl`,
    ]);
  });

  it('finds the folder Claude Code shortened for a long path (its first 200 characters and a hash)', async () => {
    const deep = join(repo, 'a-rather-long-directory-name-for-a-service'.repeat(2), 'b'.repeat(60), 'c'.repeat(60));
    await mkdir(deep, { recursive: true });
    const slug = claudeProjectSlug(deep);
    expect(slug.length).toBeGreaterThan(CLAUDE_SLUG_MAX);
    const projects = join(home, '.claude', 'projects');
    await claudeSession(projects, `${slug.slice(0, CLAUDE_SLUG_MAX)}-1x2y3z`, 'long.jsonl', deep);
    // Another long path sharing no prefix is not this one.
    await claudeSession(projects, `${'-tmp-elsewhere'.padEnd(CLAUDE_SLUG_MAX, 'x')}-9q8w`, 'other.jsonl', deep);
    const found = await discoverSessions({ repoDirs: [deep], home, codexHome: null });
    expect(found.inRepo.map((s) => s.path.split('/').pop())).toEqual(['long.jsonl']);
  });

  it("reads Codex's archived and zstd-compressed rollouts, and leaves a session's subagents to the session", async () => {
    const codex = join(home, '.codex');
    await mkdir(join(codex, 'sessions', '2026', '03', '02'), { recursive: true });
    await mkdir(join(codex, 'archived_sessions'), { recursive: true });
    await writeFile(join(codex, 'sessions', '2026', '03', '02', 'rollout-a.jsonl'), codexRollout(repo));
    await writeFile(join(codex, 'archived_sessions', 'rollout-b.jsonl'), codexRollout(repo));
    await writeFile(
      join(codex, 'archived_sessions', 'rollout-c.jsonl.zst'),
      zlib.zstdCompressSync(Buffer.from(codexRollout(repo))),
    );
    const exported = join(root, 'exported');
    await claudeSession(exported, 's1', 'main.jsonl');
    await claudeSession(join(exported, 's1', 'main', 'subagents'), '.', 'agent-1.jsonl');
    const found = await discoverSessions({ repoDirs: [repo], home, dirs: [exported] });
    expect(names(found.inRepo)).toEqual([
      'exported/s1/main.jsonl',
      'home/.codex/archived_sessions/rollout-b.jsonl',
      'home/.codex/archived_sessions/rollout-c.jsonl.zst',
      'home/.codex/sessions/2026/03/02/rollout-a.jsonl',
    ]);
    const compressed = found.inRepo.find((s) => s.path.endsWith('.zst'))!;
    expect(compressed).toMatchObject({ agent: 'codex', sessionId: 'r1', model: 'gpt-5-codex', agentVersion: '0.46.0' });
  });
});
