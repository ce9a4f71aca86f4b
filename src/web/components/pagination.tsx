/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';

export interface PaginationProps {
  count: number;
  limit: number;
  offset: number;
  /** The URL of the page starting at `offset`. */
  href: (offset: number) => string;
  noun?: string;
}

/** "41–60 of 10,000" with previous/next links; pages are fetched by the server, never all at once. */
export const Pagination: FC<PaginationProps> = ({ count, limit, offset, href, noun = 'results' }) => {
  if (count === 0) return null;
  const first = Math.min(offset + 1, count);
  const last = Math.min(offset + limit, count);
  const prev = Math.max(0, offset - limit);
  const lastOffset = Math.max(0, Math.floor((count - 1) / limit) * limit);
  const atStart = offset <= 0;
  const atEnd = offset + limit >= count;
  const fmt = (n: number) => n.toLocaleString('en-US');
  return (
    <nav class="pager" aria-label="Pagination">
      <a href={href(0)} class={atStart ? 'disabled' : ''} aria-disabled={atStart ? 'true' : undefined}>
        « First
      </a>
      <a href={href(prev)} rel="prev" class={atStart ? 'disabled' : ''} aria-disabled={atStart ? 'true' : undefined}>
        ‹ Previous
      </a>
      <span class="muted" data-testid="page-range">
        {`${fmt(first)}–${fmt(last)} of ${fmt(count)} ${noun}`}
      </span>
      <a
        href={href(offset + limit)}
        rel="next"
        class={atEnd ? 'disabled' : ''}
        aria-disabled={atEnd ? 'true' : undefined}
      >
        Next ›
      </a>
      <a href={href(lastOffset)} class={atEnd ? 'disabled' : ''} aria-disabled={atEnd ? 'true' : undefined}>
        Last »
      </a>
    </nav>
  );
};
