import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FUSION_FIXTURES_DIR } from '../../evidence/testing/evidence-builders.js';
import { createGitTestRepo, type GitTestRepo } from '../../evidence/git/testing/git-test-repo.js';
import { loadTaskSet } from './load-task-set.js';

let repo: GitTestRepo | null = null;
afterEach(async () => {
  await repo?.cleanup();
  repo = null;
});

describe('loadTaskSet with stream', () => {
  it('holds heads of a JSONL file with their commits, and expands them into the tasks a whole load gives', async () => {
    repo = await createGitTestRepo();
    await repo.commit({ subject: 'feat(T-1): parse', files: { 'a.ts': '1\n' }, date: '2026-03-02T10:00:00Z' });
    await repo.commit({ subject: 'chore(T-1): tidy', files: { 'b.ts': '1\n' }, date: '2026-03-02T11:00:00Z' });
    const fixture = JSON.parse(await readFile(join(FUSION_FIXTURES_DIR, 'FN-679.task.json'), 'utf8'));
    const own = { id: 'T-1', title: 'Parse', description: 'Parse it.', column: 'done', log: [] };
    await writeFile(join(repo.dir, 'tasks.jsonl'), `${JSON.stringify(fixture)}\n${JSON.stringify(own)}\n`);
    const options = { projectDir: repo.dir, tasksFile: join(repo.dir, 'tasks.jsonl'), sessions: null };

    const streamed = await loadTaskSet({ ...options, stream: true });
    const whole = await loadTaskSet(options);
    expect(whole.expand).toBeNull();
    expect(streamed.items.map((i) => i.task.id)).toEqual(['FN-679', 'T-1']);
    expect(streamed.items[0]!.task).not.toHaveProperty('description');
    expect(streamed.items[1]!.commits?.map((c) => c.subject)).toEqual(['feat(T-1): parse', 'chore(T-1): tidy']);
    expect(await streamed.expand!(streamed.items)).toEqual(whole.items);
  });

  it('reads a task file whole when transcripts are to be linked to it', async () => {
    repo = await createGitTestRepo();
    await repo.commit({ subject: 'feat(T-1): parse', files: { 'a.ts': '1\n' }, date: '2026-03-02T10:00:00Z' });
    await writeFile(join(repo.dir, 'tasks.jsonl'), `${JSON.stringify({ id: 'T-1', description: 'x' })}\n`);
    const set = await loadTaskSet({
      projectDir: repo.dir,
      tasksFile: join(repo.dir, 'tasks.jsonl'),
      sessions: null,
      stream: true,
      transcriptsDir: repo.dir,
    });
    expect(set.expand).toBeNull();
    expect(set.items[0]!.task.description).toBe('x');
  });
});
