import { DIVERGENCE_THRESHOLD, type CategoryScoreRecord, type ScoreCategory } from '../core/index.js';

/** Human names of the categories, in contract order. */
export const CATEGORY_LABELS: Readonly<Record<ScoreCategory, string>> = Object.freeze({
  agentPerformance: 'Agent performance',
  taskOutcomeQuality: 'Task outcome quality',
  processCompliance: 'Process compliance',
});

/** Short names for narrow table headers. */
export const CATEGORY_SHORT: Readonly<Record<ScoreCategory, string>> = Object.freeze({
  agentPerformance: 'Agent',
  taskOutcomeQuality: 'Outcome',
  processCompliance: 'Process',
});

/** A score, or an em dash when there is none (never 0 for a missing AI part). */
export function formatScore(score: number | null | undefined): string {
  return score === null || score === undefined ? '—' : String(score);
}

/** A compact UTC date-time, `2026-03-04 05:06 UTC`. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function formatWeight(weight: number): string {
  return `${Math.round(weight * 100)}%`;
}

export function formatMean(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : value.toFixed(1);
}

/** The label of an evaluation mode as every page shows it. */
export function modeLabel(mode: string | null | undefined): string {
  if (mode === 'deterministic-only') return 'deterministic only';
  if (mode === 'hybrid') return 'hybrid';
  return '—';
}

/** Categories whose deterministic and AI parts are at least the divergence threshold apart. */
export function divergentCategories(scores: readonly CategoryScoreRecord[] | null | undefined): ScoreCategory[] {
  if (!scores) return [];
  return scores
    .filter((s) => s.aiScore !== null && Math.abs(s.deterministicScore - s.aiScore) >= DIVERGENCE_THRESHOLD)
    .map((s) => s.category);
}

/** The element id of an evidence item in the bundle view. */
export function evidenceAnchor(evidenceId: string): string {
  return `ev-${evidenceId.replace(/\s/g, '_')}`;
}

/** A URL path with a query string built from the non-empty values. */
export function hrefWith(path: string, params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

export function formatUsd(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return `$${value < 0.01 && value > 0 ? value.toFixed(4) : value.toFixed(2)}`;
}

/** A long generated id cut for tables (`run_1a2b3c4d…`); the full id stays in links and titles. */
export function shortId(id: string): string {
  return id.length > 14 ? `${id.slice(0, 12)}…` : id;
}
