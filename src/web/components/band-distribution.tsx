/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import { SCORE_BAND_NAMES } from '../../core/index.js';
import { BandBadge } from './badges.js';

/** How many scored results fall in each band, as horizontal bars. */
export const BandDistribution: FC<{ bands: Readonly<Record<string, number>> }> = ({ bands }) => {
  const max = Math.max(1, ...SCORE_BAND_NAMES.map((b) => bands[b] ?? 0));
  return (
    <div class="dist" data-testid="band-distribution">
      {[...SCORE_BAND_NAMES].reverse().map((band) => {
        const n = bands[band] ?? 0;
        return (
          <>
            <BandBadge band={band} />
            <span class="bar-track" aria-hidden="true">
              <span class={`bar-fill band-${band}`} style={`width:${(n / max) * 100}%`}></span>
            </span>
            <span class="num">{String(n)}</span>
          </>
        );
      })}
    </div>
  );
};
