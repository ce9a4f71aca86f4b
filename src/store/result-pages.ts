import type { ListResultsQuery } from './store-inputs.js';
import type { ResultSummary, StoredResult } from './store-types.js';
import type { Store } from './store.js';

type PagedQuery = Omit<ListResultsQuery, 'limit' | 'offset' | 'count'>;

/**
 * Every page of results `query` matches, in its order: for readers that walk them all, so no page counts every
 * match again (a short page is the last). Other work gets a turn of the event loop between two pages.
 */
export function resultPages(
  store: Pick<Store, 'listResults'>,
  query: PagedQuery & { full: true },
  size?: number,
): AsyncGenerator<StoredResult[]>;
export function resultPages(
  store: Pick<Store, 'listResults'>,
  query: PagedQuery,
  size?: number,
): AsyncGenerator<ResultSummary[]>;
export async function* resultPages(
  store: Pick<Store, 'listResults'>,
  query: PagedQuery,
  size = 500,
): AsyncGenerator<(ResultSummary | StoredResult)[]> {
  for (let offset = 0; ; offset += size) {
    const { items } = await store.listResults({ ...query, limit: size, offset, count: false });
    if (items.length) yield items;
    if (items.length < size) return;
    // SQLite answers synchronously: without a turn of the event loop between pages, a server reading 100,000
    // results for an aggregate would answer no other request, and no timer would fire, until it is done.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
