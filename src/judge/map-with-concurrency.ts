import { JudgeError } from '../core/index.js';

/**
 * Maps items with at most `limit` calls in flight, results in input order. When `signal`
 * aborts, no new item starts and the promise rejects with a `cancelled` error once the running ones settle.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async (): Promise<void> => {
    while (failure === null && !signal?.aborted && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  const width = Math.max(1, Math.min(Math.floor(limit) || 1, items.length));
  await Promise.all(Array.from({ length: width }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
  if (signal?.aborted) throw new JudgeError('cancelled', `interrupted: ${next} of ${items.length} started before the abort`);
  return results;
}
