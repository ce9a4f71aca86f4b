import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectChangeEntries, compactChange, MAX_CHANGE_HUNKS } from '../collect-change-entries.js';
import { readChangeHunks } from './read-change-hunks.js';
import { createGitTestRepo, type GitTestRepo } from './testing/git-test-repo.js';

let repo: GitTestRepo;
beforeEach(async () => {
  repo = await createGitTestRepo();
  await repo.commit({
    subject: 'chore: start',
    files: { 'src/app.ts': 'export const a = 1;\n'.repeat(30), 'README.md': '# app\n' },
  });
});
afterEach(async () => {
  await repo.cleanup();
});

const lines = (n: number, word: string) =>
  Array.from({ length: n }, (_, i) => `export const ${word}${i} = ${i};`).join('\n');

describe('the change itself, read from git for the judge', () => {
  it('reads each hunk with its commit, file, kind and counts, and shows code first, largest first', async () => {
    const code = await repo.commit({
      subject: 'feat(FN-1): add parts',
      files: {
        'src/app.ts': `${lines(3, 'small')}\n${'export const a = 1;\n'.repeat(29)}`,
        'src/big.ts': `${lines(12, 'big')}\n`,
        'test/app.test.ts': `${lines(20, 'check')}\n`,
        'docs/guide.md': '# guide\n\nHow to use it.\n',
      },
    });
    const change = await readChangeHunks(repo.dir, [{ sha: code, date: '2026-03-01T10:00:00Z' }]);
    expect(change.cut).toBe(false);
    expect(change.hunks.map((h) => [h.path, h.kind]).sort()).toEqual([
      ['docs/guide.md', 'docs'],
      ['src/app.ts', 'code'],
      ['src/big.ts', 'code'],
      ['test/app.test.ts', 'test'],
    ]);
    const big = change.hunks.find((h) => h.path === 'src/big.ts')!;
    expect(big).toMatchObject({ sha: code, added: 12, removed: 0, header: '@@ -0,0 +1,12 @@' });
    expect(big.text.split('\n')[0]).toBe('+export const big0 = 0;');
    const entries = collectChangeEntries('FN-1', change).map((d) => d.entry);
    // Code before tests before docs; within code the file that changed most first, although the test file is larger.
    expect(entries.map((e) => e.ref.path)).toEqual(['src/big.ts', 'src/app.ts', 'test/app.test.ts', 'docs/guide.md']);
    expect(entries[0]).toMatchObject({ id: expect.stringMatching(/^hunk-[0-9a-f]{12}-\d$/), source: 'commits' });
    expect(entries[0]!.label).toBe('src/big.ts @@ -0,0 +1,12 @@');
    expect(entries.every((e) => (e.excerpt ?? '').length <= 500)).toBe(true);
  });

  it('shows at most ten hunks and says what it left out; a sha git does not know gives no hunks, not an error', async () => {
    const files = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`src/f${i}.ts`, `${lines(i + 1, 'v')}\n`]));
    const sha = await repo.commit({ subject: 'feat(FN-2): many files', files });
    const change = await readChangeHunks(repo.dir, [{ sha, date: '2026-03-01T10:00:00Z' }]);
    const entries = collectChangeEntries('FN-2', change).map((d) => d.entry);
    expect(entries).toHaveLength(MAX_CHANGE_HUNKS + 1);
    expect(entries.at(-1)).toMatchObject({ id: 'change-left-out', label: 'Change: 4 hunks left out' });
    expect(entries.at(-1)!.excerpt).toContain('10 of 14 hunks shown (14 code; 14 files)');
    expect(entries[0]!.ref.path).toBe('src/f13.ts');
    expect(await readChangeHunks(repo.dir, [{ sha: 'f'.repeat(40), date: '' }])).toEqual({ hunks: [], cut: false });
  });

  it('compacted for a queued job (text only for the hunks shown), gives the same entries', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 14 }, (_, i) => [`src/f${i}.ts`, `${lines(200 + i, 'v')}\n`]),
    );
    const sha = await repo.commit({ subject: 'feat(FN-4): many files', files });
    const change = await readChangeHunks(repo.dir, [{ sha, date: '2026-03-01T10:00:00Z' }]);
    const compact = compactChange(change);
    expect(compact.hunks.filter((h) => h.text === '')).toHaveLength(4);
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(change).length / 2);
    const entries = (c: typeof change) => collectChangeEntries('FN-4', c).map((d) => d.entry);
    expect(entries(compact)).toEqual(entries(change));
  });

  it('gives a hunk the same id whatever else the task changed', async () => {
    const a = await repo.commit({ subject: 'feat(FN-3): one', files: { 'src/one.ts': 'export const one = 1;\n' } });
    const b = await repo.commit({ subject: 'feat(FN-3): two', files: { 'src/two.ts': 'export const two = 2;\n' } });
    const both = collectChangeEntries(
      'FN-3',
      await readChangeHunks(repo.dir, [
        { sha: a, date: 'x' },
        { sha: b, date: 'y' },
      ]),
    );
    const alone = collectChangeEntries('FN-3', await readChangeHunks(repo.dir, [{ sha: b, date: 'y' }]));
    expect(both.map((d) => d.entry.id)).toContain(alone[0]!.entry.id);
  });
});
