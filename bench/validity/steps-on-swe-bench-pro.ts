import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { validateScores, validationItems, type LabelledTask, type TaskResult } from '../../src/core/index.js';
import { evaluateTask } from '../../src/runs/index.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The session.steps bands' upper bounds, as the rubric has them. */
const BANDS = [15, 30, 50, 80] as const;

export interface StepsRun {
  model: string;
  runs: number;
  bad: number;
  maxTurns: number;
  auc: number | null;
  /** Share of runs in each band: ≤15, ≤30, ≤50, ≤80, more. */
  bandShares: number[];
}

/**
 * `session.steps` on a second harness: SWE-agent's runs of SWE-bench Pro by 14 models (Scale AI's public
 * results, per-run turns and resolved, `swe-bench-pro-turns.csv.gz`). Only the step count is known there, so only
 * that rule is measured: each run scored through the real rubric, its rule points against not resolved, per model.
 */
export function stepsOnSweBenchPro(log: (line: string) => void): StepsRun[] {
  const text = gunzipSync(readFileSync(join(here, 'swe-bench-pro-turns.csv.gz'))).toString('utf8');
  const byModel = new Map<string, { turns: number; bad: boolean }[]>();
  for (const line of text.split('\n').slice(1)) {
    const [model, resolved, turns] = line.split(',');
    if (!model || !turns) continue;
    const list = byModel.get(model) ?? [];
    list.push({ turns: Number(turns), bad: resolved !== 'true' });
    byModel.set(model, list);
  }
  const out: StepsRun[] = [];
  for (const [model, runs] of [...byModel].sort(([a], [b]) => a.localeCompare(b))) {
    const results: TaskResult[] = [];
    const labels = new Map<string, LabelledTask>();
    runs.forEach((run, i) => {
      const id = `run-${i}`;
      results.push(
        evaluateTask({
          task: {
            id,
            agentSession: {
              steps: run.turns,
              failedCommands: 0,
              edits: 0,
              rejectedEdits: 0,
              testRuns: 0,
              gaveUp: 0,
              testedAfterLastEdit: false,
              exitStatus: 'submitted',
            },
          },
          runId: 'bench-validity-steps',
        }),
      );
      labels.set(id, { label: run.bad });
    });
    const report = validateScores(validationItems(results, labels).items, { label: 'not resolved', iterations: 50 });
    const counts = [0, 0, 0, 0, 0];
    for (const run of runs) {
      const band = BANDS.findIndex((b) => run.turns <= b);
      counts[band === -1 ? 4 : band]! += 1;
    }
    out.push({
      model,
      runs: runs.length,
      bad: runs.filter((r) => r.bad).length,
      maxTurns: Math.max(...runs.map((r) => r.turns)),
      auc: report.rules.find((r) => r.rule === 'agentPerformance:session.steps')?.auc ?? null,
      bandShares: counts.map((n) => n / runs.length),
    });
  }
  log('\n## session.steps on SWE-agent: SWE-bench Pro runs of 14 models (turns and resolved only)\n');
  log('| model (run) | runs | not resolved | most turns | session.steps AUC | ≤15 | ≤30 | ≤50 | ≤80 | more |');
  log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of out)
    log(
      `| ${r.model} | ${r.runs} | ${r.bad} | ${r.maxTurns} | ${r.auc === null ? '-' : r.auc.toFixed(3)} | ${r.bandShares.map((s) => `${Math.round(s * 100)}%`).join(' | ')} |`,
    );
  const aucs = out.flatMap((r) => (r.auc === null ? [] : [r.auc])).sort((a, b) => a - b);
  log(
    `\nsession.steps AUC by model: median ${aucs[Math.floor(aucs.length / 2)]?.toFixed(3)}, from ${aucs[0]?.toFixed(3)} to ${aucs.at(-1)?.toFixed(3)}`,
  );
  return out;
}
