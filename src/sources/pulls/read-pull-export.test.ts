import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/run-cli.js';
import { captureIo } from '../../cli/testing/capture-io.js';

let dir: string;

/** Three pull requests in the shape `gh pr list --json …` writes (field names and values as gh documents them). */
const EXPORT = [
  {
    number: 12,
    title: 'Add retry to the uploader',
    body: 'Retries uploads three times with backoff.',
    author: { login: 'copilot-swe-agent', is_bot: true },
    headRefName: 'copilot/fix-11',
    baseRefName: 'main',
    state: 'MERGED',
    createdAt: '2026-03-01T10:00:00Z',
    mergedAt: '2026-03-02T09:00:00Z',
    closedAt: '2026-03-02T09:00:00Z',
    isDraft: false,
    additions: 40,
    deletions: 3,
    changedFiles: 2,
    commits: [{ oid: 'a'.repeat(40), messageHeadline: 'Add retry', authoredDate: '2026-03-01T09:50:00Z' }],
    reviews: [
      { author: { login: 'maintainer' }, state: 'APPROVED', submittedAt: '2026-03-02T08:00:00Z', body: 'Looks good' },
    ],
    statusCheckRollup: [
      {
        __typename: 'CheckRun',
        name: 'test',
        status: 'COMPLETED',
        conclusion: 'SUCCESS',
        startedAt: '2026-03-01T10:01:00Z',
        completedAt: '2026-03-01T10:05:00Z',
      },
    ],
    labels: [{ name: 'agent' }],
  },
  {
    number: 13,
    title: 'Rewrite the scheduler',
    body: '',
    author: { login: 'someone' },
    headRefName: 'codex/scheduler',
    baseRefName: 'main',
    state: 'CLOSED',
    createdAt: '2026-03-03T10:00:00Z',
    mergedAt: null,
    closedAt: '2026-03-05T10:00:00Z',
    isDraft: false,
    reviews: [
      {
        author: { login: 'maintainer' },
        state: 'CHANGES_REQUESTED',
        submittedAt: '2026-03-04T10:00:00Z',
        body: 'Breaks cron parsing',
      },
      { author: { login: 'bot' }, state: 'COMMENTED', submittedAt: '2026-03-04T11:00:00Z', body: 'fyi' },
    ],
    statusCheckRollup: [
      { __typename: 'StatusContext', context: 'ci/build', state: 'FAILURE', startedAt: '2026-03-03T10:02:00Z' },
    ],
    labels: [],
  },
  { number: 14, title: 'Draft: cache', state: 'OPEN', createdAt: '2026-03-06T10:00:00Z', isDraft: true },
  { number: 'fifteen', title: 'broken', state: 'OPEN', createdAt: '2026-03-06T10:00:00Z' },
];

interface Result {
  taskId: string;
  status: string;
  evidenceBundle: {
    groups: { source: string; entries: { id: string; label: string; ref: Record<string, unknown> }[] }[];
  };
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-pulls-'));
  await writeFile(join(dir, 'pulls.json'), JSON.stringify(EXPORT));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
  const io = captureIo(dir);
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

const group = (r: Result, source: string) => r.evidenceBundle.groups.find((g) => g.source === source)!.entries;

describe('the pulls source from a gh pr list export (--pulls FILE)', () => {
  it('scores every pull request offline: reviews as verdicts, checks as workflow results, state from the export', async () => {
    const { code, out, err } = await cli('score', '--pulls', 'pulls.json', '--json');
    expect(code, err).toBe(0);
    expect(err).toContain('pulls: 3 pull requests from pulls.json (1 merged)');
    expect(err).toMatch(/pulls\.json\[3\].*number: /);
    const results = JSON.parse(out) as Result[];
    expect(results.map((r) => r.taskId).sort()).toEqual(['PR-12', 'PR-13', 'PR-14']);
    const byId = new Map(results.map((r) => [r.taskId, r]));
    expect(group(byId.get('PR-12')!, 'reviews').map((e) => e.ref.verdict ?? e.label)).toEqual([
      expect.stringMatching(/APPROVE/),
    ]);
    expect(group(byId.get('PR-13')!, 'reviews').map((e) => e.ref.verdict ?? e.label)).toEqual([
      expect.stringMatching(/REVISE/),
    ]);
    expect(
      group(byId.get('PR-12')!, 'workflow')
        .map((e) => e.label)
        .join(' '),
    ).toMatch(/test/);
    expect(
      group(byId.get('PR-13')!, 'workflow')
        .map((e) => e.label)
        .join(' '),
    ).toMatch(/ci\/build/);
    expect(group(byId.get('PR-13')!, 'taskMetadata').find((e) => e.id === 'task-pr')!.ref).toMatchObject({
      prNumber: 13,
      prStatus: 'closed',
    });
  });

  it('reads nothing after the moment a pull request was opened with --no-hindsight: no later review, no check, state open', async () => {
    const { code, out, err } = await cli('score', '--pulls', 'pulls.json', '--no-hindsight', '--json');
    expect(code, err).toBe(0);
    const results = JSON.parse(out) as Result[];
    for (const r of results) {
      expect(group(r, 'reviews')).toEqual([]);
      expect(group(r, 'workflow')).toEqual([]);
      expect(group(r, 'taskMetadata').find((e) => e.id === 'task-pr')!.ref).toMatchObject({ prStatus: 'open' });
      // Nor does the column say it: a merged one is not 'done' before anyone merged it.
      expect(group(r, 'taskMetadata').flatMap((e) => (e.ref.column === undefined ? [] : [e.ref.column]))).not.toContain(
        'done',
      );
    }
  });

  it('names a file that is not an export, and how to write one (exit 3)', async () => {
    await writeFile(join(dir, 'bad.json'), '{"number": 1}');
    const { code, err } = await cli('score', '--pulls', 'bad.json');
    expect(code).toBe(3);
    expect(err).toContain('bad.json: expected the JSON array gh pr list --json writes');
    expect(err).toContain('gh pr list --state all');
  });

  it('names a pull request with a date that is not one (exit 3, no crash) and reads an export with a byte-order mark', async () => {
    await writeFile(join(dir, 'bad-date.json'), JSON.stringify([{ ...EXPORT[0], createdAt: 'yesterday' }]));
    const bad = await cli('score', '--pulls', 'bad-date.json');
    expect(bad.code, bad.err).toBe(3);
    expect(bad.err).toMatch(/bad-date\.json\[0\].*createdAt: expected an ISO-8601 date/);
    expect(bad.err).not.toMatch(/\n\s+at /);
    await writeFile(join(dir, 'bom.json'), `\ufeff${JSON.stringify([EXPORT[0]])}`);
    const bom = await cli('score', '--pulls', 'bom.json', '--json');
    expect(bom.code, bom.err).toBe(0);
    expect((JSON.parse(bom.out) as Result[]).map((r) => r.taskId)).toEqual(['PR-12']);
  });
});
