/** The session's refresh check runs every 30 s (public-site spec, section 9). */
export const REFRESH_TICK_MS = 30_000;
/** It refreshes when three ticks or fewer remain before the tokens expire. */
export const REFRESH_WHEN_TICKS_LEFT = 3;

/** Whether tokens expiring at `expiresAtSeconds` (JWT `exp`) should be refreshed at `nowMs`. */
export function needsRefresh(expiresAtSeconds: number | undefined, nowMs: number): boolean {
  if (expiresAtSeconds === undefined) return true;
  return expiresAtSeconds * 1000 - nowMs <= REFRESH_TICK_MS * REFRESH_WHEN_TICKS_LEFT;
}
