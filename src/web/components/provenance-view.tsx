/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import type { Provenance } from '../../core/index.js';
import { formatUsd } from '../format.js';

/** Who judged and with what: provider, model, versions, tokens, cost, cache. */
export const ProvenanceView: FC<{ provenance: Provenance | null; deterministicOnly: boolean }> = ({
  provenance,
  deterministicOnly,
}) => {
  if (!provenance) return <p class="muted">No provenance was recorded.</p>;
  const u = provenance.usage;
  return (
    <dl class="kv" data-testid="provenance">
      <dt>Judge</dt>
      <dd>{provenance.provider ?? (deterministicOnly ? 'none — deterministic only' : '—')}</dd>
      <dt>Model</dt>
      <dd>{provenance.model ?? '—'}</dd>
      <dt>Prompt version</dt>
      <dd>{provenance.promptVersion ?? '—'}</dd>
      <dt>Rubric version</dt>
      <dd>{provenance.rubricVersion}</dd>
      <dt>Tokens</dt>
      <dd>
        {u
          ? `${u.inputTokens.toLocaleString('en-US')} in · ${u.outputTokens.toLocaleString('en-US')} out · ${u.cachedTokens.toLocaleString('en-US')} cached`
          : '—'}
      </dd>
      <dt>Cost</dt>
      <dd>{formatUsd(provenance.costUsd)}</dd>
      <dt>Cached answer</dt>
      <dd>{provenance.cached ? 'yes (no tokens paid)' : 'no'}</dd>
      <dt>Samples</dt>
      <dd>
        {String(provenance.samples)}
        {provenance.spread
          ? ` · spread ${Object.entries(provenance.spread)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')}`
          : ''}
      </dd>
      <dt>Bundle digest</dt>
      <dd class="mono small">{provenance.bundleDigest}</dd>
      {provenance.taskevalVersion ? (
        <>
          <dt>taskeval</dt>
          <dd>{provenance.taskevalVersion}</dd>
        </>
      ) : null}
    </dl>
  );
};
