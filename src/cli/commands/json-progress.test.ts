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
      files: { [`src/part${i}.ts`]: `export const part${i} = ${i};\n` },
    });
  }
  // One answer at a time, each 700 ms: three tasks take over a second, so progress is due.
  server = await startFakeOpenAIServer({ slots: 1, answerMs: 700 });
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

const judged = () => ['--judge', 'openai-compatible', '--judge-model', 'm', '--judge-base-url', server.baseUrl];

describe('--json on a run longer than a second', () => {
  it('says how far run and batch are on stderr, ending with every task, while stdout stays one JSON document', async () => {
    for (const command of ['run', 'batch']) {
      const { code, out, err } = await cli([command, '--project', '.', '--db', `${command}.db`, '--json', ...judged()]);
      expect(code).toBe(0);
      expect(() => JSON.parse(out)).not.toThrow();
      expect(err).toMatch(/^evaluating: 3 of 3 tasks \(100%, \d+s\)$/m);
      expect(out).not.toContain('evaluating:');
    }
  }, 30_000);
});
