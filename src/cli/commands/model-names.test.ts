import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitTestRepo, type GitTestRepo } from '../../evidence/git/testing/git-test-repo.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

let repo: GitTestRepo;
beforeEach(async () => {
  repo = await createGitTestRepo();
  await repo.commit({ subject: 'chore: initial', files: { 'README.md': '# app\n' }, date: '2026-03-01T09:00:00Z' });
});
afterEach(async () => {
  await repo.cleanup();
});

const trailer = (model: string) => `Task-Id: T-1\nCo-Authored-By: Claude ${model} <noreply@anthropic.com>`;

describe('who did the work, from the CLI on a real repository', () => {
  it('files a task under the model on most of its commits, a model the rules do not know kept', async () => {
    for (let i = 0; i < 3; i++)
      await repo.commit({
        subject: `feat: step ${i}`,
        body: trailer('Fable 5'),
        files: { [`src/f${i}.ts`]: `${i}\n` },
        date: `2026-03-02T1${i}:00:00Z`,
      });
    await repo.commit({
      subject: 'feat: last step',
      body: trailer('Opus 4.6'),
      files: { 'src/g.ts': '1\n' },
      date: '2026-03-02T15:00:00Z',
    });
    await repo.commit({
      subject: 'docs: note the change',
      body: 'Task-Id: T-2\nAssisted-by: Codex:gpt-5-codex',
      files: { 'docs/a.md': 'a\n' },
      date: '2026-03-03T10:00:00Z',
    });
    const io = captureIo(repo.dir);
    const code = await runCli(['score', '--project', repo.dir, '--json'], io);
    expect(code, io.err()).toBe(0);
    const results = JSON.parse(io.out()) as { taskId: string; agent: string; modelId: string | null }[];
    const by = Object.fromEntries(results.map((r) => [r.taskId, r]));
    expect(by['T-1']).toMatchObject({ agent: 'claude', modelId: 'claude-fable-5' });
    expect(by['T-2']).toMatchObject({ agent: 'codex', modelId: 'gpt-5-codex' });
  });
});

describe('a bot among the human or unknown', () => {
  it('says when one bot-like author made most of the unnamed work, with the config line that names it, and that line works', async () => {
    for (let i = 1; i <= 12; i++) {
      await writeFile(join(repo.dir, `deploy-${i}.txt`), `${i}\n`);
      await repo.git(['add', '--', `deploy-${i}.txt`]);
      await repo.git([
        'commit',
        '-q',
        '--author=github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>',
        '-m',
        `chore(T-${i}): publish the site`,
      ]);
    }
    const io = captureIo(repo.dir);
    expect(await runCli(['score', '--project', repo.dir, '--json'], io), io.err()).toBe(0);
    const note =
      /note: (agents: 12 of the 12 commits .* are by github-actions\[bot\], which looks like a bot.*)$/m.exec(io.err());
    expect(note, io.err()).not.toBeNull();
    const config = /add to taskeval\.config\.json: (.*)$/.exec(note![1]!)![1]!;
    await writeFile(join(repo.dir, 'taskeval.config.json'), `{ ${config} }`);
    const again = captureIo(repo.dir);
    expect(await runCli(['score', '--project', repo.dir, '--json'], again), again.err()).toBe(0);
    const agents = new Set((JSON.parse(again.out()) as { agent: string | null }[]).map((r) => r.agent));
    expect([...agents]).toEqual(['github-actions']);
    expect(again.err()).not.toContain('looks like a bot');
  });
});

describe("a git-only task's title", () => {
  it('comes from its first commit in the history, not the later one of two made in the same second', async () => {
    await repo.commit({
      subject: 'feat(T-5): parse the config',
      files: { 'a.ts': '1\n' },
      date: '2026-03-05T10:00:00Z',
    });
    await repo.commit({
      subject: 'test(T-5): cover the parser',
      files: { 'b.ts': '1\n' },
      date: '2026-03-05T10:00:00Z',
    });
    const io = captureIo(repo.dir);
    expect(await runCli(['score', '--project', repo.dir, '--json'], io), io.err()).toBe(0);
    const task = (JSON.parse(io.out()) as { taskId: string; title: string }[]).find((r) => r.taskId === 'T-5')!;
    expect(task.title).toBe('parse the config');
  });
});
