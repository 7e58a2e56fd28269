import { createHmac } from 'node:crypto';
import { breakdown, DEFAULT_CARD_FEE, giftAidDeclaration } from '@shared/giving';
import { retainedExpiresAt, unpaidExpiresAt } from '../../lambdas/data/donation-item';
import { callApi, freshAddress, mailTo } from '../support/api';
import { createCharity } from '../support/charity';
import { applyCloudEnvironment, cloud } from '../support/cloud';
import {
  CARDS,
  donationInput,
  donationStatus,
  type GivingCharity,
  give,
  makeGivingCharity,
  payOnCheckout,
  startDonation,
  UK_GIFT_AID,
} from '../support/giving';
import { fakeJpeg } from '../support/media';
import { madeUpNumber } from '../support/numbers';
import { eventsDelivered, stripeGet, stripeSwitch } from '../support/payments';
import { makeLiveCharity } from '../support/public-page';
import { testTable } from '../support/table';

/**
 * Giving end to end through the local Stripe: the donation written with its checks, Checkout paid with Stripe's
 * test cards, the signed events delivered to the webhook routes (duplicated and shuffled too), the receipt
 * sent once, and every way a donation must be refused.
 */
// Each test that makes a charity signs in, onboards at the local Stripe and writes pages: seconds, not 5.
jest.setTimeout(60_000);

let charity: GivingCharity;

beforeAll(async () => {
  charity = await makeGivingCharity();
}, 120_000);

afterEach(() => stripeSwitch('delivery', { duplicates: false, shuffle: false }));

async function storedDonation(id: string) {
  const { donationData } = await import('../../lambdas/data/donations');
  return donationData(testTable()).get(id);
}

