/**
 * Polls `what` until it answers something truthy (a mail arrived, a queue drained), then answers it; throws
 * after `ms`. For what the user would see appear, never a fixed sleep.
 */
export async function until<T>(
  what: () => Promise<T | undefined | null | false>,
  ms = 30_000,
  everyMs = 100,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const got = await what();
    if (got) return got;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
