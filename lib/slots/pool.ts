/**
 * Runs `task` over `items` with at most `limit` tasks in flight: neither one after another nor
 * an unbounded burst. Results keep the order of `items`; `onSettled` reports each as it lands.
 */
export async function mapPool<I, R>(
  items: readonly I[],
  limit: number,
  task: (item: I, index: number) => Promise<R>,
  onSettled?: (result: R, item: I, index: number) => void,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const item = items[index] as I;
      const result = await task(item, index);
      results[index] = result;
      onSettled?.(result, item, index);
    }
  };
  const width = Math.max(1, Math.min(Math.floor(limit) || 1, items.length));
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

/** Slot reads in flight at once: enough to hide latency, few enough to be kind to the API. */
export const SLOT_READ_CONCURRENCY = 4;
