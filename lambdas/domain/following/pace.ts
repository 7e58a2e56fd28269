/** Behind the schedule by more than this (an idle container between jobs, a long stall), it starts afresh. */
const MOST_BEHIND_MS = 1000;

/**
 * Spaces calls to `perSecond` a second on average (this worker's share of the stage's SES rate): call n goes at
 * its slot, start + n / perSecond, not one gap after the call before, so a call that came late (a slow send, a
 * timer that woke late) is made up by not sleeping before the next ones. Catching up never sends more than
 * `perSecond` (rounded up: 8.5 a second is 9 in some seconds) in any one second, and a pacer behind by more
 * than a second (idle between jobs) starts its schedule again at the call instead of owing a burst.
 * `sleep` and `now` are injectable for tests.
 */
export function pacer(
  perSecond: number,
  opts: { now?: () => number; sleep?: (ms: number) => Promise<void> } = {},
): () => Promise<void> {
  const now = opts.now ?? (() => performance.now());
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const gap = 1000 / perSecond;
  const perWindow = Math.ceil(perSecond);
  /** When the last `perWindow` calls went, oldest first. */
  const recent: number[] = [];
  let start = Number.NaN;
  let n = 0;
  return async () => {
    const at = now();
    let slot = start + n * gap;
    if (!(at - slot <= MOST_BEHIND_MS)) {
      start = at;
      n = 0;
      slot = at;
    }
    n += 1;
    // At most `perWindow` calls in any 1,000 ms: this one not within a second of the one `perWindow` before.
    if (recent.length === perWindow) slot = Math.max(slot, (recent[0] as number) + 1000);
    if (slot > at) await sleep(slot - at);
    recent.push(Math.max(slot, now()));
    if (recent.length > perWindow) recent.shift();
  };
}
