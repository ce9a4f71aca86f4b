import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { validateScores, validationItems, VALIDATED_SCORES, type LabelledTask, type TaskResult, type ValidationReport } from '../src/core/index.js';
import { evaluateTask } from '../src/runs/index.js';
import { ValidityRecordSchema } from './validity/validity-record.js';

/** A committed data set, what it is, and the targets the rubric must reach on it (issue: scores that predict outcomes). */
interface DataSet {
  file: string;
  title: string;
  kind: 'git' | 'trajectories';
}

const DATA_SETS: readonly DataSet[] = [
  { file: 'beads.jsonl.gz', title: 'steveyegge/beads (git, SZZ 7 days)', kind: 'git' },
  { file: 'gastown.jsonl.gz', title: 'steveyegge/gastown (git, SZZ 7 days)', kind: 'git' },
  { file: 'coder-swe-bench-lite.jsonl.gz', title: 'NL2Code/CodeR on SWE-bench Lite (trajectories, resolved)', kind: 'trajectories' },
];

const here = dirname(fileURLToPath(import.meta.url));

export interface ValidityBenchReport {
  sets: { title: string; report: ValidationReport; misses: string[] }[];
  pass: boolean;
}

/** Scores every committed task with the current rubric (evaluation time) and prints how well each score and rule predicts its label. */
export async function run(log: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Promise<ValidityBenchReport> {
  const sets = DATA_SETS.map((set) => {
    const report = validate(set);
    const misses = targets(set, report);
    printReport(set, report, misses, log);
    return { title: set.title, report, misses };
  });
  const pass = sets.every((s) => s.misses.length === 0);
  log(pass ? 'validity: every target met' : `validity: ${sets.reduce((n, s) => n + s.misses.length, 0)} target(s) missed`);
  return { sets, pass };
}

function validate(set: DataSet): ValidationReport {
  const text = gunzipSync(readFileSync(join(here, 'validity', set.file))).toString('utf8');
  const results: TaskResult[] = [];
  const labels = new Map<string, LabelledTask>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const record = ValidityRecordSchema.parse(JSON.parse(line));
    results.push(evaluateTask({ task: record.task, runId: 'bench-validity', ...(record.commits ? { commits: record.commits } : {}), ...(record.history ? { history: record.history } : {}) }));
    labels.set(record.task.id, { label: record.bad });
  }
  return validateScores(validationItems(results, labels).items, { label: set.kind === 'git' ? 'bugIntroducing (SZZ, 7d)' : 'not resolved' });
}

/** The issue's targets, checked on our own data (the held-out sets are the maintainers'). */
function targets(set: DataSet, r: ValidationReport): string[] {
  const misses: string[] = [];
  const need = (ok: boolean, what: string) => {
    if (!ok) misses.push(what);
  };
  const c = r.categories;
  if (set.kind === 'git') {
    need(c.taskOutcomeQuality.auc! >= 0.7, `taskOutcomeQuality AUC ${c.taskOutcomeQuality.auc} < 0.70`);
    need(c.overall.auc! >= 0.7, `overall AUC ${c.overall.auc} < 0.70`);
    need(c.taskOutcomeQuality.withinSizeAuc! >= 0.6, `taskOutcomeQuality within-size AUC ${c.taskOutcomeQuality.withinSizeAuc} < 0.60`);
    need(c.overall.withinSizeAuc! >= 0.6, `overall within-size AUC ${c.overall.withinSizeAuc} < 0.60`);
    for (const k of ['agentPerformance', 'taskOutcomeQuality', 'processCompliance'] as const) need(c[k].topShare <= 0.4, `${k} has ${Math.round(c[k].topShare * 100)}% of tasks on one value (> 40%)`);
  } else {
    need(c.taskOutcomeQuality.auc! >= 0.65, `taskOutcomeQuality AUC ${c.taskOutcomeQuality.auc} < 0.65`);
    need(c.overall.auc! >= 0.65, `overall AUC ${c.overall.auc} < 0.65`);
    for (const k of ['agentPerformance', 'taskOutcomeQuality'] as const) need(c[k].topShare <= 0.6, `${k} has ${Math.round(c[k].topShare * 100)}% of runs on one value (> 60%)`);
  }
  return misses;
}

const f = (v: number | null) => (v === null ? '-' : v.toFixed(3));

function printReport(set: DataSet, r: ValidationReport, misses: string[], log: (line: string) => void): void {
  log(`\n## ${set.title}: ${r.n} tasks, ${r.bad} bad (${r.label})\n`);
  log('| score | AUC | 95% CI | within size deciles | distinct | top share |');
  log('|---|---|---|---|---|---|');
  for (const k of VALIDATED_SCORES) {
    const v = r.categories[k];
    log(`| ${k} | ${f(v.auc)} | ${f(v.ciLow)}–${f(v.ciHigh)} | ${f(v.withinSizeAuc)} | ${v.distinct} | ${Math.round(v.topShare * 100)}% |`);
  }
  log('\n| rule | fired | AUC |');
  log('|---|---|---|');
  for (const rule of r.rules.filter((x) => x.fired > 0)) log(`| \`${rule.rule}\` | ${rule.fired} | ${f(rule.auc)} |`);
  log(misses.length ? `\nMISS: ${misses.join('; ')}` : '\nPASS: every target met on this set');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = await run();
  process.exitCode = report.pass ? 0 : 1;
}
