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
