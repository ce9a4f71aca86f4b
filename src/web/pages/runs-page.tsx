/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import type { QueueStats } from '../../runs/index.js';
import type { Page, RunHeader } from '../../store/index.js';
import { EmptyState } from '../components/empty-state.js';
import { Layout } from '../components/layout.js';
import { Pagination } from '../components/pagination.js';
import { QueuePanel } from '../components/queue-panel.js';
import { RunsTable } from '../components/runs-table.js';
import { hrefWith } from '../format.js';

/** Every run, newest first, paged; with a PostgreSQL store, the evaluation queue and its workers first. */
export const RunsPage: FC<{ page: Page<RunHeader>; limit: number; offset: number; queue?: QueueStats | null }> = ({
  page,
  limit,
  offset,
  queue,
}) => (
  <Layout title="Runs" nav="runs" live>
    <h1>Runs</h1>
    {queue ? <QueuePanel queue={queue} /> : null}
    <section class="panel">
      {page.count === 0 ? (
        <EmptyState title="No runs yet" command="taskeval run" />
      ) : (
        <>
          <RunsTable runs={page.items} />
          <Pagination
            count={page.count}
            limit={limit}
            offset={offset}
            noun="runs"
            href={(o) => hrefWith('/runs', { offset: o || undefined })}
          />
        </>
      )}
    </section>
  </Layout>
);
