/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import { formatMean } from '../format.js';

const W = 120;
const H = 14;

/** A mean on a 0–100 scale with its 95% interval as a whisker, and the figures as text beside it; a cohort too small for an interval shows its mean alone. */
export const CiWhisker: FC<{ value: { mean: number; ciLow: number | null; ciHigh: number | null }; label: string }> = ({
  value,
  label,
}) => {
  const x = (v: number) => 2 + (Math.max(0, Math.min(100, v)) / 100) * (W - 4);
  if (value.ciLow === null || value.ciHigh === null) {
    return (
      <span class="whisker">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          width={W}
          height={H}
          role="img"
          aria-label={`${label}: mean ${formatMean(value.mean)}, too few tasks for an interval`}
        >
          <line x1={2} x2={W - 2} y1={H / 2} y2={H / 2} stroke="#e4e5e8" />
          <circle cx={x(value.mean)} cy={H / 2} r={3.5} fill="#9aa0a8" />
        </svg>
        <span class="small num">
          {formatMean(value.mean)} <span class="muted">(no interval)</span>
        </span>
      </span>
    );
  }
  const { ciLow, ciHigh } = value;
  return (
    <span class="whisker">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width={W}
        height={H}
        role="img"
        aria-label={`${label}: mean ${formatMean(value.mean)}, 95% CI ${formatMean(ciLow)} to ${formatMean(ciHigh)}`}
      >
        <line x1={2} x2={W - 2} y1={H / 2} y2={H / 2} stroke="#e4e5e8" />
        <line x1={x(ciLow)} x2={x(ciHigh)} y1={H / 2} y2={H / 2} stroke="#1d1f23" stroke-width={2} />
        <line x1={x(ciLow)} x2={x(ciLow)} y1={3} y2={H - 3} stroke="#1d1f23" />
        <line x1={x(ciHigh)} x2={x(ciHigh)} y1={3} y2={H - 3} stroke="#1d1f23" />
        <circle cx={x(value.mean)} cy={H / 2} r={3.5} fill="#2754c5" />
      </svg>
      <span class="small num">
        {formatMean(value.mean)}{' '}
        <span class="muted">
          ({formatMean(ciLow)}–{formatMean(ciHigh)})
        </span>
      </span>
    </span>
  );
};
