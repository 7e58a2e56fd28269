import { ErrorCode } from '@shared/api/error-codes';
import type {
  CreateDonationRequest,
  CreateDonationRequest as CreateDonationSchema,
} from '@shared/api/schemas/giving';
import { brand } from '@shared/brand';
import {
  breakdown,
  type CardFee,
  GivingMessage,
  giftAidDeclaration,
  OUTSIDE_UK_POSTCODE,
  overCeiling,
} from '@shared/giving';
import type { z } from 'zod';
import type { CheckoutRequest, PaymentsPort } from '../../adapters/payments';
import { PaymentsError } from '../../adapters/payments';
import type { CharityData } from '../../data/charities';
import type { Donation, DonationData, GiftAidRecord } from '../../data/donations';
import { type RateCounters, secondsLeftInWindow } from '../../data/rate-limits';
import type { TxItem } from '../../data/table';
import { AppError, RateLimitError, ServiceUnavailableError, ValidationError } from '../../lib/http-errors';
import { recordMetric } from '../../lib/metrics';
import { settlePayoutChange } from '../preferences/payout-change';

type Input = z.output<typeof CreateDonationSchema>;

export type { CreateDonationRequest };

import { DECLINE_LIMIT } from './card-testing';

/** How long a donor has to pay on Checkout (Stripe's shortest expiry). */
export const CHECKOUT_MINUTES = 30;

/** New donations per source (card testing): per hour and per day. IPv6 sources are keyed by /64. */
export const DONATION_LIMITS = {
  hour: { scope: 'donation-ip', rule: { window: 3600, limit: 10 } },
  day: { scope: 'donation-ip-day', rule: { window: 'day' as const, limit: 30 } },
};

export interface GivingConfig {
  /** The stage's launch switch (`giving.open` in `config/<stage>.json`). */
  open: boolean;
  cardFee: CardFee;
  siteUrl: string;
}

export interface CreateDonationDeps {
  charities: Pick<CharityData, 'userIdByNumber' | 'getProfile' | 'getVerification' | 'applyPayoutChange'>;
  donations: Pick<DonationData, 'createPending' | 'setCheckoutSession'>;
  /** The transaction items that refuse the donation unless the charity can take it now. */
  givingChecks: (userId: string, accountId: string) => TxItem[];
  payments: Pick<PaymentsPort, 'createCheckoutSession'>;
  rates: Pick<RateCounters, 'hitAll' | 'read'>;
  giving: GivingConfig;
  clock: { now(): Date };
  newId: () => string;
}

const notTaking = () =>
  new AppError({
    statusCode: 409,
    code: ErrorCode.NotTakingDonations,
    message: GivingMessage.NotTakingDonations,
  });

function giftAidRecord(input: NonNullable<Input['gift_aid']>, text: string, at: string): GiftAidRecord {
  return {
    wording_version: input.wording_version,
    text,
    declared_at: at,
    title: input.title ? input.title : null,
    first_name: input.first_name,
    last_name: input.last_name,
    house: input.house,
    postcode: input.postcode ?? OUTSIDE_UK_POSTCODE,
    outside_uk_address: input.outside_uk_address,
  };
}

/**
 * A donor's gift: the figures computed here from the choices (never taken from the browser), the pending
 * donation written in one transaction with the checks that the charity is vetted, live and can take charges,
 * then a Stripe Checkout Session (a destination charge to the charity) whose page the donor is sent to.
 */
