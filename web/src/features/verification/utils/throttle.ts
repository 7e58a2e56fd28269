import { RESEND_THROTTLE_SECONDS, VERIFY_THROTTLE_SECONDS } from '@shared/verification';
import { DEVICE_STORAGE } from '@/lib/device-storage';

/** Device-stored flags (public-site spec, section 3): when the last attempt and resend happened (epoch ms). */
export const THROTTLE_KEYS = {
  verify: DEVICE_STORAGE.lastVerificationAttempt.name,
  resend: DEVICE_STORAGE.lastResendAttempt.name,
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

/** The device's local storage, or a store that keeps nothing when storage is unavailable (private mode). */
export function deviceStorage(): KeyValueStore {
  try {
    return window.localStorage;
  } catch {
    return { getItem: () => null, setItem: () => undefined };
  }
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

/** A countdown as the page shows it: "0:25", "2:00", "1:02:03". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
}
