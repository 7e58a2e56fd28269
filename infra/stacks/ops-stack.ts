import { VERIFY_BRAKE } from '@shared/verification';
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { AlarmTopic } from '../constructs/alarm-topic';
import { type AppFunction, METRICS_NAMESPACE } from '../constructs/app-function';
import { DEFAULT_MONTHLY_BUDGET_USD } from '../stage-config';

/** Props of {@link OpsStack}. */
export interface OpsStackProps extends StackProps {
  /** The HTTP API (5xx and latency). */
  readonly httpApi: apigw.IHttpApi;
  /** Route functions by route id. */
  readonly routeFunctions: ReadonlyMap<string, AppFunction>;
  /** Job functions by job id. */
  readonly jobFunctions: ReadonlyMap<string, AppFunction>;
  /**
   * The functions that send mail (their capabilities say `mail`), by an id for the alarm's name: each gets
   * a `MailFailures` alarm (a message SES refused or failed, `lambdas/domain/mail/failures.ts`).
   */
  readonly mailingFunctions?: ReadonlyMap<string, AppFunction>;
  /** Where failed job runs go. */
  readonly failedRuns: sqs.IQueue;
  /** The SES bounce/complaint recorder and the dead-letter queue of its rule. */
  readonly mailSuppressions: { readonly fn: AppFunction; readonly deadLetters: sqs.IQueue };
  /** The follow-mail queue's consumer and the queue's dead-letter queue (issue 44). */
  readonly followMail: { readonly fn: AppFunction; readonly deadLetters: sqs.IQueue };
  /** The discovery cards' stream consumer and its on-failure queue (issue 45). */
  readonly discoveryCards: { readonly fn: AppFunction; readonly deadLetters: sqs.IQueue };
  /** The Cognito pre-token-generation trigger. */
  readonly preTokenGeneration: AppFunction;
  /** Email address subscribed to the alarm topic (it must confirm the subscription). None: subscribe later. */
  readonly alarmEmail?: string;
  /** HTTPS endpoint subscribed to the alarm topic beside the email (it must confirm the subscription). */
  readonly alarmHttpsEndpoint?: string;
  /** Monthly cost budget in US dollars. @default DEFAULT_MONTHLY_BUDGET_USD */
  readonly monthlyBudgetUsd?: number;
}

/** Alarm thresholds, named so the README and the tests read the same numbers. */
export const ALARM_THRESHOLDS = {
  /** Declined card payments on the giving box in an hour (card testing). */
  declinesPerHour: 20,
  /** API answers with 5xx in 5 minutes. */
  api5xx: 5,
  /** p90 latency of the API in ms, three 5-minute periods running. */
  apiLatencyP90Ms: 3000,
  /** Unhandled errors of one function in 5 minutes. */
  functionErrors: 1,
  /** Throttled invocations of one function in 5 minutes. */
  functionThrottles: 1,
  /**
   * Pre-token-generation failures in 5 minutes. The trigger refuses a non-charity user on the charity
   * portal by failing (Cognito's only way to refuse), so a few are expected; a burst means it is broken.
   */
  preTokenErrors: 10,
  /** Mail that SES refused or failed, per function, in 5 minutes (one is already a charity without a code). */
  mailFailures: 1,
  /** Messages in the failed-runs queue. */
  failedRuns: 1,
  /** Age of the register data in hours (the Commission publishes daily; a refresh runs daily). */
  registerIndexAgeHours: 72,
  /**
   * Wrong verification codes across the platform in an hour: the level at which verification slows for everyone
   * (`VERIFY_BRAKE`), so someone is guessing codes from many sources at once.
   */
  wrongCodesPerHour: VERIFY_BRAKE.wrongCodesPerHour,
  /** SES account bounce rate (AWS reviews the account at 5 % and may pause sending at 10 %). */
  sesBounceRate: 0.05,
  /** SES account complaint rate (AWS reviews at 0.1 % and may pause at 0.5 %). */
  sesComplaintRate: 0.001,
} as const;

const FIVE_MINUTES = Duration.minutes(5);

/** The budget notifies when the month's actual cost passes this percent of it (and when the forecast passes 100). */
export const BUDGET_ACTUAL_ALERT_PERCENT = 80;

/** A business metric of ours (EMF, `METRICS_NAMESPACE`) summed over `period` for one function. */
const countOf = (metricName: string, service: string, period: Duration) =>
  new cloudwatch.Metric({
    namespace: METRICS_NAMESPACE,
    metricName,
    dimensionsMap: { service },
    period,
    statistic: 'Sum',
  });

