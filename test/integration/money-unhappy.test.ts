/**
 * The unhappy paths of money (issue 41), through the real parts: the local Stripe, the webhook routes of the
 * local cloud, DynamoDB Local. Each test failed against the code before its fix.
 */

import { DonationsMessage } from '@shared/donations';
import { GivingMessage } from '@shared/giving';
import { signatureHeader } from '../../infra/local/stripe/webhooks';
import { suppressionData } from '../../lambdas/data/suppressions';
import { CARD_ATTEMPTS_PER_DONATION, DECLINE_LIMIT } from '../../lambdas/domain/giving/card-testing';
import { callApi, freshAddress, mailTo } from '../support/api';
import { getItem } from '../support/charity';
import { withRoomInWindow } from '../support/clock-windows';
import { cloud } from '../support/cloud';
import { donationSummary, listDonations, refund, storedDonation } from '../support/donations';
import {
  CARDS,
  donationInput,
  type GivingCharity,
  give,
  makeGivingCharity,
  payOnCheckout,
  startDonation,
} from '../support/giving';
import {
  calmStripe,
  eventsDelivered,
  moveDispute,
  openDispute,
  settleAsyncPayment,
  stripeGet,
  stripeSwitch,
  stripeUnruly,
} from '../support/payments';
import { testTable } from '../support/table';

let charity: GivingCharity;

beforeAll(async () => {
  charity = await makeGivingCharity({ label: 'unhappy' });
}, 120_000);
afterEach(() => calmStripe());

/** Waits until a donation reaches a status (what the charity would see), or fails after `tries` reads. */
async function donationBecomes(id: string, status: string, tries = 200) {
  for (let i = 0; i < tries; i++) {
    await eventsDelivered();
    const now = await storedDonation(id);
    if (now?.status === status) return now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`donation ${id} is ${(await storedDonation(id))?.status}, not ${status}`);
}

/** A donation paid on Checkout (its events delivered or not): its id and the donor's address. */
async function pay(card: string = CARDS.paid, over = {}) {
  const input = donationInput(charity, over);
  const { donation_id, checkout_url } = await startDonation(input);
  expect((await payOnCheckout(checkout_url, card, input.email)).status).toBe(303);
  return { id: donation_id, email: input.email };
}

const summary = async () =>
  (await donationSummary(charity.idToken)).body as { raised_pence: number; supporters: number };

/** Posts an event to one of our webhook routes, signed as Stripe signs it (the endpoint's own secret). */
async function deliverAsStripe(endpoint: 'webhook' | 'connect-webhook', event: Record<string, unknown>) {
  const secret =
    endpoint === 'webhook'
      ? cloud().env.STRIPE_WEBHOOK_SECRET
      : (cloud().env.STRIPE_CONNECT_WEBHOOK_SECRET as string);
  const payload = JSON.stringify(event);
  const res = await fetch(`${cloud().appUrl}/api/stripe/${endpoint}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signatureHeader(secret as string, payload),
    },
    body: payload,
  });
  return res.status;
}

describe('a suppressed donor address (item 5)', () => {
  it('records the payment, skips the receipt and answers Stripe 200 (no three days of 422)', async () => {
    const input = donationInput(charity);
    await suppressionData(testTable()).record(input.email, 'bounce', new Date(), 'mailbox does not exist');
    const { donation_id, checkout_url } = await startDonation(input);
    expect((await payOnCheckout(checkout_url, CARDS.paid, input.email)).status).toBe(303);
    await eventsDelivered();
    const stored = await storedDonation(donation_id);
    expect(stored?.status).toBe('paid');
    // The receipt's claim is kept (skipped, not failed): no retry will try again.
    expect(stored?.receipt_sent_at).toEqual(expect.any(String));
    expect(await mailTo(input.email)).toEqual([]);
  });
});

describe('account.updated out of order (item 6)', () => {
  const profile = async () => (await getItem(charity.userId, 'PROFILE')) as Record<string, unknown>;
  const staleEvent = (enabled: boolean) => ({
    id: `evt_stale_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: 'account.updated',
    livemode: false,
    created: Math.floor(Date.now() / 1000) - 600,
    account: charity.accountId,
    data: { object: { id: charity.accountId, object: 'account', charges_enabled: enabled, metadata: {} } },
  });

  it('a late "can take charges" after the account was disabled leaves it disabled', async () => {
    await stripeSwitch(`accounts/${charity.accountId}`, { enabled: false });
    await eventsDelivered();
    expect((await profile()).stripe_charges_enabled).toBe(false);
    // The event of an earlier moment (the account enabled) arrives now: Stripe's account is the truth.
    expect(await deliverAsStripe('connect-webhook', staleEvent(true))).toBe(200);
    expect((await profile()).stripe_charges_enabled).toBe(false);
  });

  it('a late "cannot take charges" after the account was enabled again leaves it enabled', async () => {
    await stripeSwitch(`accounts/${charity.accountId}`, { enabled: true });
    await eventsDelivered();
    expect((await profile()).stripe_charges_enabled).toBe(true);
    expect(await deliverAsStripe('connect-webhook', staleEvent(false))).toBe(200);
    expect((await profile()).stripe_charges_enabled).toBe(true);
    expect((await stripeGet(`/v1/accounts/${charity.accountId}`)).charges_enabled).toBe(true);
  });
});

