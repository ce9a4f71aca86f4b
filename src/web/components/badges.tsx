/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import { modeLabel } from '../format.js';

/** A score band as a coloured label; nothing when there is no band. */
export const BandBadge: FC<{ band: string | null | undefined }> = ({ band }) =>
  band ? <span class={`badge band-${band}`}>{band}</span> : <span class="muted">—</span>;

/** "deterministic only" or "hybrid"; shown wherever a scored result appears. */
export const ModeBadge: FC<{ mode: string | null | undefined }> = ({ mode }) =>
  mode ? (
    <span
      class={`badge ${mode === 'hybrid' ? 'mode-hybrid' : 'mode-det'}`}
      title={mode === 'hybrid' ? 'deterministic rubric blended with the AI judge' : 'no AI judge: rubric only'}
    >
      {modeLabel(mode)}
    </span>
  ) : (
    <span class="muted">—</span>
  );

/** A run or result status. */
export const StatusBadge: FC<{ status: string }> = ({ status }) => (
  <span class={`badge status-${status}`}>{status}</span>
);

/** A category whose deterministic and AI parts disagree by 40 points or more. */
export const DivergenceFlag: FC<{ label: string }> = ({ label }) => (
  <span class="badge flag" title="deterministic and AI scores differ by 40 or more">
    ⚑ {label}
  </span>
);

/** A result made from an incomplete git history (shallow, partial clone, unreadable dates), with what was missing. */
export const HistoryGapsFlag: FC<{ gaps: readonly string[] | undefined }> = ({ gaps }) =>
  gaps && gaps.length > 0 ? (
    <span class="badge flag" data-testid="history-gaps" title={`incomplete git history: ${gaps.join('; ')}`}>
      ~ incomplete history
    </span>
  ) : null;
