import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitTestRepo, type GitTestRepo } from '../../evidence/git/testing/git-test-repo.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

// A pattern with nested quantifiers and a subject that makes a backtracking engine try 2^34 ways to fail:
// native RegExp takes hours on it; the linear-time engine answers at once.
const EVIL_PATTERN = '(a+)+$';
const EVIL_SUBJECT = `${'a'.repeat(34)}!`;

let dir: string;
let repo: GitTestRepo;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-hostile-patterns-'));
  repo = await createGitTestRepo();
  await repo.commit({ subject: 'chore: initial', files: { 'README.md': '# app\n' }, date: '2026-03-01T09:00:00Z' });
  await repo.commit({ subject: 'feat(T-1): parse', files: { 'src/a.ts': '1\n' }, date: '2026-03-02T10:00:00Z' });
  await repo.commit({ subject: EVIL_SUBJECT, files: { 'src/b.ts': '2\n' }, date: '2026-03-03T10:00:00Z' });
  await repo.commit({
    subject: `fix: ${EVIL_SUBJECT}`,
    body: `Co-Authored-By: ${EVIL_SUBJECT} <x@example.com>`,
    files: { 'src/a.ts': '3\n' },
    date: '2026-03-04T10:00:00Z',
  });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await repo.cleanup();
});

async function run(config: unknown, ...argv: string[]) {
  await writeFile(join(dir, 'taskeval.config.json'), JSON.stringify(config));
  const io = captureIo(dir);
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('patterns from configuration cannot hang a run', () => {
  it('scores a history with a catastrophic sources.idPattern and a subject built to trip it', async () => {
    const { code, err } = await run(
      { sources: { idPattern: `T-\\d+|${EVIL_PATTERN}` } },
      'score',
      '--project',
      repo.dir,
    );
    expect(err).not.toContain('Error:');
    expect(code).toBe(0);
  });

  it('matches agents[].pattern and outcomes.fixPattern of the same shape on the same history', async () => {
    const agents = [{ on: 'trailer', pattern: `co-authored-by: ${EVIL_PATTERN}`, agent: 'evil' }];
    const scored = await run({ sources: { agents } }, 'score', '--project', repo.dir, '--json');
    expect(scored.code).toBe(0);
    const outcomes = await run(
      { outcomes: { fixPattern: `^fix: ${EVIL_PATTERN}` } },
      'outcomes',
      '--project',
      repo.dir,
      '--db',
      join(dir, 'store.db'),
      '--json',
    );
    expect(outcomes.err).not.toContain('Error:');
    expect(outcomes.code).toBe(0);
  });

  it('refuses a back-reference or a look-around with exit 2, naming the key', async () => {
    for (const [config, key] of [
      [{ sources: { idPattern: '(T)-\\1' } }, 'sources.idPattern'],
      [{ outcomes: { fixPattern: '(?<=fix)es' } }, 'outcomes.fixPattern'],
      [{ sources: { agents: [{ on: 'author', pattern: '(?!human)bot', agent: 'x' }] } }, 'sources.agents.0.pattern'],
    ] as const) {
      const { code, err } = await run(config, 'score', '--project', repo.dir);
      expect(code, err).toBe(2);
      expect(err).toContain(key);
      expect(err).toContain('cannot be matched in linear time');
    }
  });
});
