/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import type { EvalRun, Page } from '../../store/index.js';
import { EmptyState } from '../components/empty-state.js';
import { Layout } from '../components/layout.js';
import { Pagination } from '../components/pagination.js';
import { RunsTable } from '../components/runs-table.js';
import { hrefWith } from '../format.js';

/** Every run, newest first, paged. */
export const RunsPage: FC<{ page: Page<EvalRun>; limit: number; offset: number }> = ({ page, limit, offset }) => (
  <Layout title="Runs" nav="runs" live>
    <h1>Runs</h1>
    <section class="panel">
      {page.count === 0 ? (
        <EmptyState title="No runs yet" command="taskeval run" />
      ) : (
        <>
          <RunsTable runs={page.items} />
          <Pagination count={page.count} limit={limit} offset={offset} noun="runs" href={(o) => hrefWith('/runs', { offset: o || undefined })} />
        </>
      )}
    </section>
  </Layout>
);
