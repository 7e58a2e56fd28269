/**
 * Rate limits count in fixed windows (`lambdas/data/rate-limits.ts`: an hour from :00, ten minutes from :00,
 * a UTC day). A test that fills a window and expects the next hit refused fails when a window boundary passes
 * in the middle (the count starts again): rare, but a defect (issue 46). This waits, before such a test, until
 * the current window has `needSeconds` left: at most `needSeconds`, and only when that close to its end.
 */
export async function withRoomInWindow(window: number | 'day', needSeconds: number): Promise<void> {
  const length = window === 'day' ? 86_400 : window;
  const nowMs = Date.now();
  const endMs = (Math.floor(nowMs / 1000 / length) + 1) * length * 1000;
  if (endMs - nowMs < needSeconds * 1000)
    await new Promise((resolve) => setTimeout(resolve, endMs - nowMs + 50));
}
