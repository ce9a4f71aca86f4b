/**
 * Derives a validity data set from a public repository or trajectory set fetched by hand (not run by
 * `npm run bench`): node --import tsx bench/validity/derive-validity-data.ts git REPO ID_PATTERN OUTCOMES.json OUT.jsonl.gz
 *                      node --import tsx bench/validity/derive-validity-data.ts trajectories TRAJ_DIR RESOLVED_IDS.json OUT.jsonl.gz
 * OUTCOMES.json is what `taskeval outcomes --json` printed for the same repository; RESOLVED_IDS.json a JSON
 * array of the resolved instance ids. Each task is read at evaluation time (no hindsight).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadTaskSet } from '../../src/sources/index.js';
import type { ValidityRecord } from './validity-record.js';

const [kind, source, labelsFile, out] = process.argv.slice(2);
const records: ValidityRecord[] = [];

if (kind === 'git') {
  const idPattern = labelsFile!;
  const outcomesFile = out!;
  const target = process.argv[6]!;
  const outcomes = new Map(
    (JSON.parse(readFileSync(outcomesFile, 'utf8')) as { taskId: string; bugIntroducing: boolean }[]).map((r) => [
      r.taskId,
      r.bugIntroducing,
    ]),
  );
  const set = await loadTaskSet({
    projectDir: source!,
    source: 'git',
    hindsight: false,
    config: { trailerKeys: ['Fusion-Task-Id', 'Task-Id'], idPattern },
  });
  for (const item of set.items) {
    const bad = outcomes.get(item.task.id);
    if (bad === undefined || !item.commits?.length) continue;
    // Short shas and no bodies keep the file small; trailers stay for the conventions rules.
    const commits = item.commits.map((c) => ({
      ...c,
      sha: c.sha.slice(0, 12),
      parents: [],
      body: '',
      authorEmail: undefined,
    }));
    records.push({ task: item.task, commits, history: item.history, bad });
  }
  write(target);
} else if (kind === 'trajectories') {
  const resolved = new Set(JSON.parse(readFileSync(labelsFile!, 'utf8')) as string[]);
  const ids = (await readdir(source!))
    .filter((f) => /\.traj(?:\.json)?$/.test(f))
    .map((f) => f.replace(/\.traj(?:\.json)?$/, ''));
  const dir = await mkdtemp(join(tmpdir(), 'validity-'));
  const tasksFile = join(dir, 'tasks.jsonl');
  await writeFile(tasksFile, ids.map((id) => JSON.stringify({ id })).join('\n'));
  const set = await loadTaskSet({ projectDir: dir, tasksFile, transcriptsDir: source!, hindsight: false });
  for (const item of set.items) {
    // The session's counts are what the rubric reads; the kept log entries hold trajectory text and are dropped.
    const task = { id: item.task.id, ...(item.task.agentSession ? { agentSession: item.task.agentSession } : {}) };
    records.push({
      task: task as ValidityRecord['task'],
      commits: null,
      history: null,
      bad: !resolved.has(item.task.id),
    });
  }
  write(out!);
} else {
  process.stderr.write(
    'usage: derive-validity-data.ts git REPO ID_PATTERN OUTCOMES.json OUT.jsonl.gz | trajectories DIR RESOLVED.json OUT.jsonl.gz\n',
  );
  process.exitCode = 2;
}

function write(path: string): void {
  writeFileSync(path, gzipSync(records.map((r) => JSON.stringify(r)).join('\n') + '\n', { level: 9 }));
  process.stderr.write(`${records.length} tasks (${records.filter((r) => r.bad).length} bad) → ${path}\n`);
}
