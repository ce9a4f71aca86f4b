import type { EvaluationMode } from '../core/index.js';
import type { Store } from '../store/index.js';
import type { ComparedResult } from './load-compared-results.js';

/** How the scores a comparison read were made, and which it used. */
export interface CompareModes {
  hybrid: number;
  deterministicOnly: number;
  /** The (mode, rubric) the comparison used, and the results left out for being made another way. */
  used: string | null;
  leftOut: { mode: string; n: number }[];
  /** True when --mix-modes compared every mode together. */
  mixed: boolean;
}

/** `deterministic only, rubric-6` or `hybrid, rubric-6`: one way scores are made, never compared with another unknowingly. */
export function modeOf(r: ComparedResult): string {
  return modeWords(r.mode, r.rubricVersion);
}

export function modeWords(mode: EvaluationMode | null, rubricVersion: string | null): string {
  return `${mode === 'hybrid' ? 'hybrid' : 'deterministic only'}, ${rubricVersion ?? 'rubric unknown'}`;
}

/**
 * The results made the most common way (mode and rubric version; on a tie, the first in words), and what
 * that left out; all of them with `mix`. Scores made with and without a judge, or under two rubrics, are
 * not one scale.
 */
export function commonMode(
  results: readonly ComparedResult[],
  mix = false,
): { results: ComparedResult[]; modes: CompareModes } {
  // Each result's way of scoring, in words, made once: a comparison may read a million results.
  const ways = results.map(modeOf);
  const counts = new Map<string, number>();
  for (const way of ways) counts.set(way, (counts.get(way) ?? 0) + 1);
  const used = mostCommonWay(counts);
  const kept = mix || used === null ? [...results] : results.filter((_, k) => ways[k] === used);
  let hybrid = 0;
  for (const r of kept) if (r.mode === 'hybrid') hybrid++;
  const leftOut = mix ? [] : leftOutWays(counts, used);
  return {
    results: kept,
    modes: {
      hybrid,
      deterministicOnly: kept.length - hybrid,
      used: mix ? null : used,
      leftOut,
      mixed: mix && counts.size > 1,
    },
  };
}

/** The way most results were made; on a tie the first in words, so the order results are read in decides nothing. */
export function mostCommonWay(counts: ReadonlyMap<string, number>): string | null {
  let used: string | null = null;
  for (const [way, n] of counts) {
    const top = used === null ? -1 : counts.get(used)!;
    if (n > top || (n === top && way < used!)) used = way;
  }
  return used;
}

/** The ways other than `used`, most results first (then in words). */
export function leftOutWays(counts: ReadonlyMap<string, number>, used: string | null): { mode: string; n: number }[] {
  return [...counts]
    .filter(([mode]) => mode !== used)
    .map(([mode, n]) => ({ mode, n }))
    .sort((a, b) => b.n - a.n || (a.mode < b.mode ? -1 : 1));
}

/** Which scores a comparison read, in words ("deterministic only" when no judge made them); null for none. */
export function describeCompareModes(
  modes: Pick<CompareModes, 'hybrid' | 'deterministicOnly'> & Partial<CompareModes>,
): string | null {
  if (modes.hybrid + modes.deterministicOnly === 0 && !modes.leftOut?.length) return null;
  const kind =
    modes.hybrid === 0
      ? 'Scores: deterministic only (no judge).'
      : modes.deterministicOnly === 0
        ? 'Scores: hybrid (deterministic and judge).'
        : `Scores: ${modes.hybrid} hybrid, ${modes.deterministicOnly} deterministic only.`;
  const rubric = modes.used ? ` Compared: ${modes.used}.` : '';
  const mixed = modes.mixed ? ' Modes mixed on purpose (--mix-modes).' : '';
  const left = modes.leftOut?.length
    ? ` Left out: ${modes.leftOut.map((l) => `${l.n} ${l.mode}`).join('; ')} (--mix-modes to include them).`
    : '';
  return `${kind}${rubric}${mixed}${left}`;
}

/** A trend's way of scoring: the most common among the stored scored results (all of them with `mix`), and what that leaves out. */
export async function trendMode(
  store: Pick<Store, 'resultModes'>,
  options: { runId?: string; mix?: boolean } = {},
): Promise<{
  filter: { mode?: EvaluationMode; rubricVersion?: string };
  used: string | null;
  leftOut: { mode: string; n: number }[];
}> {
  const modes = await store.resultModes(options.runId ? { runId: options.runId } : {});
  const words = (m: (typeof modes)[number]) => modeWords(m.mode, m.rubricVersion);
  const top = modes[0];
  if (!top || options.mix) return { filter: {}, used: null, leftOut: [] };
  return {
    filter: { mode: top.mode, ...(top.rubricVersion ? { rubricVersion: top.rubricVersion } : {}) },
    used: words(top),
    leftOut: modes.slice(1).map((m) => ({ mode: words(m), n: m.n })),
  };
}
