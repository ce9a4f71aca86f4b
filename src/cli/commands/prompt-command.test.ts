import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitTestRepo, type GitTestRepo } from '../../evidence/git/testing/git-test-repo.js';
import { startFakeOpenAIServer, type FakeLlmServer } from '../../judge/testing/index.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

let repo: GitTestRepo;
let server: FakeLlmServer;

beforeEach(async () => {
  repo = await createGitTestRepo();
  for (let i = 1; i <= 3; i++) {
    await repo.commit({
      subject: `feat(FN-${i}): add part ${i}`,
      body: `Task-Id: FN-${i}`,
      files: { [`src/part${i}.ts`]: `export const part${i} = ${i};\n`.repeat(20 * i) },
    });
  }
  server = await startFakeOpenAIServer();
});
afterEach(async () => {
  await server.close();
  await repo.cleanup();
});

async function cli(argv: string[]) {
  const io = captureIo(repo.dir);
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

const judged = ['--judge', 'openai-compatible', '--judge-model', 'm'];

describe('score --dry-run on a git repository', () => {
  it('prints each task prompt size and that the context is unknown, sending nothing and storing nothing', async () => {
    const { code, out } = await cli([
      'score',
      '--project',
      '.',
      '--dry-run',
      ...judged,
      '--judge-base-url',
      server.baseUrl,
    ]);
    expect(code).toBe(0);
    expect(out).toMatch(/^task\s+prompt tokens \(est\.\)\s+context\s+answer cap\s+left out\s+fits$/m);
    expect(out).toMatch(/^FN-1\s+[\d,]+\s+unknown\s+5,514\s+-\s+yes$/m);
    expect(out).toContain('3 prompts, the largest about');
    expect(out).toContain('give --judge-context N');
    expect(server.calls + server.probes.length).toBe(0);
    expect(existsSync(join(repo.dir, '.taskeval'))).toBe(false);
  });

  it('with a context, says what would be left out; a context too small for any prompt exits 4', async () => {
    const fits = await cli(['score', '--project', '.', '--dry-run', '--json', ...judged, '--judge-context', '8192']);
    expect(fits.code).toBe(0);
    const sizes = JSON.parse(fits.out) as {
      taskId: string;
      estimatedTokens: number;
      contextTokens: number;
      fits: boolean;
    }[];
    expect(sizes.map((s) => s.taskId).sort()).toEqual(['FN-1', 'FN-2', 'FN-3']);
    expect(sizes.every((s) => s.fits && s.contextTokens === 8192 && s.estimatedTokens > 500)).toBe(true);
    const tiny = await cli(['score', '--project', '.', '--dry-run', ...judged, '--judge-context', '1024']);
    expect(tiny.code).toBe(4);
    expect(tiny.out).toMatch(/^FN-1\s.*\sNO$/m);
    expect(tiny.out).toContain('3 of 3 do not fit a context of 1,024');
  });

  it('is for score only', async () => {
    const { code, err } = await cli(['run', '--project', '.', '--dry-run']);
    expect(code).toBe(2);
    expect(err).toContain('--dry-run');
  });
});

describe('taskeval prompt TASK', () => {
  it('prints the system part and the prompt with its evidence, whole, as a run would send it', async () => {
    const { code, out } = await cli(['prompt', 'FN-2', '--project', '.']);
    expect(code).toBe(0);
    expect(out).toMatch(/^--- system ---\nYou are taskeval's judge/);
    expect(out).toMatch(/--- prompt: about [\d,]+ tokens with the system part, context unknown, answer cap 5,514 ---/);
    expect(out).toContain('## Evidence');
    expect(out).toContain('feat(FN-2): add part 2');
    expect(out).not.toContain('feat(FN-3)');
    // The change itself, as the judge sees it: the task's own hunk, citable.
    expect(out).toMatch(/<<<EVIDENCE id="hunk-[0-9a-f]{12}-1" source="commits">>>/);
    expect(out).toContain('src/part2.ts @@ -0,0 +1,40 @@');
    expect(out).toContain('| +export const part2 = 2;');
  });

  it('a judged run keeps the change in its bundle; a deterministic run reads none', async () => {
    expect((await cli(['run', '--project', '.', '--db', 'plain.db'])).code).toBe(0);
    const plain = JSON.parse((await cli(['show', 'FN-1', '--db', 'plain.db', '--json'])).out);
    const ids = (r: { evidenceBundle: { groups: { entries: { id: string }[] }[] } }) =>
      r.evidenceBundle.groups.flatMap((g) => g.entries.map((e) => e.id));
    expect(ids(plain).some((id) => id.startsWith('hunk-'))).toBe(false);
    const judgedRun = await cli([
      'run',
      '--project',
      '.',
      '--db',
      'judged.db',
      ...judged,
      '--judge-base-url',
      server.baseUrl,
    ]);
    expect(judgedRun.code).toBe(0);
    const withChange = JSON.parse((await cli(['show', 'FN-1', '--db', 'judged.db', '--json'])).out);
    expect(ids(withChange).filter((id) => id.startsWith('hunk-'))).toHaveLength(1);
    expect(server.requests.some((r) => r.prompt.includes('+export const part1 = 1;'))).toBe(true);
  });

  it('gives the same prompt as JSON, and names an unknown task (exit 3)', async () => {
    const { code, out } = await cli(['prompt', 'FN-1', '--project', '.', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({
      taskId: 'FN-1',
      fits: true,
      prompt: expect.stringContaining('## Evidence'),
    });
    const missing = await cli(['prompt', 'FN-404', '--project', '.']);
    expect(missing.code).toBe(3);
    expect(missing.err).toContain('no task FN-404');
  });
});
