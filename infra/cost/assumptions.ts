/**
 * What the cost model cannot read from the templates: how long things run, how many requests and DynamoDB
 * request units a donation makes, how much a request logs. Each is a stated estimate, from reading the code
 * named beside it; measure and correct them once production has a month of numbers (CloudWatch: the
 * functions' Duration, the table's ConsumedWrite/ReadCapacityUnits, the log groups' IncomingBytes).
 */

/** One step of a donation's path: requests to one route's function. */
export interface DonationStep {
  /** What happens. */
  readonly what: string;
  /** The route's id (its function's `SERVICE_NAME`): memory and architecture are read from the synth. */
  readonly route: string;
  /** Requests of this step in one donation. */
  readonly calls: number;
  /** Billed duration of one call (ms), a share of a cold start's init included (Lambda bills the init). */
  readonly durationMs: number;
  /** DynamoDB read request units of one call (a strongly consistent read of an item up to 4 KB is 1). */
  readonly readUnits: number;
  /**
   * DynamoDB write request units of one call: 1 a KB written, doubled in a transaction, plus the GSI1 copy of
   * the donation item (projection ALL).
   */
  readonly writeUnits: number;
  /** Mails sent by one call (SES). */
  readonly mails?: number;
  /** Custom metrics (EMF, namespace Kindred) one call publishes (lambdas/lib/metrics.ts `recordMetric`). */
  readonly metrics?: readonly string[];
}

/**
 * A card donation, paid at once: the giving box's request, Stripe's three webhook events for a card payment
 * (`checkout.session.completed`, `charge.succeeded`, `charge.updated` with the balance transaction; the other
 * subscribed events only come for declines, expiries, refunds and disputes), the thank-you page's status polls
 * until the webhook has landed, and the donor's receipt. The donor's page views (the charity page, the
 * thank-you page, Stripe's Checkout) are the site's traffic, not the donation's. A donation item is taken as
 * 2 KB (gift aid declaration and message included), the other items as up to 1 KB.
 */
export const DONATION_PATH: readonly DonationStep[] = [
  {
    // lambdas/domain/giving/create-donation.ts
    what: 'POST /api/donations (the giving box)',
    route: 'create-donation',
    calls: 1,
    // A Stripe Checkout Session create is most of it.
    durationMs: 1000,
    // The source's declines, the charity by number, its profile and its verification.
    readUnits: 4,
    // Two rate counters (2); the pending donation in a transaction (2 KB × 2) with two condition checks
    // (2 × 2) and its GSI1 copy (2); the Checkout Session id on it (2, GSI1 2).
    writeUnits: 16,
    metrics: ['DonationsCreated'],
  },
  {
    // lambdas/domain/giving/payment-events.ts, sessionPaid
    what: 'Webhook checkout.session.completed (paid, receipt)',
    route: 'stripe-webhook',
    calls: 1,
    // Stripe's payment intent read, the transaction, the SES send.
    durationMs: 1000,
    // Event seen?, the donation (twice), the donor's supporter marker.
    readUnits: 4,
    // The move to paid in a transaction (2 KB × 2, GSI1 2) with the account check and three totals items
    // (4 × 2); the receipt claim (2, GSI1 2); the event recorded (1).
    writeUnits: 19,
    mails: 1,
    metrics: ['DonationsPaid'],
  },
  {
    // lambdas/domain/giving/payment-events.ts, chargeChanged
    what: "Webhooks charge.succeeded, charge.updated (Stripe's fee)",
    route: 'stripe-webhook',
    calls: 2,
    // Stripe's balance transaction read.
    durationMs: 500,
    // Event seen?
    readUnits: 1,
    // The charge on the donation (2, GSI1 2); the event recorded (1).
    writeUnits: 5,
  },
  {
    // web/src/features/giving/utils/status-polling.ts: every second at first; the webhook takes a few.
    what: 'GET /api/donations/{id} (the thank-you page polls)',
    route: 'get-donation-status',
    calls: 3,
    durationMs: 100,
    readUnits: 1,
    writeUnits: 0,
  },
];

/** What every request of a donation costs besides its function: it comes through CloudFront and WAF. */
export const REQUEST = {
  /** A WAF log record delivered to `aws-waf-logs-<stage>-site` (us-east-1), bytes. */
  wafLogBytes: 1500,
  /** What one invocation writes to its log group (JSON platform lines, the request's own lines), bytes. */
  functionLogBytes: 2000,
  /** X-Ray traces it: active tracing samples the first request each second, so at a charity's volume, all. */
  traced: true,
} as const;

/**
 * Secrets Manager reads a donation causes: the Stripe key and the webhook signing secrets are read once per
 * container, so only a cold start reads; at a few donations a day each is cold.
 */
export const DONATION_SECRET_READS = 2;

/** One run of the site canary (infra/stacks/edge-watch-stack.ts). */
export const CANARY_RUN = {
  /** Billed seconds of the canary's own Lambda function (a headless browser opening four pages). */
  durationSeconds: 20,
  /** Requests it makes through CloudFront and WAF (pages, scripts, styles, images, /config.json). */
  siteRequests: 25,
  /** Of which reach the API (/api/health, the charity page's data), each a function call of about 100 ms. */
  apiRequests: 2,
  apiDurationMs: 100,
  /** Objects written to its artifacts bucket (screenshots, HAR, logs, report). */
  artifactPuts: 8,
} as const;

/** Billed seconds of one run of each scheduled job, by job id (the jobs' own code); others: {@link JOB_DEFAULT_SECONDS}. */
export const JOB_SECONDS: Readonly<Record<string, number>> = {
  /** Downloads the Commission's register extract and rebuilds the search index. */
  'refresh-register': 180,
  /** Queries the unverified accounts past their deadline, usually none. */
  'sweep-unverified': 2,
};
export const JOB_DEFAULT_SECONDS = 10;