export async function createDonation(
  deps: CreateDonationDeps,
  input: Input,
  ctx: { sourceIp: string | undefined },
): Promise<{ success: true; donation_id: string; checkout_url: string }> {
  if (!deps.giving.open)
    throw new AppError({
      statusCode: 409,
      code: ErrorCode.GivingClosed,
      message: GivingMessage.GivingClosed,
    });
  const figures = breakdown(
    { amountPence: input.amount_pence, tip: input.tip, coverFee: input.cover_fee },
    deps.giving.cardFee,
  );
  // The £10,000.00 ceiling bounds the total charged, the covered fee and the tip included (decision 17.11);
  // asked before the rate limit, so a donor who lowers the amount has not used up an attempt.
  const ceiling = overCeiling(figures);
  if (ceiling) throw new ValidationError(ceiling, 'amount_pence');
  const now = deps.clock.now();
  const source = ctx.sourceIp ?? 'unknown';
  // Card testing: a source whose cards were declined too often this hour starts no new donation until it ends.
  const declines = await deps.rates.read(DECLINE_LIMIT.scope, source, DECLINE_LIMIT.rule.window, now);
  if (declines >= DECLINE_LIMIT.rule.limit)
    throw new RateLimitError(GivingMessage.TooMany, {
      isRateLimit: true,
      waitTime: secondsLeftInWindow(DECLINE_LIMIT.rule.window, now),
    });
  const limited = await deps.rates.hitAll(
    [
      { scope: DONATION_LIMITS.hour.scope, key: source, rule: DONATION_LIMITS.hour.rule },
      { scope: DONATION_LIMITS.day.scope, key: source, rule: DONATION_LIMITS.day.rule },
    ],
    now,
  );
  if (!limited.allowed)
    throw new RateLimitError(GivingMessage.TooMany, {
      isRateLimit: true,
      waitTime: limited.retryAfterSeconds,
    });

  const userId = await deps.charities.userIdByNumber(input.registration_number);
  if (!userId) throw notTaking();
  const [profile, flags] = await Promise.all([
    // A held payout change whose 72 hours have passed takes effect before the money is routed (decision 04.7).
    deps.charities.getProfile(userId).then((p) => settlePayoutChange(deps, userId, p)),
    deps.charities.getVerification(userId),
  ]);
  const accountId = profile?.stripe_account_id;
  if (
    !profile ||
    !accountId ||
    !profile.stripe_charges_enabled ||
    !flags?.verified ||
    flags.locked ||
    !flags.page_is_live
  )
    throw notTaking();
  if (input.gift_aid && !profile.hmrc_reference)
    throw new AppError({
      statusCode: 409,
      code: ErrorCode.GiftAidUnavailable,
      message: GivingMessage.GiftAidUnavailable,
      field: 'gift_aid',
    });

  const at = now.toISOString();
  const donation: Donation = {
    id: deps.newId(),
    status: 'pending',
    charity_user_id: userId,
    registration_number: profile.registration_number,
    charity_name: profile.charity_name,
    stripe_account_id: accountId,
    donation_pence: figures.donationPence,
    card_fee_pence: figures.cardFeePence,
    tip_pence: figures.tipPence,
    total_pence: figures.totalPence,
    application_fee_pence: figures.applicationFeePence,
    chosen_pence: input.amount_pence,
    covered_fee: input.cover_fee,
    currency: 'gbp',
    email: input.email,
    anonymous: input.anonymous,
    may_email: input.may_email,
    message: input.message ? input.message : null,
    gift_aid: input.gift_aid
      ? giftAidRecord(input.gift_aid, giftAidDeclaration(profile.charity_name, figures.donationPence), at)
      : null,
    created_at: at,
    source: ctx.sourceIp ?? null,
  };
  if (!(await deps.donations.createPending(donation, deps.givingChecks(userId, accountId))))
    throw notTaking();

  const page = `${deps.giving.siteUrl.replace(/\/+$/, '')}/charities/${profile.registration_number}`;
  const request: CheckoutRequest = {
    donationId: donation.id,
    email: input.email,
    donation: { name: `Donation to ${profile.charity_name}`, pence: figures.donationPence },
    tip:
      figures.tipPence > 0 ? { name: `Optional tip to ${brand.productName}`, pence: figures.tipPence } : null,
    applicationFeePence: figures.applicationFeePence,
    destination: accountId,
    successUrl: `${page}/thank-you?donation=${donation.id}`,
    cancelUrl: `${page}?giving=cancelled#give`,
    expiresAt: Math.floor(now.getTime() / 1000) + CHECKOUT_MINUTES * 60 + 60,
  };
  let session: { id: string; url: string };
  try {
    session = await deps.payments.createCheckoutSession(request);
  } catch (error) {
    if (error instanceof PaymentsError && error.failure === 'invalid-request') throw notTaking();
    throw new ServiceUnavailableError(undefined, error);
  }
  await deps.donations.setCheckoutSession(donation.id, session.id);
  recordMetric('DonationsCreated');
  return { success: true, donation_id: donation.id, checkout_url: session.url };
}
