// Child process for the two-process race: opens the store, says "ready", waits for "go", creates a schedule run.
import { createInterface } from 'node:readline';
import { openSqliteStore } from '../open-sqlite-store.js';

const store = openSqliteStore({ path: process.argv[2]! });
const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
lines.once('line', async () => {
  try {
    const run = await store.createRun({
      projectId: 'proj',
      trigger: 'schedule',
      provenance: {
        judgeProvider: null,
        judgeModel: null,
        rubricVersion: 'rubric-1',
        promptVersion: null,
        taskevalVersion: '0.1.0',
      },
      now: '2026-03-02T05:00:00.000Z',
    });
    process.stdout.write(`${JSON.stringify({ ok: true, id: run.id })}\n`);
  } catch (error) {
    process.stdout.write(
      `${JSON.stringify({ ok: false, code: (error as { code?: string }).code ?? String(error) })}\n`,
    );
  } finally {
    await store.close();
    lines.close();
  }
});
