import { secondsLeftInWindow } from '../../lambdas/data/rate-limits';

/**
 * Rate limits count in fixed windows (`lambdas/data/rate-limits.ts`: an hour from :00, ten minutes from :00,
 * a UTC day). A test that fills a window and expects the next hit refused fails when a window boundary passes
 * in the middle (the count starts again): rare, but a defect (issue 46). This waits, before such a test, until
 * the current window has `needSeconds` left: at most `needSeconds`, and only when that close to its end.
 */
export async function withRoomInWindow(window: number | 'day', needSeconds: number): Promise<void> {
  const left = secondsLeftInWindow(window, new Date());
  if (left < needSeconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 1050));
}
