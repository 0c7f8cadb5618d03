/**
 * Runs `work` over `items` with at most `limit` at once, in order of start; once `signal` aborts,
 * no further item starts.
 */
export async function eachLimited<T>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<void>,
  signal?: AbortSignal,
) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length && !signal?.aborted) await work(items[next++]!);
  });
  await Promise.all(workers);
}
