/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import type { MeanCi } from '../../core/index.js';
import { formatMean } from '../format.js';

const W = 120;
const H = 14;

/** A mean on a 0–100 scale with its 95% interval as a whisker, and the figures as text beside it. */
export const CiWhisker: FC<{ value: MeanCi; label: string }> = ({ value, label }) => {
  const x = (v: number) => 2 + (Math.max(0, Math.min(100, v)) / 100) * (W - 4);
  return (
    <span class="whisker">
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={`${label}: mean ${formatMean(value.mean)}, 95% CI ${formatMean(value.ciLow)} to ${formatMean(value.ciHigh)}`}>
        <line x1={2} x2={W - 2} y1={H / 2} y2={H / 2} stroke="#e4e5e8" />
        <line x1={x(value.ciLow)} x2={x(value.ciHigh)} y1={H / 2} y2={H / 2} stroke="#1d1f23" stroke-width={2} />
        <line x1={x(value.ciLow)} x2={x(value.ciLow)} y1={3} y2={H - 3} stroke="#1d1f23" />
        <line x1={x(value.ciHigh)} x2={x(value.ciHigh)} y1={3} y2={H - 3} stroke="#1d1f23" />
        <circle cx={x(value.mean)} cy={H / 2} r={3.5} fill="#2754c5" />
      </svg>
      <span class="small num">
        {formatMean(value.mean)} <span class="muted">({formatMean(value.ciLow)}–{formatMean(value.ciHigh)})</span>
      </span>
    </span>
  );
};
