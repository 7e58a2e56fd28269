import { CreateDonationRequest } from '@shared/api/schemas/giving';
import { DEFAULT_CARD_FEE, GivingMessage } from '@shared/giving';
import {
  DEFAULT_CHOICES,
  describeProblems,
  fieldOfServerError,
  figuresOf,
  type GivingChoices,
  parsePounds,
  toRequest,
  validateChoices,
} from './giving-form';
import { pollDelay, TAKING_LONG_AFTER_POLLS } from './status-polling';

const choices = (change: Partial<GivingChoices>): GivingChoices => ({ ...DEFAULT_CHOICES, ...change });
const cardFee = DEFAULT_CARD_FEE;
/** The spec's fee, and a stage's other one (1.5% + 20p). */
const OTHER_FEE = { basisPoints: 150, fixedPence: 20 };

describe('the giving form', () => {
  it('reads pounds as typed, exactly, in pence', () => {
    expect(parsePounds('12.50')).toBe(1250);
    expect(parsePounds('£1,000')).toBe(100000);
    expect(parsePounds(' 7 ')).toBe(700);
    expect(parsePounds('.5')).toBe(50);
    expect(parsePounds('0.29')).toBe(29);
    for (const bad of ['', '.', '12.345', '1e3', '-5', 'ten', '12.5.0']) expect(parsePounds(bad)).toBeNull();
  });

  it('checks what the server checks, with its messages', () => {
    const ok = choices({ amount: '2500', email: 'a@b.org', adult: true });
    expect(validateChoices(ok, { giftAidAvailable: true, cardFee })).toEqual({});
    expect(
      validateChoices(choices({ amount: 'other', otherAmount: '10000.01' }), {
        giftAidAvailable: false,
        cardFee,
      }),
    ).toMatchObject({
      amount: GivingMessage.AmountRange,
      email: GivingMessage.Email,
      adult: GivingMessage.Adult,
    });
    expect(
      validateChoices({ ...ok, tip: 'other', otherTip: '1000.01' }, { giftAidAvailable: false, cardFee }).tip,
    ).toBe(GivingMessage.TipRange);
    const giftAid = { ...ok, giftAid: true, firstName: 'Ada', lastName: 'L', house: '1', ownMoney: true };
    expect(
      validateChoices({ ...giftAid, postcode: 'sw1a 1aa' }, { giftAidAvailable: true, cardFee }),
    ).toEqual({});
    expect(validateChoices({ ...giftAid, title: 'Prof.' }, { giftAidAvailable: true, cardFee }).title).toBe(
      GivingMessage.Title,
    );
    expect(validateChoices({ ...giftAid, outsideUk: true }, { giftAidAvailable: true, cardFee })).toEqual({
      address: GivingMessage.Address,
    });
    // A charity without Gift Aid: the tick is ignored.
    expect(validateChoices({ ...ok, giftAid: true }, { giftAidAvailable: false, cardFee })).toEqual({});
  });

  it('sends no email permission with an anonymous gift, and plain text only', () => {
    const request = toRequest(
      '1123456',
      choices({
        amount: '1000',
        anonymous: true,
        mayEmail: true,
        message: '\tThanks\u0007 ',
        email: ' a@b.org ',
      }),
      { giftAidAvailable: true },
    );
    expect(request).toMatchObject({ may_email: false, message: 'Thanks', email: 'a@b.org', gift_aid: null });
    expect(
      toRequest('1', choices({ amount: '1000', message: '  ' }), { giftAidAvailable: false }),
    ).not.toHaveProperty('message');
  });

  it('computes the figures with the card fee it is given, not a built-in one', () => {
    const covered = choices({ amount: '2500', coverFee: true });
    expect(figuresOf(covered, cardFee)?.totalPence).toBe(2556);
    expect(figuresOf(covered, OTHER_FEE)).toMatchObject({
      donationPence: 2558,
      cardFeePence: 58,
      totalPence: 2558,
    });
    expect(figuresOf(choices({ amount: 'other', otherAmount: '1' }), OTHER_FEE)).toBeNull();
  });

  it('holds the total charged to £10,000.00, the covered fee and the tip included', () => {
    const ok = choices({ amount: 'other', otherAmount: '10000', email: 'a@b.org', adult: true });
    expect(validateChoices(ok, { giftAidAvailable: false, cardFee })).toEqual({});
    const covered = validateChoices({ ...ok, coverFee: true }, { giftAidAvailable: false, cardFee });
    expect(covered.amount).toMatch(/^Your card would be charged £10,142\.19\. The most we can take/);
    const tipped = { ...ok, otherAmount: '9990', tip: 'other' as const, otherTip: '10.01' };
    expect(validateChoices(tipped, { giftAidAvailable: false, cardFee }).amount).toMatch(/£10,000\.01\./);
    expect(validateChoices({ ...tipped, otherTip: '10' }, { giftAidAvailable: false, cardFee })).toEqual({});
  });

  it('never sends "may email me" with an anonymous gift, which the server refuses', () => {
    const request = toRequest(
      '1123456',
      choices({ amount: '1000', anonymous: true, mayEmail: true, email: 'a@b.org', adult: true }),
      {
        giftAidAvailable: false,
      },
    );
    expect(CreateDonationRequest.safeParse(request).success).toBe(true);
    const both = CreateDonationRequest.safeParse({ ...request, may_email: true });
    expect(both.success).toBe(false);
    expect(both.error?.issues).toEqual([
      expect.objectContaining({ path: ['may_email'], message: GivingMessage.AnonymousNoEmail }),
    ]);
  });

  it("puts a server error's field on the box's field", () => {
    expect(fieldOfServerError('amount_pence', DEFAULT_CHOICES)).toBe('amount');
    expect(fieldOfServerError('tip.pence', DEFAULT_CHOICES)).toBe('tip');
    expect(fieldOfServerError('gift_aid.first_name', DEFAULT_CHOICES)).toBe('firstName');
    expect(fieldOfServerError('gift_aid.postcode', choices({ outsideUk: true }))).toBe('address');
    expect(fieldOfServerError('registration_number', DEFAULT_CHOICES)).toBeUndefined();
    expect(fieldOfServerError(undefined, DEFAULT_CHOICES)).toBeUndefined();
  });

  it('names the problems in form order', () => {
    expect(describeProblems(['adult', 'amount'])).toBe(
      'Please check your donation and that you are 18 or over.',
    );
    expect(describeProblems([])).toBe('');
  });
});

describe('polling for a payment', () => {
  it('asks every second, then every 2 s to a minute, then every 15 s for ten minutes, then stops', () => {
    expect(pollDelay(0)).toBe(1000);
    expect(pollDelay(9)).toBe(1000);
    expect(pollDelay(10)).toBe(2000);
    expect(pollDelay(34)).toBe(2000);
    expect(pollDelay(35)).toBe(15_000);
    expect(pollDelay(74)).toBe(15_000);
    expect(pollDelay(75)).toBeNull();
    const firstMinute = Array.from({ length: TAKING_LONG_AFTER_POLLS }, (_, i) => pollDelay(i) ?? 0);
    expect(firstMinute.reduce((a, b) => a + b, 0)).toBe(60_000);
  });
});
