import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitTestRepo, type GitTestRepo } from '../../evidence/git/testing/git-test-repo.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

let dir: string;
const repos: GitTestRepo[] = [];

const lines = (...l: string[]) => `${l.join('\n')}\n`;

/**
 * A repository whose pull requests met every fate git can tell: #1 merged by a merge commit and left alone,
 * #2 squash-merged and later reverted, #3 merged and later fixed (a fix commit changes its lines within days),
 * #4 and #5 never merged.
 */
async function pullRepo(): Promise<GitTestRepo> {
  const repo = await createGitTestRepo();
  repos.push(repo);
  let day = 1;
  const at = () => `2026-03-${String(day++).padStart(2, '0')}T10:00:00Z`;
  await repo.commit({ subject: 'chore: start', files: { 'README.md': '# app\n' }, date: at() });
  const branch = async (n: number, files: Record<string, string>) => {
    await repo.git(['checkout', '-q', '-b', `p${n}`]);
    const head = await repo.commit({ subject: `work on ${n}`, files, date: at() });
    await repo.git(['update-ref', `refs/pull/${n}/head`, head]);
    await repo.git(['checkout', '-q', 'main']);
    return head;
  };
  await branch(1, { 'src/a.ts': lines('a1', 'a2') });
  await repo.git(['merge', '-q', '--no-ff', 'p1', '-m', 'Merge pull request #1 from dev/p1\n\nAdd a']);
  await branch(2, { 'src/b.ts': lines('b1', 'b2') });
  const squash = await repo.commit({ subject: 'Add b (#2)', files: { 'src/b.ts': lines('b1', 'b2') }, date: at() });
  await repo.commit({
    subject: 'Revert "Add b (#2)"',
    body: `This reverts commit ${squash}.`,
    files: { 'src/b.ts': '' },
    date: at(),
  });
  await branch(3, { 'src/c.ts': lines('c1', 'c2', 'c3') });
  await repo.git(['merge', '-q', '--no-ff', 'p3', '-m', 'Merge pull request #3 from dev/p3\n\nAdd c']);
  await repo.commit({ subject: 'fix: c2 was wrong', files: { 'src/c.ts': lines('c1', 'C2', 'c3') }, date: at() });
  await branch(4, { 'src/d.ts': lines('d1') });
  await branch(5, { 'src/e.ts': lines('e1') });
  return repo;
}

async function cli(...argv: string[]) {
  const io = captureIo(dir);
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-pull-outcomes-'));
});
afterEach(async () => {
  for (const repo of repos.splice(0)) await repo.cleanup();
  await rm(dir, { recursive: true, force: true });
});

describe('pull request outcomes', () => {
  it('labels each pull request merged, merged then reverted (its squash commit), merged then fixed, or not merged', async () => {
    const repo = await pullRepo();
    const { code, out, err } = await cli(
      'outcomes',
      '--source',
      'pulls',
      '--project',
      repo.dir,
      '--json',
      '--no-cache',
    );
    expect(code, err).toBe(0);
    const rows = JSON.parse(out) as { taskId: string; fate: string; closedUnmerged: boolean | null }[];
    expect(Object.fromEntries(rows.map((r) => [r.taskId, r.fate]))).toEqual({
      'PR-1': 'merged',
      'PR-2': 'merged then reverted',
      'PR-3': 'merged then fixed',
      'PR-4': 'not merged',
      'PR-5': 'not merged',
    });
    expect(rows.filter((r) => r.closedUnmerged).map((r) => r.taskId)).toEqual(['PR-4', 'PR-5']);
    expect(err).toContain(
      '5 pull request(s): 3 merged (1 then reverted, 1 then fixed within 7d), 0 closed unmerged, 0 open, 2 not merged (git cannot tell open from closed)',
    );
    const csv = await cli('outcomes', '--source', 'pulls', '--project', repo.dir, '--format', 'csv', '--no-cache');
    expect(csv.out.split('\n')[0]).toBe(
      'project,taskId,prNumber,state,fate,closedUnmerged,reverted,fixed,hoursToMerge,reviewRounds,iterations',
    );
  });

  it('validates scores made at evaluation time against closed unmerged, reverted and fixed', async () => {
    const repo = await pullRepo();
    const scored = await cli('score', '--source', 'pulls', '--project', repo.dir, '--no-hindsight', '--json');
    expect(scored.code, scored.err).toBe(0);
    await writeFile(join(dir, 'scores.json'), scored.out);
    const validate = (label: string) =>
      cli(
        'validate',
        '--results',
        'scores.json',
        '--outcomes',
        '--source',
        'pulls',
        '--project',
        repo.dir,
        '--label',
        label,
        '--json',
      );
    const closed = await validate('closed-unmerged');
    expect(closed.code, closed.err).toBe(0);
    expect(JSON.parse(closed.out)).toMatchObject({
      n: 5,
      bad: 2,
      good: 3,
      label: expect.stringContaining('closed unmerged'),
    });
    // Only merged pull requests can be reverted or fixed: the two never merged are left out.
    const reverted = await validate('reverted');
    expect(JSON.parse(reverted.out)).toMatchObject({ n: 3, bad: 1, good: 2 });
    const fixed = await validate('fixed');
    expect(JSON.parse(fixed.out)).toMatchObject({ n: 3, bad: 1, good: 2 });
    const bad = await validate('merged');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain(
      '--outcomes --label takes bug-introducing, fixed, reverted, closed-unmerged, got "merged"',
    );
  });

  it('scores from several projects: labels keyed by project, AUC within each, the bootstrap resampling projects', async () => {
    const files: string[] = [];
    const labels: string[] = [];
    for (let p = 0; p < 3; p += 1) {
      const repo = await pullRepo();
      const scored = await cli('score', '--source', 'pulls', '--project', repo.dir, '--no-hindsight', '--json');
      expect(scored.code, scored.err).toBe(0);
      const file = `scores-${p}.json`;
      await writeFile(join(dir, file), scored.out);
      files.push('--results', file);
      const csv = await cli('outcomes', '--source', 'pulls', '--project', repo.dir, '--format', 'csv', '--no-cache');
      // A --results file's project is its path as given.
      const rows = csv.out.trim().split('\n');
      labels.push(...(p === 0 ? [rows[0]!] : []), ...rows.slice(1).map((r) => r.replace(/^[^,]+/, file)));
    }
    await writeFile(join(dir, 'labels.csv'), `${labels.join('\n')}\n`);
    const { code, out, err } = await cli(
      'validate',
      ...files,
      '--labels',
      'labels.csv',
      '--label',
      'closedUnmerged',
      '--bad',
      'true',
      '--json',
    );
    expect(code, err).toBe(0);
    const report = JSON.parse(out) as {
      n: number;
      projects: number;
      categories: { overall: { withinProjectAuc: number | null } };
    };
    expect(report.n).toBe(15);
    expect(report.projects).toBe(3);
    expect(report.categories.overall.withinProjectAuc).not.toBeNull();
    // The same ids in three projects without a project column cannot be told apart.
    await writeFile(join(dir, 'bare.csv'), 'taskId,closedUnmerged\nPR-1,false\nPR-4,true\n');
    const bare = await cli('validate', ...files, '--labels', 'bare.csv', '--label', 'closedUnmerged', '--bad', 'true');
    expect(bare.code).toBe(2);
    expect(bare.err).toContain('task PR-1 is in two projects');
  });
});
