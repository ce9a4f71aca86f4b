import { SCORE_CATEGORIES, type Contribution, type EvidenceEntry, type ScoreCategory } from '../../core/index.js';
import type { StoredResult } from '../../store/index.js';
import { bandStyle } from './band-style.js';
import { terminalSafe as t } from './terminal-safe.js';

const LABEL: Record<ScoreCategory, string> = {
  agentPerformance: 'Agent performance',
  taskOutcomeQuality: 'Task outcome quality',
  processCompliance: 'Process compliance',
};

/** `taskeval show`: categories with det/AI parts, bands, rationale, cited evidence with excerpts, signals, provenance. */
export function renderResultDetail(result: StoredResult, options: { colour?: boolean } = {}): string {
  const colour = options.colour ?? false;
  const paint = (band: Parameters<typeof bandStyle>[0], text: string) =>
    (bandStyle(band, colour) ?? ((t: string) => t))(text);
  const lines: string[] = [];
  lines.push(`${result.taskId}${result.title ? ` — ${t(result.title)}` : ''}`);
  lines.push(
    `result ${result.id}  run ${result.runId}  evaluated ${result.evaluatedAt}${result.completedAt ? `  completed ${result.completedAt}` : ''}`,
  );
  if (result.status !== 'scored') {
    lines.push('', `${result.status}: ${t(result.reason)}`);
    if (result.status === 'error') {
      lines.push(
        result.transient ? 'transient: a later batch will try again' : 'not transient: fix the cause and run again',
      );
      if (result.rawAnswer) lines.push('', 'judge answer (bounded):', indent(t(result.rawAnswer), 2));
    }
    return `${lines.join('\n')}\n`;
  }
  const entries = new Map<string, EvidenceEntry>(
    result.evidenceBundle.groups.flatMap((g) => g.entries.map((e) => [e.id, e] as const)),
  );
  lines.push(
    `overall ${paint(result.overallBand, `${result.overallScore} ${result.overallBand}`)}  (${result.mode === 'hybrid' ? 'hybrid: 70% deterministic + 30% AI' : 'deterministic only: no judge'})`,
  );
  if (result.overallRationale) lines.push(indent(t(result.overallRationale), 2));
  for (const category of SCORE_CATEGORIES) {
    const c = result.categoryScores.find((s) => s.category === category);
    if (!c) continue;
    const parts = `det ${c.deterministicScore}  ai ${c.aiScore ?? '—'}  weight ${c.weight}`;
    lines.push(
      '',
      `${LABEL[category]}: ${paint(c.band, `${c.finalScore} ${c.band}`)}  (${parts})${result.divergence.includes(category) ? '  DIVERGENT' : ''}`,
    );
    lines.push(indent(t(c.rationale), 2));
    if (c.evidence.length) {
      lines.push('  evidence:');
      for (const id of c.evidence) {
        const e = entries.get(id);
        lines.push(`    [${id}] ${e ? t(e.label) : '(not in the bundle)'}`);
        if (e?.excerpt) lines.push(indent(t(e.excerpt), 6));
      }
    }
    const coverage = result.signals.coverage?.[category];
    if (coverage)
      lines.push(
        `  evidence groups: ${coverage.length ? coverage.join(', ') : 'none: no evidence, the score is the base'}`,
      );
    const moved = result.signals.categories[category].contributions.filter((x) => x.points !== 0);
    const line = (x: Contribution) =>
      `    ${x.points > 0 ? '+' : ''}${x.points}  ${t(x.label)}  (${x.rule}${x.evidence.length ? `; ${citedIds(x.evidence)}` : ''})`;
    const atCompletion = moved.filter((x) => !x.hindsight);
    const after = moved.filter((x) => x.hindsight);
    if (atCompletion.length) lines.push('  signals:', ...atCompletion.map(line));
    if (after.length) lines.push('  what happened after (hindsight):', ...after.map(line));
  }
  if (result.citationIssues.length) {
    lines.push('', 'citation issues:');
    for (const i of result.citationIssues) lines.push(`  ${i.category}: ${i.id} (${i.problem})`);
  }
  if (result.followUpDrafts.length) {
    lines.push('', 'follow-up drafts:');
    for (const f of result.followUpDrafts) lines.push(`  ${t(f.title)}: ${t(f.reason)}`);
  }
  const p = result.provenance;
  lines.push(
    '',
    result.signals.hindsight === false
      ? 'scored at evaluation time: later history not read'
      : result.signals.hindsight
        ? 'scored with hindsight: later history (reverts, later fixes) read'
        : 'hindsight not recorded (scored before rubric-3)',
  );
  if (p.historyGaps?.length)
    lines.push(`history incomplete: ${t(p.historyGaps.join('; '))} — commits, sizes or dates may be missing`);
  lines.push(
    `provenance: judge ${p.provider ? `${p.provider}/${p.model}` : 'none'}, prompt ${p.promptVersion ?? '—'}, rubric ${p.rubricVersion}, taskeval ${p.taskevalVersion ?? '—'}, bundle ${p.bundleDigest.slice(0, 12)}`,
  );
  if (p.usage)
    lines.push(
      `  tokens ${p.usage.inputTokens} in + ${p.usage.outputTokens} out${p.cached ? ' (from cache)' : ''}${p.costUsd !== null ? `, $${p.costUsd.toFixed(4)}` : ''}, samples ${p.samples}`,
    );
  return `${lines.join('\n')}\n`;
}

function indent(text: string, n: number): string {
  const pad = ' '.repeat(n);
  return text
    .split('\n')
    .map((l) => `${pad}${l}`)
    .join('\n');
}

/**
 * A rule's evidence ids, short: a commit as its first 10 hex digits, and more than three commits as how many
 * (the evidence list above names each), so a pull request's every signal line does not repeat every commit id.
 */
export function citedIds(ids: readonly string[]): string {
  const commits = ids.filter((id) => /^commit-[0-9a-f]{7,}$/.test(id));
  const others = ids.filter((id) => !commits.includes(id));
  const shown =
    commits.length > 3 ? [`${commits.length} commits`] : commits.map((id) => id.slice(0, 'commit-'.length + 10));
  return [...others, ...shown].join(', ');
}
