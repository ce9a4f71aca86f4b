/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import { resolveScoreBand } from '../../core/index.js';
import { formatScore } from '../format.js';

export interface ScoreBarProps {
  score: number | null | undefined;
  /** Shown as the bar's tooltip; derived from the score when absent. */
  band?: string | null;
  label?: string;
}

/** A 0..100 score as a bar coloured by its band; "—" when there is no score. */
export const ScoreBar: FC<ScoreBarProps> = ({ score, band, label }) => {
  if (score === null || score === undefined) return <span class="muted">—</span>;
  const b = band ?? resolveScoreBand(score);
  return (
    <span class="bar" title={`${label ? `${label}: ` : ''}${score} (${b})`}>
      <span class="bar-track" aria-hidden="true">
        <span class={`bar-fill band-${b}`} style={`width:${score}%`}></span>
      </span>
      <span class={`bar-value band-${b}`}>{formatScore(score)}</span>
    </span>
  );
};
