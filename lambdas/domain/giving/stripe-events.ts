import { ErrorCode } from '@shared/api/error-codes';
import { PaymentsError } from '../../adapters/payments';
import { AppError } from '../../lib/http-errors';
import { recordMetric } from '../../lib/metrics';
import { verifyStripeSignature } from '../../lib/stripe-signature';
import { chargeRefunded, disputeChanged, disputeClosed, refundUpdated } from './money-events';
import {
  chargeChanged,
  paymentDeclined,
  sessionExpired,
  sessionPaid,
  sessionPaymentFailed,
} from './payment-events';
import { payoutEvent } from './payouts';
import {
  type ConnectDeps,
  metadataOf,
  type PlatformDeps,
  type StripeEvent,
  text,
  type WebhookDeps,
} from './webhook-types';

export { donorName } from './payment-events';
export type { ConnectDeps, PlatformDeps, StripeEvent, WebhookDeps } from './webhook-types';

const badSignature = () =>
  new AppError({
    statusCode: 400,
    code: ErrorCode.BadSignature,
    message: 'The webhook signature is not valid.',
  });

/**
 * Verifies and reads an event: the raw bytes against the signature (before any parsing), then the JSON. A bad
 * signature is a 400 (Stripe shows it on the endpoint); an event of the other mode is acknowledged unread.
 */
async function readEvent(
  deps: WebhookDeps,
  input: { body: string; signature?: string },
): Promise<StripeEvent | null> {
  const rawBody = Buffer.from(input.body, 'base64');
  const verdict = verifyStripeSignature({
    rawBody,
    header: input.signature,
    secret: await deps.signingSecret(),
    nowSeconds: Math.floor(deps.clock.now().getTime() / 1000),
  });
  if (verdict !== 'valid') {
    recordMetric('WebhookSignatureFailures');
    deps.warn('webhook signature refused', { verdict });
    throw badSignature();
  }
  let event: StripeEvent;
  try {
    event = JSON.parse(rawBody.toString('utf8')) as StripeEvent;
  } catch {
    throw badSignature();
  }
  if (
    typeof event?.id !== 'string' ||
    typeof event.type !== 'string' ||
    typeof event.data?.object !== 'object' ||
    event.data.object === null
  )
    throw badSignature();
  if (event.livemode !== deps.livemode) {
    deps.warn('webhook of the other mode ignored', { id: event.id, livemode: event.livemode });
    return null;
  }
  if (await deps.events.seen(event.id)) return null;
  return event;
}

/**
 * Handles an event once: a redelivery is acknowledged; every change it makes is conditional anyway. The event is
 * marked seen only after its effect is stored: a handler that could not store it (a conflict it gave up on, a
 * dependency down, an event before the one it follows) throws, the endpoint answers 5xx, and Stripe retries.
 */
async function receive<D extends WebhookDeps>(
  deps: D,
  input: { body: string; signature?: string },
  handle: (deps: D, event: StripeEvent) => Promise<void>,
): Promise<{ received: true }> {
  const event = await readEvent(deps, input);
  if (event) {
    await handle(deps, event);
    await deps.events.record(event.id, event.type, deps.clock.now());
  }
  return { received: true };
}

async function platformEvent(deps: PlatformDeps, event: StripeEvent): Promise<void> {
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return sessionPaid(deps, object, event);
    case 'checkout.session.async_payment_failed':
      return sessionPaymentFailed(deps, object);
    case 'checkout.session.expired':
      return sessionExpired(deps, object);
    case 'payment_intent.payment_failed':
      return paymentDeclined(deps, object, event);
    case 'charge.succeeded':
    case 'charge.updated':
      return chargeChanged(deps, object);
    // The charity's money (issue 33): refunds (ours or from Stripe's dashboard) and disputes.
    case 'charge.refunded':
      return chargeRefunded(deps, object);
    case 'charge.refund.updated':
    case 'refund.updated':
    case 'refund.failed':
      return refundUpdated(deps, object);
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.funds_withdrawn':
      return disputeChanged(deps, object);
    case 'charge.dispute.closed':
      return disputeClosed(deps, object);
    default:
      return;
  }
}

/**
 * `account.updated`: whether the charity's account can take charges, read from Stripe itself on every event
 * (events arrive in any order; the account as it is now is the truth), and only while it is still the charity's
 * payment account (a late event about a replaced account changes nothing).
 */
async function accountUpdated(deps: ConnectDeps, event: StripeEvent): Promise<void> {
  const accountId = text(event.data.object.id) ?? text(event.account);
  if (!accountId) return;
  let account: Awaited<ReturnType<ConnectDeps['payments']['getAccount']>>;
  try {
    account = await deps.payments.getAccount(accountId);
  } catch (error) {
    if (error instanceof PaymentsError && error.failure === 'not-found') {
      deps.warn('account.updated for an account Stripe does not know', { account: accountId });
      return;
    }
    throw error;
  }
  const userId = account.charityId ?? text(metadataOf(event.data.object).charity_id);
  if (!userId) return;
  await deps.charities.setChargesEnabled(userId, account.id, account.chargesEnabled);
}

async function connectEvent(deps: ConnectDeps, event: StripeEvent): Promise<void> {
  // Payouts (issue 33, REPORTS).
  if (event.type.startsWith('payout.')) return payoutEvent(deps, event);
  if (event.type === 'account.updated') return accountUpdated(deps, event);
}

/** `POST /api/stripe/webhook`: Checkout, payment intents and charges of the platform account. */
export const receivePlatformEvent = (deps: PlatformDeps, input: { body: string; signature?: string }) =>
  receive(deps, input, platformEvent);

/** `POST /api/stripe/connect-webhook`: connected accounts' events, with their own signing secret. */
export const receiveConnectEvent = (deps: ConnectDeps, input: { body: string; signature?: string }) =>
  receive(deps, input, connectEvent);
