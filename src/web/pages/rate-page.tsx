/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import { RATED_ASPECTS, RATING_SCALES, scaleValues, type RatedAspect, type RatingScale } from '../../core/index.js';
import type { RunHeader, StoredResult } from '../../store/index.js';
import { EmptyState } from '../components/empty-state.js';
import { EvidenceBundleView } from '../components/evidence-bundle-view.js';
import { Layout } from '../components/layout.js';
import { CATEGORY_LABELS } from '../format.js';

const ASPECT_LABELS: Record<RatedAspect, string> = { ...CATEGORY_LABELS, overall: 'The task as a whole' };
const VALUE_LABELS: Record<RatingScale, Record<number, string>> = {
  '1-5': { 1: '1 failing', 2: '2 weak', 3: '3 acceptable', 4: '4 strong', 5: '5 excellent' },
  'good-bad': { 0: 'bad', 1: 'good' },
};

export interface RatePageProps {
  run: RunHeader | null;
  rater: string | null;
  scale: RatingScale;
  seed: number;
  /** Tasks of the sample passed over with "skip" this visit. */
  skip: number;
  /** The next task to rate, or null when every sampled task is rated. */
  task: StoredResult | null;
  scored: number;
  rated: number;
  /** Ratings kept by the form just sent. */
  saved: number | null;
}

/** Rate a task blind: its evidence as the judge saw it, with no score, band or rationale, then a form per aspect. */
export const RatePage: FC<RatePageProps> = (p) => {
  const query = (extra: Record<string, string | number>) =>
    `/rate?${new URLSearchParams({
      ...(p.run ? { run: p.run.id } : {}),
      ...(p.rater ? { rater: p.rater } : {}),
      scale: p.scale,
      seed: String(p.seed),
      ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])),
    }).toString()}`;
  return (
    <Layout title="Rate" nav="rate">
      <h1>Rate</h1>
      <p class="small muted">
        Rate tasks yourself, blind: you see the evidence the judge saw and nothing of what taskeval made of it. Ratings
        are kept per rater; <code>taskeval validate --run {p.run?.id ?? 'latest'} --labels store</code> then says how
        far the rubric, the judge and the final score agree with people.
      </p>
      {p.run === null ? (
        <section class="panel">
          <EmptyState title="No scored run to rate yet" command="taskeval run" />
        </section>
      ) : p.rater === null ? (
        <section class="panel">
          <form method="get" action="/rate" data-testid="rater-form">
            <input type="hidden" name="run" value={p.run.id} />
            <label>
              Your name <input name="rater" required maxlength={100} autocomplete="name" />
            </label>{' '}
            <label>
              Scale{' '}
              <select name="scale">
                {RATING_SCALES.map((s) => (
                  <option value={s} selected={s === p.scale}>
                    {s}
                  </option>
                ))}
              </select>
            </label>{' '}
            <button type="submit">Start</button>
          </form>
        </section>
      ) : (
        <>
          <p data-testid="rate-progress">
            Run{' '}
            <a href={`/runs/${encodeURIComponent(p.run.id)}`} class="mono">
              {p.run.id}
            </a>
            : {p.rated} of {p.scored} scored tasks rated by <strong>{p.rater}</strong>
            {p.saved !== null ? ` · kept ${p.saved} rating(s)` : ''}
          </p>
          {p.task === null ? (
            <section class="panel">
              <p>Nothing left to rate in this run{p.skip ? ' (apart from the tasks you skipped)' : ''}.</p>
            </section>
          ) : (
            <section class="panel" data-testid="rate-task" data-task-id={p.task.taskId}>
              <h2>
                <span class="mono">{p.task.taskId}</span>
                {p.task.title ? ` — ${p.task.title}` : ''}
              </h2>
              {p.task.status === 'scored' ? (
                <EvidenceBundleView bundle={p.task.evidenceBundle} cited={new Set()} />
              ) : null}
              <form method="post" action="/rate" data-testid="rate-form">
                <input type="hidden" name="run" value={p.run.id} />
                <input type="hidden" name="result" value={p.task.id} />
                <input type="hidden" name="rater" value={p.rater} />
                <input type="hidden" name="scale" value={p.scale} />
                <input type="hidden" name="seed" value={String(p.seed)} />
                {RATED_ASPECTS.map((aspect) => (
                  <fieldset data-aspect={aspect}>
                    <legend>{ASPECT_LABELS[aspect]}</legend>
                    {scaleValues(p.scale).map((v) => (
                      <label>
                        <input type="radio" name={aspect} value={String(v)} /> {VALUE_LABELS[p.scale][v]}
                      </label>
                    ))}
                  </fieldset>
                ))}
                <label>
                  Note <input name="note" maxlength={2000} />
                </label>{' '}
                <button type="submit">Keep and next</button>{' '}
                <a href={query({ skip: p.skip + 1 })} data-testid="skip">
                  Skip this task
                </a>
              </form>
            </section>
          )}
        </>
      )}
    </Layout>
  );
};
