import { CreateDonationRequest } from '@shared/api/schemas/giving';
import { GiftAidTextMessage } from '@shared/gift-aid-text';
import { DEFAULT_CARD_FEE, GivingMessage } from '@shared/giving';
import { DEFAULT_CHOICES, type GivingChoices, toRequest, validateChoices } from './giving-form';

/**
 * Issue 42 at the giving box: what HMRC's schedule could not read is said before the donor pays, in plain
 * words, and the server (the same shared rule) refuses what the box refuses.
 */
const giftAid = (change: Partial<GivingChoices>): GivingChoices => ({
  ...DEFAULT_CHOICES,
  amount: '2500',
  email: 'a@b.org',
  adult: true,
  giftAid: true,
  firstName: 'Ada',
  lastName: 'Lovelace',
  house: '12',
  postcode: 'SW1A 1AA',
  ownMoney: true,
  ...change,
});
const check = (c: GivingChoices) => validateChoices(c, { giftAidAvailable: true, cardFee: DEFAULT_CARD_FEE });
const server = (c: GivingChoices) =>
  CreateDonationRequest.safeParse(toRequest('1234567', c, { giftAidAvailable: true }));

describe('the giving box refuses what HMRC cannot read, and the server agrees', () => {
  it.each([
    ['firstName', 'Γιώργος', GiftAidTextMessage.FirstName],
    ['firstName', '😀', GiftAidTextMessage.FirstName],
    ['lastName', '王', GiftAidTextMessage.LastName],
    ['lastName', 'Ann 王', GiftAidTextMessage.LastName],
    ['house', 'Дом 5', GiftAidTextMessage.House],
  ] as const)('%s "%s": refused in plain words', (field, value, message) => {
    expect(check(giftAid({ [field]: value }))[field]).toBe(message);
    expect(server(giftAid({ [field]: value })).error?.issues.map((i) => i.message)).toContain(message);
  });

  it('Latin letters with accents, and those it can spell without losing anything, are accepted', () => {
    for (const [firstName, lastName] of [
      ['Łukasz', 'Wołoszyński'],
      ['Zoë', 'O’Brien'],
      ['Henry', '123'],
      ['Anne-Marie', 'Nguyễn'],
    ]) {
      const c = giftAid({ firstName, lastName });
      expect(check(c)).toEqual({});
      expect(server(c).success).toBe(true);
    }
  });

  it('the address abroad too: Cyrillic refused, Latin accepted', () => {
    const abroad = { outsideUk: true, postcode: '', address: 'ул. Тверская 1, Москва' };
    expect(check(giftAid(abroad)).address).toBe(GiftAidTextMessage.Address);
    expect(check(giftAid({ ...abroad, address: '12 Rue de Rivoli\n75001 Paris' }))).toEqual({});
  });

  it("postcodes HMRC's pattern refuses are refused at the box and the server (SZ1 1AA, BI1 1AA)", () => {
    for (const postcode of ['SZ1 1AA', 'bi1 1aa', 'ZZ99 9ZZ1']) {
      expect(check(giftAid({ postcode })).postcode).toBe(GivingMessage.Postcode);
      expect(server(giftAid({ postcode })).success).toBe(false);
    }
    expect(check(giftAid({ postcode: 'ec1a1bb' }))).toEqual({});
  });
});
