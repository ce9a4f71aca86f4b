import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import {
  SCORE_BAND_NAMES,
  validateScores,
  validationItems,
  VALIDATED_SCORES,
  type LabelledTask,
  type TaskResult,
  type ValidatedScore,
  type ValidationReport,
} from '../src/core/index.js';
import { evaluateTask } from '../src/runs/index.js';
import { stepsOnSweBenchPro } from './validity/steps-on-swe-bench-pro.js';
import { ValidityRecordSchema } from './validity/validity-record.js';

/** A committed data set, what it is, and the targets the rubric must reach on it (issue: scores that predict outcomes). */
interface DataSet {
  file: string;
  title: string;
  kind: 'git' | 'trajectories';
  /** rubric-5's AUCs on this set: a rubric change may not lower them (processCompliance, which is not meant to predict, aside). */
  before: { agentPerformance: number; taskOutcomeQuality: number; overall: number };
}

const DATA_SETS: readonly DataSet[] = [
  {
    file: 'beads.jsonl.gz',
    title: 'steveyegge/beads (git, SZZ 7 days)',
    kind: 'git',
    before: { agentPerformance: 0.7, taskOutcomeQuality: 0.744, overall: 0.739 },
  },
  {
    file: 'gastown.jsonl.gz',
    title: 'steveyegge/gastown (git, SZZ 7 days)',
    kind: 'git',
    before: { agentPerformance: 0.687, taskOutcomeQuality: 0.752, overall: 0.747 },
  },
  {
    file: 'coder-swe-bench-lite.jsonl.gz',
    title: 'NL2Code/CodeR on SWE-bench Lite (trajectories, resolved)',
    kind: 'trajectories',
    before: { agentPerformance: 0.601, taskOutcomeQuality: 0.712, overall: 0.667 },
  },
  {
    file: 'openhands-swe-bench-verified.jsonl.gz',
    title: 'OpenHands + Claude 3.5 Sonnet on SWE-bench Verified (completion logs, resolved)',
    kind: 'trajectories',
    // First measured with rubric-6: its own figures are the floor.
    before: { agentPerformance: 0.576, taskOutcomeQuality: 0.698, overall: 0.696 },
  },
];

const here = dirname(fileURLToPath(import.meta.url));

export interface ValidityBenchReport {
  sets: {
    title: string;
    report: ValidationReport;
    halves: [ValidationReport, ValidationReport] | null;
    misses: string[];
  }[];
  pass: boolean;
}

/** Scores every committed task with the current rubric (evaluation time) and prints how well each score and rule predicts its label. */
export async function run(
  log: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): Promise<ValidityBenchReport> {
  const sets = DATA_SETS.map((set) => {
    const { report, halves } = validate(set);
    const misses = targets(set, report, halves);
    printReport(set, report, halves, misses, log);
    return { title: set.title, report, halves, misses };
  });
  // Informational: a session rule on a second harness, where only the step count is published.
  stepsOnSweBenchPro(log);
  const pass = sets.every((s) => s.misses.length === 0);
  log(
    pass ? 'validity: every target met' : `validity: ${sets.reduce((n, s) => n + s.misses.length, 0)} target(s) missed`,
  );
  return { sets, pass };
}

function validate(set: DataSet): { report: ValidationReport; halves: [ValidationReport, ValidationReport] | null } {
  const text = gunzipSync(readFileSync(join(here, 'validity', set.file))).toString('utf8');
  const results: TaskResult[] = [];
  const labels = new Map<string, LabelledTask>();
  const completedAt = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const record = ValidityRecordSchema.parse(JSON.parse(line));
    results.push(
      evaluateTask({
        task: record.task,
        runId: 'bench-validity',
        ...(record.commits ? { commits: record.commits } : {}),
        ...(record.history ? { history: record.history } : {}),
      }),
    );
    labels.set(record.task.id, { label: record.bad });
    completedAt.set(record.task.id, record.task.executionCompletedAt ?? record.history?.lastCommitAt ?? '');
  }
  const label = set.kind === 'git' ? 'bugIntroducing (SZZ, 7d)' : 'not resolved';
  const items = validationItems(results, labels).items;
  const report = validateScores(items, { label });
  if (set.kind !== 'git') return { report, halves: null };
  // The older and newer half by completion time: a rule whose meaning changes with the project's era shows here.
  const byTime = [...items].sort((a, b) => completedAt.get(a.taskId)!.localeCompare(completedAt.get(b.taskId)!));
  const middle = Math.floor(byTime.length / 2);
  const half = (part: typeof items) => validateScores(part, { label, iterations: 200 });
  return { report, halves: [half(byTime.slice(0, middle)), half(byTime.slice(middle))] };
}

/** A rule or score that predicts one way in the older half and the other way in the newer one. */
export function flips(older: number | null, newer: number | null, margin = 0.02): boolean {
  if (older === null || newer === null) return false;
  return (older - 0.5 >= margin && 0.5 - newer >= margin) || (0.5 - older >= margin && newer - 0.5 >= margin);
}

/** Populated bands (at least 2% of tasks), lowest first, with their bad rates. */
function populatedBands(v: ValidationReport['categories'][ValidatedScore], n: number) {
  return v.bands.filter((b) => b.n >= Math.max(1, 0.02 * n));
}

