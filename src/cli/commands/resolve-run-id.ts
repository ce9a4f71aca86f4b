import { StoreError } from '../../core/index.js';
import type { Store } from '../../store/index.js';

/** A run id as a user may give it: an id, or `latest` for the newest run in the store. */
export async function resolveRunId(store: Store, given: string): Promise<string> {
  if (given !== 'latest') return (await store.getRun(given)).id;
  const newest = (await store.listRuns({ limit: 1 })).items[0];
  if (!newest)
    throw new StoreError('not_found', 'the store holds no run yet, so there is no latest run', {
      field: 'run',
      hint: 'evaluate first with `taskeval run`',
    });
  return newest.id;
}
