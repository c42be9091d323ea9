/**
 * Runs `work` when the browser is idle (at the latest after `timeoutMs`), for prefetches that must not compete with
 * what the page is doing. Answers the cancel, for an effect's cleanup. Safari has no requestIdleCallback: a timer.
 */
export function whenIdle(work: () => void, timeoutMs = 2_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 200);
  return () => window.clearTimeout(id);
}
