import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isHarborJob, readHarborJob } from './read-harbor-job.js';
import { writeHarborJob } from './testing/write-harbor-job.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'taskeval-harbor-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readHarborJob', () => {
  it('makes each trial a task: reward as a workflow result, identity, tokens and cost, its ATIF trajectory as the session', async () => {
    await writeHarborJob(dir, [
      { name: 'fix-parser__a1', task: 'fix-parser', reward: 1 },
      { name: 'fix-parser__b2', task: 'fix-parser', reward: 0, testsFail: true },
      { name: 'build-cache__c3', task: 'build-cache', reward: null, exception: 'agent timed out after 900 s' },
    ]);
    expect(await isHarborJob(dir)).toBe(true);
    const { tasks, problems, projectId } = await readHarborJob(dir);
    expect(problems).toEqual([]);
    expect(projectId).toMatch(/^harbor:/);
    expect(tasks.map((t) => [t.id, t.title, t.workflowStepResults?.[0]?.status])).toEqual([
      ['build-cache__c3', 'build-cache', 'skipped'],
      ['fix-parser__a1', 'fix-parser', 'passed'],
      ['fix-parser__b2', 'fix-parser', 'failed'],
    ]);
    const [timedOut, solved, failed] = tasks;
    expect(timedOut).toMatchObject({ error: 'AgentTimeoutError: agent timed out after 900 s', status: 'failed' });
    expect(solved).toMatchObject({
      agent: 'claude-code',
      agentVersion: '2.0.14',
      modelId: 'claude-sonnet-4-5',
      modelProvider: 'anthropic',
      executionCompletedAt: '2026-03-02T10:00:40.000Z',
      tokenUsage: { inputTokens: 4000, cachedTokens: 8000, outputTokens: 900 },
      agentCostUsd: 0.042,
      labels: { harbor_task: 'fix-parser' },
      agentSession: { edits: 1, testRuns: 1, lastTestPassed: true },
    });
    // ATIF keeps no exit code: the test run's output says it failed.
    expect(failed!.agentSession).toMatchObject({ testRuns: 1, lastTestPassed: false });
    expect(failed!.agentLogs?.some((e) => e.type === 'tool_result' && e.text.includes('FAILED'))).toBe(true);
  });

  it('reports a trial whose result.json is not JSON and reads the others; a directory without trials is no job', async () => {
    await writeHarborJob(dir, [{ name: 'ok__1', task: 'ok', reward: 1 }]);
    await writeHarborJob(join(dir, 'broken__2', '..'), []);
    await writeFile(join(dir, 'ok__1', '..', 'result.json'), '{}');
    const broken = join(dir, 'broken__2');
    await import('node:fs/promises').then((fs) => fs.mkdir(broken, { recursive: true }));
    await writeFile(join(broken, 'result.json'), '{"trial_name": ');
    const { tasks, problems } = await readHarborJob(dir);
    expect(tasks.map((t) => t.id)).toEqual(['ok__1']);
    expect(problems).toEqual([{ path: join(broken, 'result.json'), message: expect.stringMatching(/^not JSON/) }]);
    expect(await isHarborJob(join(dir, 'ok__1'))).toBe(false);
  });
});
