import { createHmac } from 'node:crypto';
import type { StripeEvent } from './model';
import { CALM, type Unruly } from './unruly';

export interface Endpoint {
  url: string;
  /** The endpoint's signing secret (`whsec_…`). */
  secret: string;
}

/** Stripe's signature header for a payload: `t=<seconds>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function signatureHeader(secret: string, payload: string, t = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** The delivery part of the unruly switches. */
export type DeliveryOptions = Pick<Unruly, 'duplicates' | 'shuffle' | 'parallel' | 'delay_ms'>;

const RETRY_DELAYS_MS = [1000, 3000, 9000, 27000];
/** With `shuffle`, each event waits up to this long so that the events of later changes mix with it. */
const SHUFFLE_WINDOW_MS = 150;

interface Queued {
  event: StripeEvent;
  endpoint: Endpoint;
  readyAt: number;
  attempt: number;
}

/**
 * Delivers events as Stripe does: a signed JSON POST to the platform endpoint, or to the Connect endpoint for
 * events about a connected account (`account` set); retried later while the endpoint does not answer 2xx. One
 * queue for every event: `parallel` in flight at once, each held a random time up to `delay_ms` (and a moment
 * more with `shuffle`, which then takes a random ready event, so changes interleave), sent twice with
 * `duplicates`.
 */
export class WebhookDelivery {
  options: DeliveryOptions = { ...CALM };
  private queue: Queued[] = [];
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;
  private waiters: (() => void)[] = [];
  private stopped = false;

  constructor(private readonly endpoints: { platform?: Endpoint; connect?: Endpoint }) {}

  deliver(events: StripeEvent[]): void {
    const { duplicates, shuffle, delay_ms } = this.options;
    const hold = () =>
      Math.floor(Math.random() * (delay_ms + 1)) +
      (shuffle ? Math.floor(Math.random() * SHUFFLE_WINDOW_MS) : 0);
    for (const event of events) {
      const endpoint = event.account ? this.endpoints.connect : this.endpoints.platform;
      if (!endpoint) continue;
      for (let copy = 0; copy < (duplicates ? 2 : 1); copy++)
        this.queue.push({ event, endpoint, readyAt: Date.now() + hold(), attempt: 0 });
    }
    this.pump();
  }

  private pump(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (!this.stopped && this.inFlight < this.options.parallel) {
      const now = Date.now();
      const ready = this.queue.filter((q) => q.readyAt <= now);
      if (ready.length === 0) break;
      const next = this.options.shuffle
        ? (ready[Math.floor(Math.random() * ready.length)] as Queued)
        : (ready[0] as Queued);
      this.queue.splice(this.queue.indexOf(next), 1);
      this.inFlight++;
      void this.send(next).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
    if (this.stopped) this.queue = [];
    if (this.queue.length > 0 && this.inFlight < this.options.parallel) {
      const soonest = Math.min(...this.queue.map((q) => q.readyAt));
      this.timer = setTimeout(() => this.pump(), Math.max(0, soonest - Date.now()));
      this.timer.unref();
    }
    if (this.queue.length === 0 && this.inFlight === 0) for (const done of this.waiters.splice(0)) done();
  }

  private async send(item: Queued): Promise<void> {
    const payload = JSON.stringify(item.event, null, 2);
    try {
      const response = await fetch(item.endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(item.endpoint.secret, payload),
        },
        body: payload,
        signal: AbortSignal.timeout(20_000),
      });
      if (response.ok) return;
    } catch {
      // Not reached: retried below, as Stripe does.
    }
    const delay = RETRY_DELAYS_MS[item.attempt];
    if (delay === undefined || this.stopped) return;
    this.queue.push({ ...item, readyAt: Date.now() + delay, attempt: item.attempt + 1 });
  }

  /** Resolves when every event queued so far (retries and late ones included) has been delivered or given up. */
  settled(): Promise<void> {
    if (this.queue.length === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  stop(): void {
    this.stopped = true;
    this.queue = [];
    if (this.timer) clearTimeout(this.timer);
    for (const done of this.waiters.splice(0)) done();
  }
}
