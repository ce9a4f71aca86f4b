/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import { forgeLink, type EvidenceBundle, type EvidenceEntry, type Forge } from '../../core/index.js';
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

/** Ref fields that name a commit or a pull request, and what they link to on the forge. */
const LINKED_REFS: Record<string, 'commit' | 'pull'> = {
  sha: 'commit',
  commit: 'commit',
  revertSha: 'commit',
  prNumber: 'pull',
  pr: 'pull',
};

/** One ref as text, or as a link to the forge when it names a commit or pull request there. */
const RefValue: FC<{ name: string; value: string | number | boolean | null; forge: Forge | null }> = ({
  name,
  value,
  forge,
}) => {
  const what = LINKED_REFS[name];
  const href =
    forge && what && (typeof value === 'string' || typeof value === 'number') ? forgeLink(forge, what, value) : null;
  const text = `${name}: ${String(value)}`;
  return href ? (
    <a href={href} rel="noreferrer noopener" target="_blank" data-forge-link={what}>
      {text}
    </a>
  ) : (
    <>{text}</>
  );
};

const EvidenceItem: FC<{ entry: EvidenceEntry; cited: boolean; forge: Forge | null }> = ({ entry, cited, forge }) => {
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
      {refs.length > 0 ? (
        <div class="refs">
          {refs.map(([k, v], i) => (
            <>
              {i ? ' · ' : ''}
              <RefValue name={k} value={v} forge={forge} />
            </>
          ))}
        </div>
      ) : null}
    </article>
  );
};

/** The whole bundle, eight groups in contract order, with what each cap dropped. */
export const EvidenceBundleView: FC<{ bundle: EvidenceBundle; cited: ReadonlySet<string>; forge?: Forge | null }> = ({
  bundle,
  cited,
  forge = null,
}) => (
  <div data-testid="evidence-bundle">
    <p class="small muted">
      Bundle digest <code>{bundle.digest.slice(0, 16)}…</code>
    </p>
    {bundle.groups.map((group) => (
      <section class="evidence-group" data-group={group.source}>
        <h3>
          {GROUP_LABELS[group.source] ?? group.source}{' '}
          <span class="small muted">
            {group.omitted > 0
              ? `${group.entries.length} of ${group.total} (the ${group.omitted} oldest left out by the cap)`
              : `${group.entries.length}`}
          </span>
        </h3>
        {group.entries.length === 0 ? (
          <p class="small muted">No evidence from this source.</p>
        ) : (
          group.entries.map((entry) => <EvidenceItem entry={entry} cited={cited.has(entry.id)} forge={forge} />)
        )}
      </section>
    ))}
  </div>
);