/**
 * Being told: one SNS topic that every alarm notifies (and the budget), alarms on the API, on every function
 * (errors, throttles), on the jobs (errors, failed runs, register age), on the Cognito trigger and on SES's
 * account reputation, a CloudWatch dashboard with the same and the business metrics, and a monthly budget.
 * Deployed last; it only reads the other stacks.
 */
export class OpsStack extends Stack {
  public readonly alarmTopic: sns.Topic;
  public readonly dashboard: cloudwatch.Dashboard;
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: OpsStackProps) {
    super(scope, id, props);
    this.alarmTopic = new AlarmTopic(this, 'AlarmTopic', {
      email: props.alarmEmail,
      httpsEndpoint: props.alarmHttpsEndpoint,
      budgets: true,
    }).topic;
    this.action = new SnsAction(this.alarmTopic);

    const { httpApi } = props;
    this.alarm('Api5xx', {
      metric: httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: ALARM_THRESHOLDS.api5xx,
      description: 'The API answered 5xx (our own faults) repeatedly in 5 minutes.',
    });
    this.alarm('ApiLatency', {
      metric: httpApi.metricLatency({ period: FIVE_MINUTES, statistic: 'p90' }),
      threshold: ALARM_THRESHOLDS.apiLatencyP90Ms,
      evaluationPeriods: 3,
      description: 'The API p90 latency stayed above 3 s for 15 minutes.',
    });

    for (const [id, fn] of props.routeFunctions) this.functionAlarms(`Route-${id}`, fn);
    for (const [id, fn] of props.jobFunctions) this.functionAlarms(`Job-${id}`, fn);
    this.functionAlarms('MailSuppressionRecorder', props.mailSuppressions.fn);
    this.functionAlarms('FollowMailSender', props.followMail.fn);
    this.functionAlarms('DiscoveryCards', props.discoveryCards.fn);
    this.alarm('DiscoveryCardsFailed', {
      metric: props.discoveryCards.deadLetters.metricApproximateNumberOfMessagesVisible({
        period: FIVE_MINUTES,
        statistic: 'Maximum',
      }),
      threshold: ALARM_THRESHOLDS.failedRuns,
      description:
        'Discovery cards of some charities were not rebuilt after every try: /charities may show them as they were. The daily rebuild-discovery-cards job mends them; read the refresh-discovery-card logs, or run the job now (docs/operating.md).',
    });
    for (const [id, fn] of props.mailingFunctions ?? []) {
      this.alarm(`${id}-MailFailures`, {
        metric: countOf('MailFailures', fn.serviceName, FIVE_MINUTES),
        threshold: ALARM_THRESHOLDS.mailFailures,
        description: `${id}: SES refused or failed a message (sandbox, unverified identity or DKIM, throttling, outage). Read the function's "email not sent" log lines and the SES account page.`,
      });
    }
    this.alarm('MailSuppressionDeadLetters', {
      metric: props.mailSuppressions.deadLetters.metricApproximateNumberOfMessagesVisible({
        period: FIVE_MINUTES,
        statistic: 'Maximum',
      }),
      threshold: ALARM_THRESHOLDS.failedRuns,
      description:
        'SES bounce or complaint events could not be recorded for a day: those addresses are not suppressed. Read the DeadLetters queue of MailSuppressions in the API stack.',
    });
    this.alarm('FollowMailDeadLetters', {
      metric: props.followMail.deadLetters.metricApproximateNumberOfMessagesVisible({
        period: FIVE_MINUTES,
        statistic: 'Maximum',
      }),
      threshold: ALARM_THRESHOLDS.failedRuns,
      description:
        'A follow-mail job failed every try: some followers did not get a post or a digest. Read the send-follow-mail logs, then redrive the FollowMail DeadLetters queue of the stateful stack (docs/operating.md).',
    });
    this.alarm('PreTokenGenerationErrors', {
      metric: props.preTokenGeneration.function.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: ALARM_THRESHOLDS.preTokenErrors,
      description:
        'The Cognito pre-token-generation trigger failed often in 5 minutes: sign-ins may be failing for everyone.',
    });
    this.alarm('PreTokenGenerationThrottles', {
      metric: props.preTokenGeneration.function.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: ALARM_THRESHOLDS.functionThrottles,
      description: 'The Cognito pre-token-generation trigger was throttled: sign-ins fail.',
    });

    const failedRuns = props.failedRuns.metricApproximateNumberOfMessagesVisible({
      period: FIVE_MINUTES,
      statistic: 'Maximum',
    });
    this.alarm('FailedJobRuns', {
      metric: failedRuns,
      threshold: ALARM_THRESHOLDS.failedRuns,
      description:
        'A scheduled job failed (after its retry) or could not be started: read the FailedRuns queue of the jobs stack.',
    });

    const registerAge = new cloudwatch.Metric({
      namespace: METRICS_NAMESPACE,
      metricName: 'RegisterIndexAgeHours',
      dimensionsMap: { service: 'refresh-register' },
      period: Duration.days(1),
      statistic: 'Maximum',
    });
    this.alarm('RegisterIndexAge', {
      metric: registerAge,
      threshold: ALARM_THRESHOLDS.registerIndexAgeHours,
      // No value for a day means no successful refresh that day.
      treatMissingData: cloudwatch.TreatMissingData.BREACHING,
      evaluationPeriods: 2,
      description:
        'The register index is older than 3 days, or the refresh has not succeeded for 2 days: search and registration use stale data.',
    });

    this.alarm('WrongVerificationCodes', {
      metric: countOf('VerificationFailures', 'verify-charity-code', Duration.hours(1)),
      threshold: ALARM_THRESHOLDS.wrongCodesPerHour,
      description: `${ALARM_THRESHOLDS.wrongCodesPerHour} or more wrong verification codes in an hour across the platform: verification has slowed to one try a minute per account. Someone may be guessing codes from many addresses; look at the verify-charity-code logs and the WAF.`,
    });

    // Giving: card testing shows as a burst of declines; a paid session that does not match its donation is
    // flagged and never receipted, and someone must look at it.
    this.alarm('DonationDeclines', {
      metric: countOf('DonationDeclines', 'stripe-webhook', Duration.hours(1)),
      threshold: ALARM_THRESHOLDS.declinesPerHour,
      description: `${ALARM_THRESHOLDS.declinesPerHour} or more declined card payments in an hour: possible card testing on the giving box. Look at the create-donation sources (donations' \`source\`) and the WAF; lower the per-source limit if needed.`,
    });
    this.alarm('DonationMismatches', {
      metric: countOf('DonationMismatches', 'stripe-webhook', Duration.minutes(5)),
      threshold: 1,
      description:
        'A paid Checkout Session did not match its donation (amount, currency, destination or fee): the donation is flagged and no receipt was sent. Read the stripe-webhook log line "paid session does not match its donation".',
    });

    // The charity's money (issue 33): every dispute (chargeback) needs a person to answer it at Stripe in time.
    this.alarm('DonationDisputes', {
      metric: countOf('DonationDisputes', 'stripe-webhook', Duration.hours(1)),
      threshold: 1,
      description:
        "A donor's bank disputed a donation (charge.dispute.created): the donation left its charity's totals and the charity was emailed. Answer the dispute in Stripe's dashboard before its deadline (docs/decisions/19-money.md, 19.6). Read the stripe-webhook log line \"donation disputed\".",
    });
    // A refund Stripe reported done, then failed (issue 41): the charity holds money it meant to give back.
    this.alarm('RefundsFailed', {
      metric: countOf('RefundsFailed', 'stripe-webhook', Duration.hours(1)),
      threshold: 1,
      description:
        'A refund failed after Stripe reported it succeeded (charge.refund.updated, status failed): the donation is "refund_failed", back in its charity\'s totals, and the charity was emailed to contact support. Contact the donor and return the money another way. Read the stripe-webhook log line "a refund failed after it succeeded".',
    });
    // Payouts (issue 33): a payout whose balance transactions do not sum to it is recorded but its CSV refused.
    for (const service of ['stripe-connect-webhook', 'export-payout']) {
      this.alarm(`PayoutMismatches-${service}`, {
        metric: countOf('PayoutMismatches', service, Duration.minutes(5)),
        threshold: 1,
        description: `A payout's lines do not sum to the payout (${service}): its CSV is refused. Read the log line "payout lines do not sum to the payout" and compare with the payout's balance transactions at Stripe.`,
      });
    }

    const ses = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/SES',
        metricName,
        period: Duration.hours(1),
        statistic: 'Maximum',
      });
    this.alarm('SesBounceRate', {
      metric: ses('Reputation.BounceRate'),
      threshold: ALARM_THRESHOLDS.sesBounceRate,
      description:
        'The SES account bounce rate reached 5 %: AWS reviews the account, and may pause sending at 10 %.',
    });
    this.alarm('SesComplaintRate', {
      metric: ses('Reputation.ComplaintRate'),
      threshold: ALARM_THRESHOLDS.sesComplaintRate,
      description:
        'The SES complaint rate reached 0.1 %: AWS reviews the account, and may pause sending at 0.5 %.',
    });

    this.dashboard = this.createDashboard(props, failedRuns, registerAge, ses);
    this.createBudget(props.monthlyBudgetUsd ?? DEFAULT_MONTHLY_BUDGET_USD, props.alarmEmail);
  }

  private alarm(
    id: string,
    opts: {
      metric: cloudwatch.IMetric;
      threshold: number;
      description: string;
      evaluationPeriods?: number;
      treatMissingData?: cloudwatch.TreatMissingData;
    },
  ): cloudwatch.Alarm {
    const alarm = new cloudwatch.Alarm(this, id, {
      metric: opts.metric,
      threshold: opts.threshold,
      evaluationPeriods: opts.evaluationPeriods ?? 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: opts.treatMissingData ?? cloudwatch.TreatMissingData.NOT_BREACHING,
      alarmDescription: opts.description,
    });
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    return alarm;
  }

  private functionAlarms(id: string, fn: AppFunction): void {
    this.alarm(`${id}-Errors`, {
      metric: fn.function.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: ALARM_THRESHOLDS.functionErrors,
      description: `${id}: the function failed (an unhandled error, a timeout or out of memory).`,
    });
    this.alarm(`${id}-Throttles`, {
      metric: fn.function.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: ALARM_THRESHOLDS.functionThrottles,
      description: `${id}: invocations were throttled (concurrency exhausted).`,
    });
  }

  private createDashboard(
    props: OpsStackProps,
    failedRuns: cloudwatch.IMetric,
    registerAge: cloudwatch.IMetric,
    ses: (name: string) => cloudwatch.Metric,
  ): cloudwatch.Dashboard {
    const { httpApi } = props;
    const fns = [...props.routeFunctions.values(), ...props.jobFunctions.values(), props.preTokenGeneration];
    const sumOf = (label: string, metrics: (fn: AppFunction) => cloudwatch.IMetric) =>
      new cloudwatch.MathExpression({
        label,
        expression: fns.map((_, i) => `${label.toLowerCase()}${i}`).join('+'),
        usingMetrics: Object.fromEntries(fns.map((fn, i) => [`${label.toLowerCase()}${i}`, metrics(fn)])),
        period: FIVE_MINUTES,
      });
    const business = (name: string) =>
      new cloudwatch.MathExpression({
        label: name,
        expression: `SUM(SEARCH('{${METRICS_NAMESPACE},service} MetricName="${name}"', 'Sum', 3600))`,
        period: Duration.hours(1),
      });
    const dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      defaultInterval: Duration.days(1),
    });
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'API requests and errors',
        left: [
          httpApi.metricCount({ period: FIVE_MINUTES }),
          httpApi.metricClientError({ period: FIVE_MINUTES }),
          httpApi.metricServerError({ period: FIVE_MINUTES }),
        ],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'API latency (ms)',
        left: ['p50', 'p90', 'p99'].map((statistic) =>
          httpApi.metricLatency({ period: FIVE_MINUTES, statistic }),
        ),
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Functions: errors and throttles (all)',
        left: [
          sumOf('Errors', (fn) => fn.function.metricErrors({ statistic: 'Sum' })),
          sumOf('Throttles', (fn) => fn.function.metricThrottles({ statistic: 'Sum' })),
        ],
        width: 8,
      }),
    );
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Accounts',
        left: ['Registrations', 'CodesSent', 'VerificationFailures', 'Lockouts', 'Uploads'].map(business),
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Jobs: failed runs, register age (h)',
        left: [failedRuns],
        right: [registerAge],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'SES reputation',
        left: [ses('Reputation.BounceRate'), ses('Reputation.ComplaintRate')],
        width: 8,
      }),
    );
    // The route functions' own alarms are many; the widget shows the rest (their sum is graphed above).
    dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({
        title: 'Alarms',
        alarms: this.alarms().filter((a) => !a.node.id.startsWith('Route-')),
        width: 24,
      }),
    );
    return dashboard;
  }

  private alarms(): cloudwatch.IAlarm[] {
    return this.node.children.filter((c): c is cloudwatch.Alarm => c instanceof cloudwatch.Alarm);
  }

  private createBudget(limitUsd: number, email: string | undefined): void {
    const subscribers = [
      { subscriptionType: 'SNS', address: this.alarmTopic.topicArn },
      ...(email ? [{ subscriptionType: 'EMAIL', address: email }] : []),
    ];
    new budgets.CfnBudget(this, 'MonthlyBudget', {
      budget: {
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: limitUsd, unit: 'USD' },
      },
      notificationsWithSubscribers: [
        {
          notification: {
            notificationType: 'ACTUAL',
            comparisonOperator: 'GREATER_THAN',
            threshold: BUDGET_ACTUAL_ALERT_PERCENT,
            thresholdType: 'PERCENTAGE',
          },
          subscribers,
        },
        {
          notification: {
            notificationType: 'FORECASTED',
            comparisonOperator: 'GREATER_THAN',
            threshold: 100,
            thresholdType: 'PERCENTAGE',
          },
          subscribers,
        },
      ],
    });
  }
}
