import type { Contribution, TaskResult } from '../../core/index.js';

const SHORT: Record<Contribution['category'], string> = {
  agentPerformance: 'agent',
  taskOutcomeQuality: 'outcome',
  processCompliance: 'process',
};

/** One line per scored task naming the rubric rules that moved its scores most. */
export function renderScoreReasons(results: readonly TaskResult[], top = 3): string {
  const lines: string[] = [];
  for (const result of results) {
    if (result.status !== 'scored') continue;
    const contributions = Object.values(result.signals.categories)
      .flatMap((c) => c.contributions)
      .filter((c) => c.points !== 0)
      .sort((a, b) => Math.abs(b.points) - Math.abs(a.points) || a.rule.localeCompare(b.rule))
      .slice(0, top);
    const why = contributions.map((c) => `${c.points > 0 ? '+' : ''}${c.points} ${c.label} (${SHORT[c.category]})`).join('; ');
    lines.push(`${result.taskId} ${result.overallScore} ${result.overallBand}: ${why || 'no rubric rule moved the base scores'}`);
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}
