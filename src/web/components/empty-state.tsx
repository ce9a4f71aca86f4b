/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { Child, FC } from 'hono/jsx';

/** What a page shows when there is nothing to list, with the command that would fill it. */
export const EmptyState: FC<{ title: string; command?: string; children?: Child }> = ({ title, command, children }) => (
  <div class="empty">
    <p>
      <strong>{title}</strong>
      {command ? (
        <>
          {' — run '}
          <code>{command}</code>
        </>
      ) : null}
    </p>
    {children}
  </div>
);
