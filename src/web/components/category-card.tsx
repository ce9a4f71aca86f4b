/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import type { CategoryScoreRecord, Contribution } from '../../core/index.js';
import { CATEGORY_LABELS, formatScore, formatWeight } from '../format.js';
import { BandBadge, DivergenceFlag } from './badges.js';
import { CitationLink } from './citation-link.js';
import { ScoreBar } from './score-bar.js';

export interface CategoryCardProps {
  score: CategoryScoreRecord;
  contributions: readonly Contribution[];
  /** Evidence groups that informed the score; an empty list means none (undefined: not recorded). */
  coverage?: readonly string[] | undefined;
  deterministicOnly: boolean;
  diverged: boolean;
  /** Ids present in the bundle, to mark invented citations. */
  known: ReadonlySet<string>;
}

/** One category: deterministic and AI parts side by side, weight, final, band, rationale, citations, contributions. */
export const CategoryCard: FC<CategoryCardProps> = ({
  score,
  contributions,
  coverage,
  deterministicOnly,
  diverged,
  known,
}) => (
  <section class="panel" data-category={score.category}>
    <div class="actions">
      <h2>{CATEGORY_LABELS[score.category]}</h2>
      <BandBadge band={score.band} />
      {diverged ? <DivergenceFlag label="diverged" /> : null}
      {coverage !== undefined && coverage.length === 0 ? (
        <span class="badge" data-coverage="none">
          no evidence
        </span>
      ) : null}
    </div>
    {coverage !== undefined ? (
      <p class="muted" data-part="coverage">
        {coverage.length
          ? `Evidence groups: ${coverage.join(', ')}`
          : 'No evidence for this category: the score is the rubric base, not a measurement.'}
      </p>
    ) : null}
    <div class="parts">
      <div>
        <div class="part-value" data-part="deterministic">
          {formatScore(score.deterministicScore)}
        </div>
        <div class="part-label">{score.aiScore === null ? 'deterministic (whole score)' : 'deterministic × 0.7'}</div>
      </div>
      <div>
        <div class="part-value" data-part="ai">
          {formatScore(score.aiScore)}
        </div>
        <div class="part-label">{score.aiScore === null ? 'AI: deterministic only' : 'AI judge × 0.3'}</div>
      </div>
      <div>
        <div class="part-value" data-part="final">
          {formatScore(score.finalScore)}
        </div>
        <div class="part-label">final · weight {formatWeight(score.weight)}</div>
      </div>
    </div>
    <ScoreBar score={score.finalScore} band={score.band} label="Final" />
    <h3>Rationale{deterministicOnly ? ' (deterministic only)' : ''}</h3>
    <p>{score.rationale}</p>
    {score.evidence.length > 0 ? (
      <>
        <h3>{deterministicOnly ? 'Evidence behind the rubric' : 'Cited evidence'}</h3>
        <ul class="citations">
          {score.evidence.map((id) => (
            <li>
              <CitationLink id={id} known={known.has(id)} />
            </li>
          ))}
        </ul>
      </>
    ) : null}
    <ContributionTable
      title="Rubric contributions"
      contributions={contributions.filter((c) => !c.hindsight)}
      known={known}
    />
    <ContributionTable
      title="What happened after (hindsight)"
      contributions={contributions.filter((c) => c.hindsight)}
      known={known}
    />
  </section>
);

const ContributionTable: FC<{ title: string; contributions: readonly Contribution[]; known: ReadonlySet<string> }> = ({
  title,
  contributions,
  known,
}) =>
  contributions.length > 0 ? (
    <>
      <h3>{title}</h3>
      <table class="small">
        <tbody>
          {contributions.map((c) => (
            <tr>
              <td
                class={`num ${c.points > 0 ? 'contrib-pos' : c.points < 0 ? 'contrib-neg' : ''}`}
              >{`${c.points > 0 ? '+' : ''}${c.points}`}</td>
              <td>
                {c.label} <code class="muted">{c.rule}</code>
                {c.evidence.length > 0 ? (
                  <ul class="citations">
                    {c.evidence.map((id) => (
                      <li>
                        <CitationLink id={id} known={known.has(id)} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  ) : null;
