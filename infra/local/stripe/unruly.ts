/**
 * The local Stripe's unruly switches: how late, how often and in what order events arrive, and what Stripe may
 * do later (payments that complete asynchronously, refunds that fail, payouts reconciled later). Set for the
 * whole run by `LOCAL_STRIPE_UNRULY` when the local cloud starts (JSON, or `key=value` pairs separated by
 * commas, a bare key meaning true: `duplicates,shuffle,parallel=4,delay_ms=3000`), and per test by
 * `POST /_local/unruly` (`/_local/delivery` is the same switch): what a request names is set, the rest goes
 * back to the run's settings.
 */
export interface Unruly {
  /** Each event is delivered twice (Stripe delivers at least once). */
  duplicates: boolean;
  /** Events arrive in random order, across changes (each waits a random moment, then a random one goes). */
  shuffle: boolean;
  /** Deliveries in flight at once (Stripe sends concurrently); 1: one after another. */
  parallel: number;
  /** Each event waits a random time up to this long before it is sent (late events; minutes are fine). */
  delay_ms: number;
  /** Paid sessions complete `unpaid` and later `async_payment_succeeded` or `async_payment_failed`. */
  async_payments: 'off' | 'succeed' | 'fail';
  /** How long an asynchronous payment takes to succeed or fail (0: only when `/_local/sessions/…/settle`). */
  async_after_ms: number;
  /** How long a refund of a card that refuses refunds (4000 0000 0000 5126) stays `succeeded` before failing. */
  refund_fail_after_ms: number;
  /** How long an automatic payout's reconciliation takes (`in_progress`, then `payout.reconciliation_completed`). */
  reconciliation_after_ms: number;
}

export const CALM: Unruly = {
  duplicates: false,
  shuffle: false,
  parallel: 1,
  delay_ms: 0,
  async_payments: 'off',
  async_after_ms: 1000,
  refund_fail_after_ms: 500,
  reconciliation_after_ms: 0,
};

/** The switches a request (or the environment) names, checked; throws on an unknown name or a wrong value. */
export function unrulyFrom(input: Record<string, unknown>, base: Unruly): Unruly {
  const out: Unruly = { ...base };
  for (const [key, raw] of Object.entries(input)) {
    if (!(key in CALM)) throw new Error(`unknown switch ${key}`);
    const k = key as keyof Unruly;
    const calm = CALM[k];
    if (typeof calm === 'boolean') {
      if (typeof raw !== 'boolean') throw new Error(`${key} must be true or false`);
      (out[k] as boolean) = raw;
    } else if (typeof calm === 'number') {
      const n = typeof raw === 'string' ? Number(raw) : raw;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < (k === 'parallel' ? 1 : 0))
        throw new Error(`${key} must be a whole number`);
      (out[k] as number) = n;
    } else {
      if (raw !== 'off' && raw !== 'succeed' && raw !== 'fail')
        throw new Error(`${key} must be off, succeed or fail`);
      out.async_payments = raw;
    }
  }
  return out;
}

/** `LOCAL_STRIPE_UNRULY`: JSON, or `duplicates,shuffle,parallel=4,delay_ms=3000`. */
export function unrulyFromEnv(text: string | undefined): Unruly {
  const value = (text ?? '').trim();
  if (!value) return { ...CALM };
  if (value.startsWith('{')) return unrulyFrom(JSON.parse(value) as Record<string, unknown>, CALM);
  const pairs = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part): [string, unknown] => {
      const [key = '', given] = part.split('=');
      const number = Number(given);
      return [
        key,
        given === undefined
          ? true
          : given === 'true'
            ? true
            : given === 'false'
              ? false
              : Number.isNaN(number)
                ? given
                : number,
      ];
    });
  return unrulyFrom(Object.fromEntries(pairs), CALM);
}
