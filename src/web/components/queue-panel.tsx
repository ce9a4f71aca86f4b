/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import type { QueueStats } from '../../runs/index.js';
import { formatTime } from '../format.js';

/** The evaluation queue of a PostgreSQL store: jobs by state and the workers seen in the last 30 seconds. */
export const QueuePanel: FC<{ queue: QueueStats }> = ({ queue }) => (
  <section class="panel" data-testid="queue-panel">
    <h2>Queue</h2>
    <p class="small">
      <span data-testid="queue-waiting">{String(queue.queued)}</span> waiting ·{' '}
      <span data-testid="queue-active">{String(queue.active)}</span> being evaluated · {String(queue.retrying)} waiting
      for a retry · <span data-testid="queue-failed">{String(queue.failed)}</span> failed for good
    </p>
    {queue.workers.length === 0 ? (
      <p class="small muted" data-testid="queue-no-workers">
        No worker is running. Start one with <code>taskeval worker --db …</code>
      </p>
    ) : (
      <div class="table-scroll">
        <table data-testid="queue-workers">
          <thead>
            <tr>
              <th>Worker</th>
              <th class="num">At once</th>
              <th class="num">Jobs done</th>
              <th class="hide-narrow">Started</th>
              <th>Last seen</th>
            </tr>
          </thead>
          <tbody>
            {queue.workers.map((w) => (
              <tr>
                <td class="mono">{`${w.host} (pid ${w.pid})`}</td>
                <td class="num">{String(w.concurrency)}</td>
                <td class="num">{String(w.jobsDone)}</td>
                <td class="hide-narrow">{formatTime(w.startedAt)}</td>
                <td>{formatTime(w.seenAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    )}
  </section>
);
