/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import type { EvidenceBundle, EvidenceEntry } from '../../core/index.js';
import { evidenceAnchor, formatTime } from '../format.js';

const GROUP_LABELS: Record<string, string> = {
  taskMetadata: 'Task metadata',
  commits: 'Commits',
  workflow: 'Workflow',
  reviews: 'Reviews',
  documents: 'Documents',
  taskActivity: 'Task activity',
  agentLogs: 'Agent logs',
  runAudit: 'Run audit',
};

const EvidenceItem: FC<{ entry: EvidenceEntry; cited: boolean }> = ({ entry, cited }) => {
  const refs = Object.entries(entry.ref).filter(([, v]) => v !== null && v !== '');
  return (
    <article class="evidence-item" id={evidenceAnchor(entry.id)} data-evidence-id={entry.id}>
      <div class="ev-head">
        <strong>{entry.label}</strong>
        <span class="ev-id">{entry.id}</span>
        {entry.timestamp ? <span class="small muted">{formatTime(entry.timestamp)}</span> : null}
        {cited ? <span class="badge mode-hybrid">cited</span> : null}
        {entry.truncated ? (
          <span class="badge flag" title="excerpt cut to 500 characters">
            truncated
          </span>
        ) : null}
      </div>
      {entry.excerpt ? <pre>{entry.excerpt}</pre> : null}
      {refs.length > 0 ? <div class="refs">{refs.map(([k, v]) => `${k}: ${String(v)}`).join(' · ')}</div> : null}
    </article>
  );
};

/** The whole bundle, eight groups in contract order, with what each cap dropped. */
export const EvidenceBundleView: FC<{ bundle: EvidenceBundle; cited: ReadonlySet<string> }> = ({ bundle, cited }) => (
  <div data-testid="evidence-bundle">
    <p class="small muted">
      Bundle digest <code>{bundle.digest.slice(0, 16)}…</code>
    </p>
    {bundle.groups.map((group) => (
      <section class="evidence-group" data-group={group.source}>
        <h3>
          {GROUP_LABELS[group.source] ?? group.source}{' '}
          <span class="small muted">
            {group.omitted > 0 ? `${group.entries.length} of ${group.total} (the ${group.omitted} oldest left out by the cap)` : `${group.entries.length}`}
          </span>
        </h3>
        {group.entries.length === 0 ? <p class="small muted">No evidence from this source.</p> : group.entries.map((entry) => <EvidenceItem entry={entry} cited={cited.has(entry.id)} />)}
      </section>
    ))}
  </div>
);
