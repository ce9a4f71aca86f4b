/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import { Layout } from '../components/layout.js';

export interface ErrorPageProps {
  status: number;
  title: string;
  message: string;
}

/** A refused, missing or failed page: what happened and where to go next. */
export const ErrorPage: FC<ErrorPageProps> = ({ status, title, message }) => (
  <Layout title={title} nav="none">
    <section class="panel error-box" data-testid="error-page">
      <h1>{title}</h1>
      <p>{message}</p>
      <p class="small muted">HTTP {String(status)}</p>
      {status === 401 ? (
        <p>
          Open the <code>Open:</code> URL that <code>taskeval serve</code> printed (it carries <code>?token=…</code>),
          or pass <code>Authorization: Bearer &lt;token&gt;</code>. The token is in the <code>serve-token</code> file
          beside the database.
        </p>
      ) : (
        <p>
          <a href="/">Back to the overview</a>
        </p>
      )}
    </section>
  </Layout>
);
