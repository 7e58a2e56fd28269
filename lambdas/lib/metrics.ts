import type { Metrics } from '@aws-lambda-powertools/metrics';
import type { MiddlewareObj } from '@middy/core';

/**
 * The business metrics, in CloudWatch namespace `Kindred` (dimension `service`, the function). The ops stack
 * draws them on the dashboard and alarms on `RegisterIndexAgeHours`.
 */
export type BusinessMetric =
  | 'Registrations'
  | 'CodesSent'
  | 'VerificationFailures'
  | 'Lockouts'
  | 'Uploads'
  | 'RegisterIndexAgeHours'
  | 'DonationsCreated'
  | 'DonationsPaid'
  | 'DonationDeclines'
  | 'DonationMismatches'
  | 'DonationDisputes'
  /** A refund Stripe reported done and then failed: the money is back with the charity (alarmed). */
  | 'RefundsFailed'
  /** A donor notice skipped because the address bounced or complained before (the payment is recorded). */
  | 'MailSkippedSuppressed'
  | 'WebhookSignatureFailures'
  /** A message the mail provider refused or failed (the send path, `domain/mail/failures.ts`). */
  | 'MailFailures'
  // Payouts (issue 33): recorded, and one whose lines do not sum to it (alarmed).
  | 'PayoutsPaid'
  | 'PayoutsFailed'
  | 'PayoutMismatches'
  /**
   * An answer of 500: an error our code did not expect (not a dependency's 502/503). Recorded by function
   * version too ({@link VERSION_DIMENSION}): a release's canary rolls back on the new version's count.
   */
  | 'UnhandledErrors';

/** The extra dimension of {@link recordByVersion}: the Lambda version that answered (`$LATEST` locally). */
export const VERSION_DIMENSION = 'version';

/** One recorded value. */
export interface MetricRecord {
  readonly name: BusinessMetric;
  readonly value: number;
  readonly unit: 'Count' | 'None';
  /** Also by the function's version (`version` beside `service`). */
  readonly byVersion?: true;
}

/** Where metrics go: Powertools Metrics (CloudWatch Embedded Metric Format) in production, a list in tests. */
export interface MetricsSink {
  add(record: MetricRecord): void;
  /** End of an invocation: write what was added. */
  flush(): void;
}

/**
 * Powertools Metrics, loaded when the first metric is recorded: `require` keeps the port synchronous, and
 * esbuild bundles the package as a module evaluated only on that call, so a function's start (and every
 * invocation that records nothing) does not evaluate it. (Most routes never record a metric.)
 */
function loadPowertools(): typeof import('@aws-lambda-powertools/metrics') {
  return require('@aws-lambda-powertools/metrics');
}

/** Powertools Metrics: one EMF line per invocation (no line at all when nothing was recorded). */
function powertoolsSink(): MetricsSink {
  let metrics: Metrics | undefined;
  let pending = false;
  return {
    add(record) {
      const { Metrics, MetricUnit } = loadPowertools();
      metrics ??= new Metrics({
        namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'Kindred',
        serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? process.env.SERVICE_NAME ?? 'kindred',
      });
      const unit = record.unit === 'Count' ? MetricUnit.Count : MetricUnit.NoUnit;
      if (record.byVersion) {
        // Its own line (another set of dimensions), written at once: `service` and `version`.
        const single = metrics.singleMetric();
        single.addDimension(VERSION_DIMENSION, process.env.AWS_LAMBDA_FUNCTION_VERSION ?? '$LATEST');
        single.addMetric(record.name, unit, record.value);
      }
      metrics.addMetric(record.name, unit, record.value);
      pending = true;
    },
    flush() {
      if (!pending || !metrics) return;
      pending = false;
      metrics.publishStoredMetrics();
    },
  };
}

let sink: MetricsSink = powertoolsSink();

/** The metrics port the domain records through. */
export function recordMetric(name: BusinessMetric, value = 1, unit: MetricRecord['unit'] = 'Count'): void {
  sink.add({ name, value, unit });
}

/** Records a count both by `service` and by `service` and the function's version (a release's gate). */
export function recordByVersion(name: BusinessMetric): void {
  sink.add({ name, value: 1, unit: 'Count', byVersion: true });
}

/** Writes what this invocation recorded (the handler pipelines call it; jobs call it themselves). */
export function flushMetrics(): void {
  sink.flush();
}

/** Replaces the sink until the returned `restore` is called; `records` are what was recorded meanwhile (tests). */
export function captureMetrics(): { records: MetricRecord[]; restore: () => void } {
  const previous = sink;
  const records: MetricRecord[] = [];
  sink = { add: (record) => records.push(record), flush: () => undefined };
  return {
    records,
    restore: () => {
      sink = previous;
    },
  };
}

/** Middy middleware: flushes the invocation's metrics after the answer, whether it succeeded or failed. */
export const flushMetricsAfter = <E, R>(): MiddlewareObj<E, R> => ({
  after: () => flushMetrics(),
  onError: () => flushMetrics(),
});