describe('paid_at is when Stripe took the money (item 7)', () => {
  it("is the charge's time, not when a late webhook ran", async () => {
    await stripeUnruly({ delay_ms: 2500 });
    const { id } = await pay();
    const stored = await donationBecomes(id, 'paid');
    const charge = await stripeGet(`/v1/charges/${stored.charge_id}`);
    expect(stored.paid_at).toBe(new Date((charge.created as number) * 1000).toISOString());
  });
});

describe('delayed payment methods (item 3)', () => {
  it('sessions take cards only; a session completed unpaid is paid by async_payment_succeeded', async () => {
    await stripeUnruly({ async_payments: 'succeed', async_after_ms: 0 });
    const { id, email } = await pay();
    await eventsDelivered();
    const pending = await storedDonation(id);
    expect(pending?.status).toBe('pending');
    const session = await stripeGet(`/v1/checkout/sessions/${pending?.checkout_session_id}`);
    expect(session.payment_method_types).toEqual(['card']);
    expect(session.payment_status).toBe('unpaid');
    await settleAsyncPayment(pending?.checkout_session_id as string, 'succeeded');
    const paid = await donationBecomes(id, 'paid');
    expect(paid.receipt_sent_at).toEqual(expect.any(String));
    expect((await mailTo(email)).length).toBe(1);
  });

  it('a delayed payment that fails moves the donation to failed, with no receipt', async () => {
    await stripeUnruly({ async_payments: 'fail', async_after_ms: 0 });
    const { id, email } = await pay();
    await eventsDelivered();
    const pending = await storedDonation(id);
    await settleAsyncPayment(pending?.checkout_session_id as string, 'failed');
    await donationBecomes(id, 'failed');
    expect(await mailTo(email)).toEqual([]);
  });
});

describe('a refund that fails after it succeeded (item 2)', () => {
  it('moves the donation to refund_failed, back in the totals, and tells the charity what to do', async () => {
    const { id } = await pay(CARDS.refundFails);
    await donationBecomes(id, 'paid');
    const before = await summary();
    const answer = await refund(charity, id, charity.app);
    expect(answer.status).toBe(200);
    expect((await storedDonation(id))?.status).toBe('refunded');
    expect((await summary()).raised_pence).toBe(before.raised_pence - 2500);
    const failed = await donationBecomes(id, 'refund_failed');
    expect(failed.refund_failure_reason).toBe('expired_or_canceled_card');
    const after = await summary();
    expect(after.raised_pence).toBe(before.raised_pence);
    expect(after.supporters).toBe(before.supporters);
    const mail = (await mailTo(charity.email)).filter((m) => m.subject.includes('did not go through'));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain(id);
    const listed = (await listDonations(charity.idToken)).body.donations as { id: string; status: string }[];
    expect(listed.find((d) => d.id === id)?.status).toBe('refund_failed');
  }, 60_000);
});

