/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import { SCORE_CATEGORIES } from '../../core/index.js';
import type { TrendPoint } from '../../store/index.js';
import { CATEGORY_LABELS, formatMean } from '../format.js';

const SERIES: { key: keyof TrendPoint['mean']; label: string; color: string; width: number }[] = [
  { key: 'overall', label: 'Overall', color: '#1d1f23', width: 2.5 },
  ...SCORE_CATEGORIES.map((key, i) => ({
    key,
    label: CATEGORY_LABELS[key],
    color: ['#2754c5', '#3f9b4f', '#d9822b'][i]!,
    width: 1.5,
  })),
];

const W = 640;
const H = 220;
const PAD = { left: 30, right: 10, top: 10, bottom: 26 };

/** Mean score per bucket for the overall and each category, as SVG lines; a gap where a bucket has no mean. */
export const TrendChart: FC<{ points: readonly TrendPoint[] }> = ({ points }) => {
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length <= 1 ? innerW / 2 : (i * innerW) / (points.length - 1));
  const y = (v: number) => PAD.top + innerH - (v / 100) * innerH;
  const labelEvery = Math.max(1, Math.ceil(points.length / 8));
  return (
    <figure style="margin:0">
      <svg class="chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Mean scores over time">
        {[0, 40, 60, 75, 90, 100].map((v) => (
          <g>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(v)}
              y2={y(v)}
              stroke="#e4e5e8"
              stroke-dasharray={v === 0 || v === 100 ? undefined : '3 3'}
            />
            <text x={PAD.left - 4} y={y(v) + 4} text-anchor="end">
              {String(v)}
            </text>
          </g>
        ))}
        {points.map((p, i) =>
          i % labelEvery === 0 || i === points.length - 1 ? (
            <text
              x={x(i)}
              y={H - 8}
              text-anchor={
                points.length > 1 && i === 0 ? 'start' : points.length > 1 && i === points.length - 1 ? 'end' : 'middle'
              }
            >
              {p.bucket.slice(5)}
            </text>
          ) : null,
        )}
        {SERIES.map((s) => {
          const segments: string[] = [];
          let current = '';
          points.forEach((p, i) => {
            const v = p.mean[s.key];
            if (v === null || v === undefined) {
              if (current) segments.push(current);
              current = '';
              return;
            }
            current += `${current ? ' L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
          });
          if (current) segments.push(current);
          return (
            <g data-series={s.key}>
              {segments.map((d) => (
                <path d={d} fill="none" stroke={s.color} stroke-width={s.width} stroke-linejoin="round" />
              ))}
              {points.map((p, i) => {
                const v = p.mean[s.key];
                return v === null || v === undefined ? null : (
                  <circle cx={x(i)} cy={y(v)} r={s.key === 'overall' ? 3 : 2.2} fill={s.color}>
                    <title>{`${s.label}, ${p.bucket}: ${formatMean(v)} (${p.count} scored)`}</title>
                  </circle>
                );
              })}
            </g>
          );
        })}
      </svg>
      <figcaption class="legend">
        {SERIES.map((s) => (
          <span style={`color:${s.color}`}>{s.label}</span>
        ))}
      </figcaption>
    </figure>
  );
};
