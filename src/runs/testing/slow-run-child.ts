// A run over many tasks with a slow judge, for the SIGKILL test: prints "stored <taskId>" after each result.
import { createScriptedJudge, validAnswerFromPrompt } from '../../judge/testing/index.js';
import { openSqliteStore } from '../../store/index.js';
import { executeRun } from '../execute-run.js';
import { runTasks } from './run-task-builders.js';
import { openedJudge } from './opened-judge.js';

const [dbPath, count, projectId] = process.argv.slice(2);
const store = openSqliteStore({ path: dbPath! });
const judge = createScriptedJudge([
  async (request) => {
    await new Promise((r) => setTimeout(r, 40));
    return {
      text: JSON.stringify(validAnswerFromPrompt(request.prompt)),
      usage: { inputTokens: 10, outputTokens: 5, cachedTokens: 0 },
    };
  },
]);
await executeRun({
  store,
  projectId: projectId!,
  tasks: runTasks(Number(count)),
  trigger: 'manual',
  taskevalVersion: 'child',
  judge: openedJudge(judge, { concurrency: 2 }),
  onStart: ({ runId }) => process.stdout.write(`run ${runId}\n`),
  onResult: (r) => process.stdout.write(`stored ${r.taskId}\n`),
});
process.stdout.write('finished\n');
