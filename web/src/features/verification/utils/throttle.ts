import { RESEND_THROTTLE_SECONDS, VERIFY_THROTTLE_SECONDS } from '@shared/verification';

/** Device-stored flags (public-site spec, section 3): when the last attempt and resend happened (epoch ms). */
export const THROTTLE_KEYS = {
  verify: 'lastVerificationAttempt',
  resend: 'lastResendAttempt',
} as const;
export type ThrottleKind = keyof typeof THROTTLE_KEYS;

const WINDOW_MS: Record<ThrottleKind, number> = {
  verify: VERIFY_THROTTLE_SECONDS * 1000,
  resend: RESEND_THROTTLE_SECONDS * 1000,
};

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Milliseconds still to wait before another attempt of this kind (0: go ahead). */
export function throttleRemaining(store: KeyValueStore, kind: ThrottleKind, now: number): number {
  let raw: string | null = null;
  try {
    raw = store.getItem(THROTTLE_KEYS[kind]);
  } catch {
    return 0;
  }
  const last = raw === null ? Number.NaN : Number(raw);
  if (!Number.isFinite(last) || last > now) return 0;
  return Math.max(0, last + WINDOW_MS[kind] - now);
}

/** Records an attempt now; storage failures (private mode, quota) leave the server's throttle in charge. */
export function recordAttempt(store: KeyValueStore, kind: ThrottleKind, now: number): void {
  try {
    store.setItem(THROTTLE_KEYS[kind], String(now));
  } catch {
    // the server enforces the same limits
  }
}

/** Digits only, at most six: what the code box keeps of whatever was typed or pasted. */
export function sanitiseCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, 6);
}
