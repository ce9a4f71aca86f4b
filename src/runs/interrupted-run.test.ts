import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createScriptedJudge, validAnswerFromPrompt } from '../judge/testing/index.js';
import { executeRun } from './execute-run.js';
import { openProjectStore } from './open-project-store.js';
import { planResume } from './plan-resume.js';
import { runTasks, tempStoreDir } from './testing/run-task-builders.js';
import { openedJudge } from './testing/opened-judge.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CHILD = fileURLToPath(new URL('./testing/slow-run-child.ts', import.meta.url));
const TASKS = 40;

/** Starts the child run and kills it with SIGKILL once `killAfter` results are stored; resolves with what it printed. */
function runAndKill(
  dbPath: string,
  killAfter: number,
): Promise<{ runId: string; stored: string[]; finished: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dbPath, String(TASKS), 'proj'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.split('\n').filter((l) => l.startsWith('stored ')).length >= killAfter) child.kill('SIGKILL');
    });
    child.stderr.on('data', (d: Buffer) => void (err += d.toString()));
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      const lines = out.split('\n');
      const runId = lines.find((l) => l.startsWith('run '))?.slice(4);
      if (!runId) return reject(new Error(`child printed no run id (signal ${signal}): ${err}`));
      resolve({
        runId,
        stored: lines.filter((l) => l.startsWith('stored ')).map((l) => l.slice(7)),
        finished: lines.includes('finished'),
      });
    });
  });
}

describe('a run killed with SIGKILL', () => {
  let tmp: ReturnType<typeof tempStoreDir>;
  beforeEach(() => {
    tmp = tempStoreDir();
  });
  afterEach(() => tmp.remove());

  it('is marked failed (interrupted) once its heartbeat is a minute old, and a resume finishes it with no result lost or duplicated', async () => {
    const killed = await runAndKill(tmp.dbPath, 6);
    expect(killed.finished).toBe(false);

    // Right after the kill the heartbeat is fresh: the run still counts as running.
    const fresh = await openProjectStore({ path: tmp.dbPath });
    expect(fresh.recovered).toEqual([]);
    expect((await fresh.store.getRun(killed.runId)).status).toBe('running');
    await expect(planResume(fresh.store, killed.runId)).rejects.toMatchObject({ code: 'invalid_transition' });
    await fresh.store.close();

    const later = () => new Date(Date.now() + 61_000);
    const { store, recovered } = await openProjectStore({ path: tmp.dbPath, clock: later });
    try {
      expect(recovered.map((r) => [r.id, r.status, r.reason])).toEqual([[killed.runId, 'failed', 'interrupted']]);
      const kept = await store.resultTaskIds(killed.runId);
      // Every result the child reported is stored; at most the ones in flight at the kill are missing from its output.
      expect(kept).toEqual(expect.arrayContaining(killed.stored));
      expect(kept.length).toBeLessThan(TASKS);

      const plan = await planResume(store, killed.runId);
      const all = runTasks(TASKS);
      expect(plan.missingTaskIds).toEqual(all.map((t) => t.task.id).filter((id) => !kept.includes(id)));
      const judge = createScriptedJudge([
        (request) => ({
          text: JSON.stringify(validAnswerFromPrompt(request.prompt)),
          usage: { inputTokens: 1, outputTokens: 1, cachedTokens: 0 },
        }),
      ]);
      const missing = new Set(plan.missingTaskIds);
      const resumed = await executeRun({
        store,
        projectId: 'proj',
        trigger: 'manual',
        taskevalVersion: '1',
        judge: openedJudge(judge),
        tasks: all.filter((t) => missing.has(t.task.id)),
        requestedTaskIds: plan.missingTaskIds,
        resumeOf: killed.runId,
        clock: later,
      });
      expect(resumed.run).toMatchObject({
        status: 'completed',
        resumeOf: killed.runId,
        counts: { total: plan.missingTaskIds.length },
      });
      // Judge calls for tasks the killed run finished were not made again.
      expect(judge.requests).toHaveLength(plan.missingTaskIds.length);

      const union = [...kept, ...(await store.resultTaskIds(resumed.run.id))];
      expect(union.sort()).toEqual(all.map((t) => t.task.id).sort());
      expect(new Set(union).size).toBe(TASKS);
      expect(await store.resultTaskIds(killed.runId)).toEqual(kept);
    } finally {
      await store.close();
    }
  }, 60_000);
});
