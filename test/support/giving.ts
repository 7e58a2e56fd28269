/// <reference lib="dom" />
import type { CreateDonationRequest } from '@shared/api/schemas/giving';
import { GIFT_AID_WORDING_VERSION } from '@shared/giving';
import { callApi, freshAddress, post } from './api';
import type { TestCharity } from './charity';
import { fakeJpeg } from './media';
import { connectPaymentAccount, eventsDelivered } from './payments';
import { makeLiveCharity } from './public-page';
import type { SignInAgain, TestAuthenticator } from './two-step';

/** Stripe's test cards. */
export const CARDS = {
  paid: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  /** Pays; a refund of it succeeds, then fails (`charge.refund.updated`, `refund.failed`). */
  refundFails: '4000 0000 0000 5126',
} as const;

/** Connected through Stripe's onboarding, so two-step sign-in is on: `app` is its authenticator. */
export type GivingCharity = TestCharity & { accountId: string; app: TestAuthenticator };

/**
 * A charity donors can give to: live, vetted, its payment account connected through the local Stripe (and
 * able to take charges), with an HMRC charity reference unless `giftAid` is false.
 */
export async function makeGivingCharity(
  opts: {
    giftAid?: boolean;
    label?: string;
    charityName?: string;
    /** The sign-in once two-step is on (a journey's through the page): see `withTwoStep`. */
    signInAgain?: SignInAgain;
  } = {},
): Promise<GivingCharity> {
  const live = await makeLiveCharity({
    label: opts.label ?? 'giving',
    charityName: opts.charityName,
    images: [fakeJpeg()],
  });
  const connected = await connectPaymentAccount(live, opts.signInAgain);
  if (opts.giftAid !== false) {
    const saved = await callApi(
      'PUT',
      '/api/me/preferences/payments/hmrc-reference',
      { hmrc_reference: 'AB12345' },
      { token: connected.idToken },
    );
    if (saved.status !== 200) throw new Error(`HMRC reference: ${JSON.stringify(saved.body)}`);
  }
  await eventsDelivered();
  return connected;
}

/** A donation's choices: £25, no tip, nothing else, unless `over` says otherwise. */
export function donationInput(
  charity: { registrationNumber: string },
  over: Partial<CreateDonationRequest> = {},
): CreateDonationRequest {
  return {
    registration_number: charity.registrationNumber,
    amount_pence: 2500,
    tip: { kind: 'none' },
    cover_fee: false,
    anonymous: false,
    may_email: false,
    email: `donor-${Math.random().toString(36).slice(2)}@example.org`,
    adult: true,
    gift_aid: null,
    ...over,
  };
}

/** A Gift Aid declaration as a UK donor makes it. */
export const UK_GIFT_AID = {
  wording_version: GIFT_AID_WORDING_VERSION,
  title: 'Ms',
  first_name: 'Ada',
  last_name: 'Lovelace',
  house: '12',
  postcode: 'sw1a 1aa',
  outside_uk_address: null,
  own_money: true,
} as const;

/** Pays a donation's Checkout page with a card, as the donor does; answers the page's status and where it went. */
export async function payOnCheckout(
  checkoutUrl: string,
  card: string,
  email = 'donor@example.org',
  billingName = 'Ada Lovelace',
) {
  const res = await fetch(checkoutUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email,
      cardNumber: card,
      cardExpiry: '12 / 40',
      cardCvc: '123',
      billingName,
    }),
  });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

/**
 * Posts a donation from an address of its own unless `from` is given (10 new donations an hour per address:
 * each test's donations must not use up another's).
 */
export const give = (input: unknown, from: string = freshAddress()) =>
  post('/api/donations', input, { from });

/** Creates a donation through the API; throws unless it is accepted. */
export async function startDonation(input: CreateDonationRequest, from?: string) {
  const res = await give(input, from);
  if (res.status !== 200) throw new Error(`donation refused ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as { donation_id: string; checkout_url: string };
}

/** The thank-you page's answer for a donation. */
export async function donationStatus(id: string) {
  return callApi('GET', `/api/donations/${id}`);
}
