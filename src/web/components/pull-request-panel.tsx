/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import { forgeLink, isPullTaskId, PrInfoSchema, WorkflowStepResultSchema, type Forge } from '../../core/index.js';
import { formatTime } from '../format.js';
import { z } from 'zod';

/** The parts of a stored task snapshot this panel reads; anything else in it is ignored. */
const SnapshotSchema = z.looseObject({
  id: z.string().optional(),
  prInfo: PrInfoSchema.nullish(),
  pullRequests: z.array(PrInfoSchema).nullish(),
  workflowStepResults: z.array(WorkflowStepResultSchema).nullish(),
});

const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
const count = (v: unknown) => (typeof v === 'number' ? v : null);

/**
 * A pull request at a glance: its number linked to its page, who opened it, its state, time to merge,
 * iterations, checks and the tasks it names; or, for a task, the pull requests that carried it. Nothing when
 * the task is neither.
 */
export const PullRequestPanel: FC<{ snapshot: unknown; agent: string | null; forge: Forge | null }> = ({
  snapshot,
  agent,
  forge,
}) => {
  const parsed = SnapshotSchema.safeParse(snapshot);
  if (!parsed.success) return null;
  const { prInfo, pullRequests, workflowStepResults } = parsed.data;
  const isPull = isPullTaskId(parsed.data.id ?? '') && prInfo;
  const href = (n: number | null | undefined, url?: string | null) =>
    url ?? (forge && n != null ? forgeLink(forge, 'pull', n) : null);
  if (isPull) {
    const pr = prInfo as Record<string, unknown> & typeof prInfo;
    const readyAt = text(pr.readyAt);
    const mergedAt = text(pr.mergedAt);
    const hours =
      readyAt && mergedAt ? Math.round(((Date.parse(mergedAt) - Date.parse(readyAt)) / 3_600_000) * 10) / 10 : null;
    const checks = workflowStepResults ?? [];
    const failed = checks.filter((c) => c.status === 'failed').length;
    const link = href(pr.number, pr.url);
    const tasks = text(Array.isArray(pr.tasks) ? pr.tasks.join(' ') : pr.tasks);
    const iterations = count(pr.iterations);
    return (
      <section class="panel" data-testid="pull-request">
        <h2>
          Pull request{' '}
          {link ? (
            <a href={link} class="mono" rel="noopener noreferrer">
              #{pr.number}
            </a>
          ) : (
            <span class="mono">#{pr.number}</span>
          )}
        </h2>
        <dl class="kv small">
          <dt>Agent</dt>
          <dd>
            {agent ?? 'human or unknown'}
            {text(pr.author) ? ` (opened by ${text(pr.author)})` : ''}
          </dd>
          <dt>State</dt>
          <dd data-testid="pull-state">
            {pr.status === 'open' && !mergedAt && !text(pr.closedAt)
              ? 'open (at evaluation time the state is not read)'
              : (pr.status ?? 'unknown')}
          </dd>
          {readyAt ? (
            <>
              <dt>Ready for review</dt>
              <dd>{formatTime(readyAt)}</dd>
            </>
          ) : null}
          <dt>Time to merge</dt>
          <dd>{hours === null ? '—' : `${hours} h`}</dd>
          <dt>Iterations</dt>
          <dd>{iterations === null ? '—' : `${iterations} (pushes after the first review)`}</dd>
          <dt>Checks</dt>
          <dd data-testid="pull-checks">
            {checks.length === 0
              ? 'none read'
              : `${checks.length - failed} of ${checks.length} passed${failed ? `, ${failed} failed` : ''}`}
          </dd>
          {tasks ? (
            <>
              <dt>Tasks</dt>
              <dd class="mono">{tasks}</dd>
            </>
          ) : null}
        </dl>
      </section>
    );
  }
  if (!pullRequests?.length) return null;
  return (
    <section class="panel" data-testid="pull-requests">
      <h2>Pull requests</h2>
      <ul class="small">
        {pullRequests.map((p) => {
          const link = href(p.number, p.url);
          return (
            <li>
              {link ? <a href={link}>#{p.number}</a> : <span>#{p.number}</span>} {p.title ?? ''}
              {p.status ? <span class="muted"> ({p.status})</span> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
};
