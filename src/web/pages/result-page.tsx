/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import { bundleEntries, SCORE_CATEGORIES, type Forge, type ScoredResult } from '../../core/index.js';
import type { Page, ResultSummary, StoredResult } from '../../store/index.js';
import { BandBadge, HistoryGapsFlag, ModeBadge, StatusBadge } from '../components/badges.js';
import { CategoryCard } from '../components/category-card.js';
import { CitationLink } from '../components/citation-link.js';
import { EvidenceBundleView } from '../components/evidence-bundle-view.js';
import { Layout } from '../components/layout.js';
import { ProvenanceView } from '../components/provenance-view.js';
import { PullRequestPanel } from '../components/pull-request-panel.js';
import { ResultsTable } from '../components/results-table.js';
import { SignalValues } from '../components/signal-values.js';
import { formatTime, hrefWith, shortId } from '../format.js';

export interface ResultPageProps {
  result: StoredResult;
  /** The task's results across runs, oldest first. */
  history: Page<ResultSummary>;
  /** The forge of the run's repository: commit and pull request ids in the evidence link to it. */
  forge?: Forge | null;
}

const Scored: FC<{ result: ScoredResult; forge: Forge | null }> = ({ result, forge }) => {
  const entries = bundleEntries(result.evidenceBundle);
  const known = new Set(entries.map((e) => e.id));
  const cited = new Set(result.categoryScores.flatMap((c) => c.evidence));
  const deterministicOnly = result.mode === 'deterministic-only';
  return (
    <>
      <div class="cat-grid">
        {SCORE_CATEGORIES.map((category) => {
          const score = result.categoryScores.find((c) => c.category === category)!;
          return (
            <CategoryCard
              score={score}
              contributions={result.signals.categories[category].contributions}
              coverage={result.signals.coverage?.[category]}
              deterministicOnly={deterministicOnly}
              diverged={result.divergence.includes(category)}
              known={known}
            />
          );
        })}
      </div>
      {result.overallRationale ? (
        <section class="panel">
          <h2>Overall rationale</h2>
          <p>{result.overallRationale}</p>
        </section>
      ) : null}
      {result.citationIssues.length > 0 ? (
        <section class="panel error-box">
          <h2>Citations not in the bundle</h2>
          <ul>
            {result.citationIssues.map((i) => (
              <li>
                <code>{i.id}</code> cited for {i.category}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {result.followUpDrafts.length > 0 ? (
        <section class="panel">
          <h2>Suggested follow-ups</h2>
          {result.followUpDrafts.map((d) => (
            <div>
              <h3>{d.title}</h3>
              <p>{d.description}</p>
              <p class="small muted">{d.reason}</p>
              <ul class="citations">
                {d.evidenceRefs.map((id) => (
                  <li>
                    <CitationLink id={id} known={known.has(id)} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ) : null}
      <div class="grid">
        <section class="panel" id="provenance">
          <h2>Provenance</h2>
          <ProvenanceView provenance={result.provenance} deterministicOnly={deterministicOnly} />
        </section>
        <section class="panel">
          <h2>Signals</h2>
          <p class="small muted">Rubric {result.signals.rubricVersion}</p>
          <SignalValues values={result.signals.values} />
        </section>
      </div>
      <section class="panel" id="evidence">
        <h2>Evidence bundle</h2>
        <EvidenceBundleView bundle={result.evidenceBundle} cited={cited} forge={forge} />
      </section>
    </>
  );
};

const NotScored: FC<{ result: StoredResult; forge: Forge | null }> = ({ result, forge }) => {
  if (result.status === 'skipped') {
    return (
      <section class="panel note-box" data-testid="result-reason">
        <h2>Skipped</h2>
        <p>{result.reason}</p>
      </section>
    );
  }
  if (result.status !== 'error') return null;
  return (
    <>
      <section class="panel error-box" data-testid="result-reason">
        <h2>Not scored: the evaluation failed</h2>
        <p>{result.reason}</p>
        <p class="small">
          {result.transient
            ? 'Transient: a later batch will try this task again.'
            : 'Not transient: fix the cause and run again.'}
        </p>
        {result.rawAnswer ? (
          <details>
            <summary>The judge's last answer</summary>
            <pre>{result.rawAnswer}</pre>
          </details>
        ) : null}
      </section>
      {result.provenance ? (
        <section class="panel">
          <h2>Provenance</h2>
          <ProvenanceView provenance={result.provenance} deterministicOnly={false} />
        </section>
      ) : null}
      {result.evidenceBundle ? (
        <section class="panel" id="evidence">
          <h2>Evidence bundle</h2>
          <EvidenceBundleView bundle={result.evidenceBundle} cited={new Set()} forge={forge} />
        </section>
      ) : null}
    </>
  );
};

/** The agent, its version and model, where each came from, and the agents' shares of the commits. */
const WhoDidIt: FC<{ result: StoredResult }> = ({ result }) => {
  const id = result.identity ?? null;
  const agent = result.agent ?? result.cohort.agent;
  const model = result.modelId ?? result.cohort.modelId;
  return (
    <p class="small" data-testid="result-identity">
      <strong>{agent ?? 'human or unknown'}</strong>
      {result.agentVersion ? ` ${result.agentVersion}` : ''}
      {model ? (
        <>
          {' '}
          · <span class="mono">{model}</span>
        </>
      ) : null}
      {id?.source ? (
        <span class="muted">{` · agent from ${id.source}${id.modelSource && model ? `, model from ${id.modelSource}` : ''}`}</span>
      ) : null}
      {id?.evidence ? <span class="muted">{` (“${id.evidence}”)`}</span> : null}
      {id && id.shares.length > 1 ? (
        <span class="muted">{` · commits: ${id.shares.map((s) => `${s.agent} ${Math.round(s.share * 100)}%`).join(', ')}`}</span>
      ) : null}
    </p>
  );
};

/** One task's result: categories with both parts, citations linked to the bundle, signals, provenance, history. */
export const ResultPage: FC<ResultPageProps> = ({ result, history, forge = null }) => (
  <Layout title={`${result.taskId} result`} nav="results">
    <p class="small">
      <a href={hrefWith('/results', { run: result.runId })}>← results of run {shortId(result.runId)}</a>
    </p>
    <section class="panel">
      <div class="score-head">
        <h1 style="margin:0">
          <span class="mono">{result.taskId}</span> {result.title ?? ''}
        </h1>
      </div>
      <div class="score-head" data-testid="result-head">
        {result.status === 'scored' ? (
          <>
            <span class="score-big" data-testid="overall-score">
              {String(result.overallScore)}
            </span>
            <BandBadge band={result.overallBand} />
            <ModeBadge mode={result.mode} />
            <HistoryGapsFlag gaps={result.provenance.historyGaps} />
          </>
        ) : (
          <StatusBadge status={result.status} />
        )}
        <span class="small muted">
          run{' '}
          <a href={`/runs/${encodeURIComponent(result.runId)}`} class="mono">
            {shortId(result.runId)}
          </a>{' '}
          · evaluated {formatTime(result.evaluatedAt)}
          {result.completedAt ? ` · task completed ${formatTime(result.completedAt)}` : ''}
        </span>
      </div>
      <WhoDidIt result={result} />
      <nav class="small actions" aria-label="On this page">
        {result.status === 'scored' ? <a href="#provenance">Provenance</a> : null}
        {result.status === 'scored' || (result.status === 'error' && result.evidenceBundle) ? (
          <a href="#evidence">Evidence</a>
        ) : null}
        <a href="#history">History</a>
      </nav>
      {result.status === 'scored' && result.mode === 'deterministic-only' ? (
        <p class="note-box small">
          Deterministic only: no AI judge was configured, so the AI parts are shown as “—” and each final is the rubric
          score alone.
        </p>
      ) : null}
    </section>
    <PullRequestPanel snapshot={result.taskSnapshot} agent={result.cohort.agent ?? null} forge={forge} />
    {result.status === 'scored' ? (
      <Scored result={result} forge={forge} />
    ) : (
      <NotScored result={result} forge={forge} />
    )}
    <section class="panel" id="history">
      <h2>History of {result.taskId} across runs</h2>
      <ResultsTable items={history.items} />
      {history.count > history.items.length ? (
        <p class="small muted">
          Showing {history.items.length} of {history.count}.{' '}
          <a href={hrefWith('/results', { task: result.taskId })}>All results of this task</a>
        </p>
      ) : null}
    </section>
  </Layout>
);
