/**
 * Spaces calls to at most `perSecond` a second (this worker's share of the stage's SES rate): each call waits
 * until its slot. `sleep` and `now` are injectable for tests.
 */
export function pacer(
  perSecond: number,
  opts: { now?: () => number; sleep?: (ms: number) => Promise<void> } = {},
): () => Promise<void> {
  const now = opts.now ?? (() => performance.now());
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const gap = 1000 / perSecond;
  let next = Number.NEGATIVE_INFINITY;
  return async () => {
    const at = now();
    const slot = Math.max(at, next);
    next = slot + gap;
    if (slot > at) await sleep(slot - at);
  };
}