describe('giving', () => {
  it('a donor gives £25 with a 10% tip and Gift Aid: paid, the money moved, the receipt sent once', async () => {
    const input = donationInput(charity, { tip: { kind: 'percent', percent: 10 }, gift_aid: UK_GIFT_AID });
    const { donation_id, checkout_url } = await startDonation(input);
    expect((await donationStatus(donation_id)).body.donation).toMatchObject({ status: 'pending' });

    const paid = await payOnCheckout(checkout_url, CARDS.paid, input.email);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(
      `${cloud().appUrl}/charities/${charity.registrationNumber}/thank-you?donation=${donation_id}`,
    );
    await eventsDelivered();

    const figures = breakdown(
      { amountPence: 2500, tip: { kind: 'percent', percent: 10 }, coverFee: false },
      DEFAULT_CARD_FEE,
    );
    expect((await donationStatus(donation_id)).body.donation).toEqual({
      status: 'paid',
      registration_number: charity.registrationNumber,
      charity_name: charity.charityName,
      donation_pence: 2500,
      tip_pence: 250,
      total_pence: 2750,
      gift_aid: true,
    });
    const stored = await storedDonation(donation_id);
    expect(stored).toMatchObject({
      card_fee_pence: figures.cardFeePence,
      application_fee_pence: 250 + figures.cardFeePence,
      stripe_account_id: charity.accountId,
      card_country: 'GB',
      gift_aid: {
        postcode: 'SW1A 1AA',
        first_name: 'Ada',
        text: giftAidDeclaration(charity.charityName, 2500),
        wording_version: UK_GIFT_AID.wording_version,
      },
    });
    // Stripe's own fee on the whole charge is recorded beside ours (1.5% + 20p on £27.50).
    expect(stored?.stripe_fee_pence).toBe(61);
    // The charity's transfer is the charge less Kindred's application fee (the tip and the card fee).
    const charge = await stripeGet(`/v1/charges/${stored?.charge_id}`);
    const transfer = await stripeGet(`/v1/transfers/${charge.transfer}`);
    expect(transfer).toMatchObject({
      amount: 2750 - (250 + figures.cardFeePence),
      destination: charity.accountId,
    });

    const receipts = await mailTo(input.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain(`Donation to ${charity.charityName}: £25.00`);
    expect(receipts[0]?.text).toContain('Optional tip to Kindred: £2.50');
    expect(receipts[0]?.text).toContain('Total charged to your card: £27.50');
    expect(receipts[0]?.text).toContain(`registered charity number ${charity.registrationNumber}`);
    expect(receipts[0]?.text).toContain(`Reference: ${donation_id}`);
    expect(receipts[0]?.text).toContain(giftAidDeclaration(charity.charityName, 2500));
  });

  it('duplicated and shuffled events move the donation once and send one receipt', async () => {
    await stripeSwitch('delivery', { duplicates: true, shuffle: true });
    const input = donationInput(charity);
    const { donation_id, checkout_url } = await startDonation(input);
    expect((await payOnCheckout(checkout_url, CARDS.paid, input.email)).status).toBe(303);
    await eventsDelivered();
    expect((await donationStatus(donation_id)).body.donation).toMatchObject({
      status: 'paid',
      gift_aid: false,
    });
    expect(await mailTo(input.email)).toHaveLength(1);
  });

  it('a declined card keeps the donation pending, records why, and sends nothing', async () => {
    const input = donationInput(charity);
    const { donation_id, checkout_url } = await startDonation(input);
    const declined = await payOnCheckout(checkout_url, CARDS.declined, input.email);
    expect(declined.status).toBe(402);
    expect(declined.text).toContain('Your card was declined.');
    // Each attempt's events are delivered on their own, in no promised order (as at Stripe): one at a time here.
    await eventsDelivered();
    expect((await storedDonation(donation_id))?.last_decline).toBe('generic_decline');
    const poor = await payOnCheckout(checkout_url, CARDS.insufficientFunds, input.email);
    expect(poor.text).toContain('Your card has insufficient funds.');
    await eventsDelivered();
    expect((await donationStatus(donation_id)).body.donation).toMatchObject({ status: 'pending' });
    expect((await storedDonation(donation_id))?.last_decline).toBe('insufficient_funds');
    expect(await mailTo(input.email)).toHaveLength(0);
  });

  it('an expired session expires the donation', async () => {
    const { donation_id } = await startDonation(donationInput(charity));
    const sessionId = (await storedDonation(donation_id))?.checkout_session_id;
    const { url, secretKey } = cloud().stripe;
    const expired = await fetch(`${url}/v1/checkout/sessions/${sessionId}/expire`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secretKey}` },
    });
    expect(expired.status).toBe(200);
    await eventsDelivered();
    expect((await donationStatus(donation_id)).body.donation).toMatchObject({ status: 'expired' });
    // Never money: the table's TTL erases it, with the donor's details, UNPAID_KEEP_DAYS after it was made.
    const stored = await storedDonation(donation_id);
    const made = new Date(stored?.created_at as string);
    expect(stored?.expiresAt).toBeGreaterThanOrEqual(unpaidExpiresAt(made));
    expect(stored?.expiresAt).toBeLessThanOrEqual(unpaidExpiresAt(new Date(made.getTime() + 60_000)));
    expect(stored?.retain_until).toBeUndefined();
  });

  it('the browser never sets a fee or a total, and the server computes the gross-up', async () => {
    const withFee = await give({ ...donationInput(charity), total_pence: 1 });
    expect(withFee.status).toBe(400);
    const { donation_id } = await startDonation(donationInput(charity, { cover_fee: true }));
    expect((await donationStatus(donation_id)).body.donation).toMatchObject({
      donation_pence: 2556,
      total_pence: 2556,
    });
    expect((await storedDonation(donation_id))?.card_fee_pence).toBe(56);
  });

  it('refuses bad input with the giving box’s words, storing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ amount_pence: 199 }, 'Please enter an amount from £2.00 to £10,000.00.'],
      [{ amount_pence: 1_000_001 }, 'Please enter an amount from £2.00 to £10,000.00.'],
      [{ amount_pence: 25.5 }, 'Please enter an amount from £2.00 to £10,000.00.'],
      [{ adult: false }, 'Please confirm you are 18 or over. Donors must be at least 18.'],
      [{ email: 'nope' }, 'Please enter a valid email address'],
      [{ message: 'x'.repeat(281) }, 'Your message can be up to 280 characters.'],
      [{ tip: { kind: 'percent', percent: 15 } }, 'Please enter a tip from £0.00 to £1,000.00.'],
      [
        { gift_aid: { ...UK_GIFT_AID, postcode: 'NOT A CODE' } },
        'Please enter a UK postcode, or tick "I live outside the UK".',
      ],
      [
        { gift_aid: { ...UK_GIFT_AID, own_money: false } },
        'Gift Aid can only be claimed on your own money: please confirm it is.',
      ],
      [
        { gift_aid: { ...UK_GIFT_AID, title: 'Prof.' } },
        'Your title can be up to 4 letters, like Mr, Mrs, Ms, Dr or Mx.',
      ],
    ];
    for (const [over, message] of cases) {
      const res = await give({ ...donationInput(charity), ...over });
      expect([res.status, res.body.error]).toEqual([400, message]);
    }
    const notJson = await callApi('POST', '/api/donations', undefined, {
      raw: 'amount=5',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notJson.status).toBe(415);
  });

  it('refuses a charity that cannot take donations: not verified, not live, no account, unknown, locked, charges disabled', async () => {
    const unverified = await createCharity({
      label: 'giving-unverified',
      flags: { verified: false },
      registrationNumber: madeUpNumber(),
    });
    const offline = await makeLiveCharity({ label: 'giving-offline', images: [fakeJpeg()], live: false });
    const noAccount = await makeLiveCharity({ label: 'giving-no-account', images: [fakeJpeg()] });
    for (const c of [unverified, offline, noAccount]) {
      const res = await give(donationInput(c));
      expect([res.status, res.body.code, res.body.error]).toEqual([
        409,
        'NOT_TAKING_DONATIONS',
        'This charity is not taking donations at the moment.',
      ]);
    }
    const unknown = await give(donationInput({ registrationNumber: '89999999' }));
    expect(unknown.status).toBe(409);

    // Locked after it could take donations (too many wrong codes on a re-verification, the team's lock).
    const locked = await makeGivingCharity({ label: 'giving-locked', giftAid: false });
    expect((await give(donationInput(locked))).status).toBe(200);
    const { charityData } = await import('../../lambdas/data/charities');
    await charityData(testTable()).lock(locked.userId, locked.registrationNumber, 50);
    expect((await give(donationInput(locked))).body.code).toBe('NOT_TAKING_DONATIONS');

    // Stripe turns the account's charges off: account.updated closes the box, and the server refuses.
    const disabled = await makeGivingCharity({ label: 'giving-disabled', giftAid: false });
    await stripeSwitch(`accounts/${disabled.accountId}`, { enabled: false });
    await eventsDelivered();
    const page = await callApi('GET', `/api/charities/${disabled.registrationNumber}`);
    expect(page.body.charity).toMatchObject({ giving: { open: false, gift_aid: false } });
    expect((await give(donationInput(disabled))).status).toBe(409);
    await stripeSwitch(`accounts/${disabled.accountId}`, { enabled: true });
    await eventsDelivered();
    expect((await give(donationInput(disabled))).status).toBe(200);
  });

  it('offers Gift Aid only where the charity entered its HMRC reference', async () => {
    const page = await callApi('GET', `/api/charities/${charity.registrationNumber}`);
    expect(page.body.charity).toMatchObject({ giving: { open: true, gift_aid: true } });
    const without = await makeGivingCharity({ label: 'giving-no-gift-aid', giftAid: false });
    const refused = await give(donationInput(without, { gift_aid: UK_GIFT_AID }));
    expect([refused.status, refused.body.code]).toEqual([409, 'GIFT_AID_UNAVAILABLE']);
  });

  it('while the stage’s launch switch is closed: the box says so and nothing is counted or written', async () => {
    // The functions as a stage with `giving.open: false` builds them, in this process, on the same cloud.
    const env = applyCloudEnvironment();
    const saved = process.env.GIVING_OPEN;
    process.env.GIVING_OPEN = 'false';
    try {
      const { createDonationDeps } = await import('../../lambdas/wiring/giving');
      const { createDonation } = await import('../../lambdas/domain/giving/create-donation');
      const { publicPageDeps } = await import('../../lambdas/wiring/public-pages');
      const { getPublicCharityPage } = await import('../../lambdas/domain/public-pages/public-pages');
      const { CreateDonationRequest } = await import('@shared/api/schemas/giving');
      const input = CreateDonationRequest.parse(donationInput(charity));
      await expect(
        createDonation(createDonationDeps(), input, { sourceIp: freshAddress() }),
      ).rejects.toMatchObject({
        statusCode: 409,
        code: 'GIVING_CLOSED',
        message: 'Giving opens soon.',
      });
      const page = await getPublicCharityPage(publicPageDeps(), charity.registrationNumber);
      expect(page.charity.giving).toEqual({
        open: false,
        gift_aid: true,
        card_fee: { basis_points: 140, fixed_pence: 20 },
      });
    } finally {
      process.env.GIVING_OPEN = saved ?? env.env.GIVING_OPEN;
    }
  });

  it('limits new donations per source: 10 an hour', async () => {
    const from = freshAddress();
    for (let i = 0; i < 10; i++) await startDonation(donationInput(charity), from);
    const eleventh = await give(donationInput(charity), from);
    expect([eleventh.status, eleventh.body.error]).toEqual([
      429,
      'Too many donations from your connection. Please wait a while and try again.',
    ]);
    expect((await give(donationInput(charity))).status).toBe(200);
  });

  describe('webhooks', () => {
    const sign = (body: string, secret: string, t = Math.floor(Date.now() / 1000)) =>
      `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
    const send = (path: string, body: string, signature: string | undefined) =>
      callApi('POST', path, undefined, {
        raw: body,
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      });
    const platformSecret = () => cloud().env.STRIPE_WEBHOOK_SECRET as string;

    it('refuse a missing, forged, stale or other endpoint’s signature with 400', async () => {
      const body = JSON.stringify({
        id: 'evt_forged',
        type: 'checkout.session.completed',
        livemode: false,
        data: { object: {} },
      });
      expect((await send('/api/stripe/webhook', body, undefined)).status).toBe(400);
      expect((await send('/api/stripe/webhook', body, sign(body, 'whsec_forged'))).status).toBe(400);
      expect(
        (
          await send(
            '/api/stripe/webhook',
            body,
            sign(body, platformSecret(), Math.floor(Date.now() / 1000) - 301),
          )
        ).status,
      ).toBe(400);
      const connectSecret = cloud().env.STRIPE_CONNECT_WEBHOOK_SECRET as string;
      expect((await send('/api/stripe/webhook', body, sign(body, connectSecret))).status).toBe(400);
      expect((await send('/api/stripe/webhook', body, sign(body, platformSecret()))).status).toBe(200);
      // Signed but not an event's shape (no object): a 400, never a 500.
      const hollow = JSON.stringify({
        id: 'evt_hollow',
        type: 'charge.updated',
        livemode: false,
        data: { object: null },
      });
      expect((await send('/api/stripe/webhook', hollow, sign(hollow, platformSecret()))).status).toBe(400);
    });

    it('a paid event whose amount or payment does not match its donation flags it and pays nothing', async () => {
      const forged = (id: string, session: Record<string, unknown>) =>
        JSON.stringify({
          id,
          type: 'checkout.session.completed',
          livemode: false,
          data: {
            object: { object: 'checkout.session', payment_status: 'paid', currency: 'gbp', ...session },
          },
        });
      // A declined attempt made the donation's payment intent; an event then claims it paid £1.
      const input = donationInput(charity);
      const { donation_id, checkout_url } = await startDonation(input);
      await payOnCheckout(checkout_url, CARDS.declined, input.email);
      const sessionId = (await storedDonation(donation_id))?.checkout_session_id as string;
      const intent = (await stripeGet(`/v1/checkout/sessions/${sessionId}`)).payment_intent as string;
      const tampered = forged(`evt_amount_${donation_id}`, {
        id: sessionId,
        amount_total: 100,
        payment_intent: intent,
        metadata: { donation_id },
      });
      expect((await send('/api/stripe/webhook', tampered, sign(tampered, platformSecret()))).status).toBe(
        200,
      );
      expect((await donationStatus(donation_id)).body.donation).toMatchObject({ status: 'flagged' });
      const flagged = await storedDonation(donation_id);
      expect(flagged?.flag_reason).toBe('amount 100 != 2500');
      // Money moved: kept (and erased by the table's TTL) as long as a paid donation.
      expect(flagged?.retain_until).toMatch(/^\d{4}-04-05$/);
      expect(flagged?.expiresAt).toBe(retainedExpiresAt(flagged?.retain_until as string));
      // A payment intent Stripe does not know (a made-up event) flags it too.
      const other = await startDonation(donationInput(charity));
      const madeUp = forged(`evt_made_up_${other.donation_id}`, {
        amount_total: 2500,
        payment_intent: 'pi_made_up',
        metadata: { donation_id: other.donation_id },
      });
      expect((await send('/api/stripe/webhook', madeUp, sign(madeUp, platformSecret()))).status).toBe(200);
      expect((await donationStatus(other.donation_id)).body.donation).toMatchObject({ status: 'flagged' });
      await eventsDelivered();
      expect(await mailTo(input.email)).toHaveLength(0);
    });

    it('an event of the other mode (livemode) is acknowledged and ignored', async () => {
      const { donation_id } = await startDonation(donationInput(charity));
      const body = JSON.stringify({
        id: `evt_live_${donation_id}`,
        type: 'checkout.session.expired',
        livemode: true,
        data: { object: { metadata: { donation_id } } },
      });
      expect((await send('/api/stripe/webhook', body, sign(body, platformSecret()))).status).toBe(200);
      expect((await donationStatus(donation_id)).body.donation).toMatchObject({ status: 'pending' });
    });
  });
});