/** The issue's targets, checked on our own data (the held-out sets are the maintainers'). */
function targets(set: DataSet, r: ValidationReport, halves: [ValidationReport, ValidationReport] | null): string[] {
  const misses: string[] = [];
  const need = (ok: boolean, what: string) => {
    if (!ok) misses.push(what);
  };
  const c = r.categories;
  for (const [k, auc] of Object.entries(set.before) as [keyof DataSet['before'], number][])
    need(c[k].auc! >= auc - 0.0005, `${k} AUC ${f(c[k].auc)} is below rubric-5's ${f(auc)}`);
  if (set.kind === 'git') {
    need(c.taskOutcomeQuality.auc! >= 0.7, `taskOutcomeQuality AUC ${c.taskOutcomeQuality.auc} < 0.70`);
    need(c.overall.auc! >= 0.7, `overall AUC ${c.overall.auc} < 0.70`);
    need(
      c.taskOutcomeQuality.withinSizeAuc! >= 0.6,
      `taskOutcomeQuality within-size AUC ${c.taskOutcomeQuality.withinSizeAuc} < 0.60`,
    );
    need(c.overall.withinSizeAuc! >= 0.6, `overall within-size AUC ${c.overall.withinSizeAuc} < 0.60`);
    for (const k of ['agentPerformance', 'taskOutcomeQuality', 'processCompliance'] as const)
      need(c[k].topShare <= 0.3, `${k} has ${Math.round(c[k].topShare * 100)}% of tasks on one value (> 30%)`);
    for (const k of ['taskOutcomeQuality', 'overall'] as const) {
      const bands = populatedBands(c[k], r.n);
      need(bands.length >= 4, `${k} spreads over ${bands.length} band(s) with 2% of tasks or more (< 4)`);
      // Read as risk: each populated band above another has a lower bad rate.
      const rising = bands.slice(1).filter((b, i) => b.rate! > bands[i]!.rate!);
      need(
        rising.length === 0,
        `${k}: ${rising.map((b) => b.band).join(', ')} has a higher bad rate than the band below`,
      );
    }
    for (const k of VALIDATED_SCORES) {
      const [older, newer] = halves!.map((h) => h.categories[k].auc);
      need(!flips(older!, newer!), `${k} flips between halves (${f(older!)} older, ${f(newer!)} newer)`);
    }
  } else {
    need(c.taskOutcomeQuality.auc! >= 0.65, `taskOutcomeQuality AUC ${c.taskOutcomeQuality.auc} < 0.65`);
    need(c.overall.auc! >= 0.65, `overall AUC ${c.overall.auc} < 0.65`);
    for (const k of ['agentPerformance', 'taskOutcomeQuality'] as const)
      need(c[k].topShare <= 0.6, `${k} has ${Math.round(c[k].topShare * 100)}% of runs on one value (> 60%)`);
  }
  return misses;
}

const f = (v: number | null) => (v === null ? '-' : v.toFixed(3));
const pct = (v: number | null) => (v === null ? '–' : `${(v * 100).toFixed(1)}%`);

function printReport(
  set: DataSet,
  r: ValidationReport,
  halves: [ValidationReport, ValidationReport] | null,
  misses: string[],
  log: (line: string) => void,
): void {
  log(`\n## ${set.title}: ${r.n} tasks, ${r.bad} bad (${r.label})\n`);
  log('| score | AUC | 95% CI | within size deciles | distinct | top share |');
  log('|---|---|---|---|---|---|');
  for (const k of VALIDATED_SCORES) {
    const v = r.categories[k];
    log(
      `| ${k} | ${f(v.auc)} | ${f(v.ciLow)}–${f(v.ciHigh)} | ${f(v.withinSizeAuc)} | ${v.distinct} | ${Math.round(v.topShare * 100)}% |`,
    );
  }
  log(`\n| score | ${SCORE_BAND_NAMES.map((b) => `${b}: bad rate (n)`).join(' | ')} |`);
  log(`|---|${SCORE_BAND_NAMES.map(() => '---').join('|')}|`);
  for (const k of VALIDATED_SCORES)
    log(`| ${k} | ${r.categories[k].bands.map((b) => (b.n ? `${pct(b.rate)} (${b.n})` : '– (0)')).join(' | ')} |`);
  if (halves) {
    log(
      `\nOlder half: ${halves[0].n} tasks, ${halves[0].bad} bad; newer half: ${halves[1].n} tasks, ${halves[1].bad} bad.\n`,
    );
    log('| score | AUC older | AUC newer |');
    log('|---|---|---|');
    for (const k of VALIDATED_SCORES)
      log(
        `| ${k} | ${f(halves[0].categories[k].auc)} | ${f(halves[1].categories[k].auc)}${flips(halves[0].categories[k].auc, halves[1].categories[k].auc) ? ' FLIPS' : ''} |`,
      );
  }
  const halfRule = (h: ValidationReport | undefined, rule: string) => h?.rules.find((x) => x.rule === rule);
  log(halves ? '\n| rule | fired | AUC | older | newer |' : '\n| rule | fired | AUC |');
  log(halves ? '|---|---|---|---|---|' : '|---|---|---|');
  for (const rule of r.rules.filter((x) => x.fired > 0)) {
    if (!halves) {
      log(`| \`${rule.rule}\` | ${rule.fired} | ${f(rule.auc)} |`);
      continue;
    }
    const [o, n] = [halfRule(halves[0], rule.rule), halfRule(halves[1], rule.rule)];
    const flipped = flips(o?.auc ?? null, n?.auc ?? null);
    log(
      `| \`${rule.rule}\` | ${rule.fired} | ${f(rule.auc)} | ${f(o?.auc ?? null)} (${o?.fired ?? 0}) | ${f(n?.auc ?? null)} (${n?.fired ?? 0})${flipped ? ' FLIPS' : ''} |`,
    );
  }
  log(misses.length ? `\nMISS: ${misses.join('; ')}` : '\nPASS: every target met on this set');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = await run();
  process.exitCode = report.pass ? 0 : 1;
}
