import { createHmac } from 'node:crypto';
import type { StripeEvent } from './model';

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

export interface DeliveryOptions {
  /** Each event is sent twice (Stripe delivers at least once). */
  duplicates: boolean;
  /** The events of one change arrive in random order (Stripe promises no order). */
  shuffle: boolean;
}

const RETRY_DELAYS_MS = [1000, 3000, 9000, 27000];

/**
 * Delivers events as Stripe does: a signed JSON POST to the platform endpoint, or to the Connect endpoint for
 * events about a connected account (`account` set); retried while the endpoint does not answer 2xx.
 */
export class WebhookDelivery {
  options: DeliveryOptions = { duplicates: false, shuffle: false };
  private pending = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly endpoints: { platform?: Endpoint; connect?: Endpoint }) {}

  deliver(events: StripeEvent[]): void {
    let batch = this.options.duplicates ? events.flatMap((event) => [event, event]) : [...events];
    if (this.options.shuffle)
      batch = batch
        .map((e) => ({ e, k: Math.random() }))
        .sort((a, b) => a.k - b.k)
        .map(({ e }) => e);
    const run = (async () => {
      for (const event of batch) {
        const endpoint = event.account ? this.endpoints.connect : this.endpoints.platform;
        if (endpoint) await this.send(endpoint, event);
      }
    })();
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
  }

  private async send(endpoint: Endpoint, event: StripeEvent): Promise<void> {
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length && !this.stopped; attempt++) {
      try {
        const response = await fetch(endpoint.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': signatureHeader(endpoint.secret, payload),
          },
          body: payload,
          signal: AbortSignal.timeout(20_000),
        });
        if (response.ok) return;
      } catch {
        // Not reached: retried below, as Stripe does.
      }
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) return;
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
    }
  }

  /** Resolves when every delivery started so far has ended (tests, and a clean stop). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  stop(): void {
    this.stopped = true;
  }
}
