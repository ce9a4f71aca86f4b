import type { Contribution, TaskResult } from '../../core/index.js';
import { terminalSafe } from './terminal-safe.js';

const SHORT: Record<Contribution['category'], string> = {
  agentPerformance: 'agent',
  taskOutcomeQuality: 'outcome',
  processCompliance: 'process',
};

/** One line per scored task: the rubric rules that cost it most, then those that helped most. */
export function renderScoreReasons(results: readonly TaskResult[], top = 3): string {
  const lines: string[] = [];
  for (const result of results) {
    if (result.status !== 'scored') continue;
    const moved = Object.values(result.signals.categories).flatMap((c) => c.contributions);
    const byWeight = (a: Contribution, b: Contribution) =>
      Math.abs(b.points) - Math.abs(a.points) || a.rule.localeCompare(b.rule);
    // What hurt explains a score more than what helped, so costs come first.
    const costs = moved
      .filter((c) => c.points < 0)
      .sort(byWeight)
      .slice(0, top - 1);
    const gains = moved
      .filter((c) => c.points > 0)
      .sort(byWeight)
      .slice(0, top - costs.length);
    const why = [...costs, ...gains]
      .map((c) => `${c.points > 0 ? '+' : ''}${c.points} ${terminalSafe(c.label)} (${SHORT[c.category]})`)
      .join('; ');
    lines.push(
      `${result.taskId} ${result.overallScore} ${result.overallBand}: ${why || 'no rubric rule moved the base scores'}`,
    );
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}