describe('disputes (item 4)', () => {
  it('an inquiry keeps the donation paid and counted; warning_closed leaves it paid', async () => {
    const { id } = await pay();
    const paid = await donationBecomes(id, 'paid');
    const before = await summary();
    const inquiry = await openDispute(paid.charge_id as string, { inquiry: true });
    expect(inquiry.status).toBe('warning_needs_response');
    await eventsDelivered();
    expect(await storedDonation(id)).toMatchObject({
      status: 'paid',
      dispute_status: 'warning_needs_response',
    });
    expect((await summary()).raised_pence).toBe(before.raised_pence);
    await moveDispute(inquiry.id, 'warning_closed');
    await eventsDelivered();
    expect(await storedDonation(id)).toMatchObject({ status: 'paid', dispute_status: 'warning_closed' });
    expect((await summary()).raised_pence).toBe(before.raised_pence);
  });

  it('a late retry of charge.dispute.created for a dispute already won does not open it again', async () => {
    const { id } = await pay();
    const paid = await donationBecomes(id, 'paid');
    const before = await summary();
    const dispute = await openDispute(paid.charge_id as string);
    await donationBecomes(id, 'disputed');
    expect((await summary()).raised_pence).toBe(before.raised_pence - 2500);
    await moveDispute(dispute.id, 'under_review');
    await moveDispute(dispute.id, 'won');
    await donationBecomes(id, 'paid');
    const retry = {
      id: `evt_retry_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type: 'charge.dispute.created',
      livemode: false,
      created: Math.floor(Date.now() / 1000) - 3600,
      data: {
        object: { id: dispute.id, object: 'dispute', charge: paid.charge_id, status: 'needs_response' },
      },
    };
    expect(await deliverAsStripe('webhook', retry)).toBe(200);
    expect(await storedDonation(id)).toMatchObject({ status: 'paid', dispute_status: 'won' });
    expect((await summary()).raised_pence).toBe(before.raised_pence);
  });
});

describe('payouts read once Stripe has reconciled them (item 8)', () => {
  it('records the payout on payout.paid and its donations on payout.reconciliation_completed', async () => {
    await stripeUnruly({ reconciliation_after_ms: 5000 });
    const { id } = await pay();
    await donationBecomes(id, 'paid');
    const made = (await stripeSwitch('payouts', { account: charity.accountId })) as {
      payouts: { id: string; amount: number }[];
    };
    const payout = made.payouts[0] as { id: string; amount: number };
    const listed = async () =>
      (
        (await callApi('GET', '/api/me/payouts', undefined, { token: charity.idToken })).body.payouts as {
          id: string;
          donations: number;
        }[]
      ).find((p) => p.id === payout.id);
    const exportPayout = () =>
      callApi('POST', `/api/me/payouts/${payout.id}/export`, {}, { token: charity.idToken });
    // Until Stripe says the list is complete: the payout alone, and its file not yet.
    for (let i = 0; i < 100 && !(await listed()); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await listed()).toMatchObject({ donations: 0 });
    expect(await exportPayout()).toMatchObject({
      status: 409,
      body: { error: DonationsMessage.PayoutReconciling },
    });
    for (let i = 0; i < 200 && !(await listed())?.donations; i++) {
      await eventsDelivered();
      await new Promise((r) => setTimeout(r, 100));
    }
    // Every donation of the charity so far (this one among them), from the completed list.
    expect((await listed())?.donations).toBeGreaterThanOrEqual(1);
    expect((await exportPayout()).status).toBe(200);
  }, 60_000);
});

describe('card testing (item 13)', () => {
  it('closes a session after 3 declined cards, and stops a source after 5 declines in its hour', async () => {
    await withRoomInWindow(DECLINE_LIMIT.rule.window, 30);
    const from = freshAddress();
    const first = donationInput(charity);
    const { donation_id, checkout_url } = await startDonation(first, from);
    for (let i = 0; i < CARD_ATTEMPTS_PER_DONATION; i++) {
      expect((await payOnCheckout(checkout_url, CARDS.declined, first.email)).status).toBe(402);
      await eventsDelivered();
    }
    // The third decline closed the session at Stripe: the donation expired, no fourth card is tried.
    await donationBecomes(donation_id, 'expired');
    const fourth = await payOnCheckout(checkout_url, CARDS.paid, first.email);
    expect(fourth.text).toContain('no longer open');
    expect((await storedDonation(donation_id))?.status).toBe('expired');
    // Two more declines on another donation from the same source: 5 this hour, so no sixth donation.
    const second = await startDonation(donationInput(charity), from);
    for (let i = 0; i < DECLINE_LIMIT.rule.limit - CARD_ATTEMPTS_PER_DONATION; i++) {
      await payOnCheckout(second.checkout_url, CARDS.declined);
      await eventsDelivered();
    }
    expect(await give(donationInput(charity), from)).toMatchObject({
      status: 429,
      body: { error: GivingMessage.TooMany, isRateLimit: true },
    });
    // Another source is not held back.
    expect((await give(donationInput(charity), freshAddress())).status).toBe(200);
  });
});

describe('a burst of payments to one charity (item 1)', () => {
  it('300 payments, 25 deliveries in flight, duplicated and shuffled: each paid once, one receipt, exact totals', async () => {
    const burst = await makeGivingCharity({ label: 'burst', giftAid: false });
    await stripeUnruly({ parallel: 25, duplicates: true, shuffle: true, delay_ms: 1000 });
    const N = 300;
    const paid: { id: string; email: string }[] = [];
    for (let i = 0; i < N; i += 10) {
      paid.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(10, N - i) }, async () => {
            const input = donationInput(burst, { amount_pence: 200 + Math.floor(Math.random() * 5000) });
            const { donation_id, checkout_url } = await startDonation(input);
            expect((await payOnCheckout(checkout_url, CARDS.paid, input.email)).status).toBe(303);
            return { id: donation_id, email: input.email, pence: input.amount_pence };
          }),
        )),
      );
    }
    await eventsDelivered();
    const stored = await Promise.all(paid.map((p) => storedDonation(p.id)));
    expect(stored.filter((d) => d?.status !== 'paid').map((d) => d?.id)).toEqual([]);
    expect(stored.every((d) => d?.receipt_sent_at)).toBe(true);
    const store = (await (await fetch(`${cloud().mailboxUrl}/store`)).json()) as {
      emails: { destination: { to: string[] } }[];
    };
    const receipts = new Map<string, number>();
    for (const m of store.emails)
      for (const to of m.destination.to)
        receipts.set(to.toLowerCase(), (receipts.get(to.toLowerCase()) ?? 0) + 1);
    expect(paid.filter((p) => receipts.get(p.email.toLowerCase()) !== 1)).toEqual([]);
    const total = stored.reduce((sum, d) => sum + (d?.donation_pence ?? 0), 0);
    const figures = (await donationSummary(burst.idToken)).body as Record<string, number>;
    expect(figures.raised_pence).toBe(total);
    expect(figures.supporters).toBe(N);
  }, 600_000);
});
