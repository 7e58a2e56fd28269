/** Waits before each retry of the location map's script: three retries, each wait longer (spec: "retries 3 times with growing delays"). */
export const MAP_RETRY_DELAYS_MS = [1000, 2000, 4000] as const;

/**
 * Runs `attempt`, and after a failure runs it again once per delay, waiting that long first; the last failure
 * is thrown. `cancelled` stops further tries (the component using it went away).
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  delaysMs: readonly number[],
  opts: { cancelled?: () => boolean; onRetry?: (retry: number, error: unknown) => void } = {},
): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      const delay = delaysMs[retry];
      if (delay === undefined || opts.cancelled?.()) throw error;
      opts.onRetry?.(retry + 1, error);
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (opts.cancelled?.()) throw error;
    }
  }
}
