import {
  breakdown,
  cardFeeOn,
  cardFeeWords,
  DEFAULT_CARD_FEE,
  formatPence,
  grossUp,
  MAX_CHARGE_PENCE,
  overCeiling,
  tipPence,
} from './giving';

const SPEC = DEFAULT_CARD_FEE;

describe('giving arithmetic', () => {
  it('takes the spec’s card fee: £100 leaves £98.40', () => {
    expect(cardFeeOn(10_000, SPEC)).toBe(160);
    expect(breakdown({ amountPence: 10_000, tip: { kind: 'none' }, coverFee: false }, SPEC)).toEqual({
      donationPence: 10_000,
      cardFeePence: 160,
      charityReceivesPence: 9840,
      tipPence: 0,
      totalPence: 10_000,
      applicationFeePence: 160,
    });
  });

  it('rounds the percentage half up, in whole pence', () => {
    // 1.4% of £10.25 is 14.35p → 14p; of £10.75 is 15.05p → 15p; of £0.25 is 0.35p → 0p.
    expect(cardFeeOn(1025, SPEC)).toBe(34);
    expect(cardFeeOn(1075, SPEC)).toBe(35);
    expect(cardFeeOn(1036, SPEC)).toBe(35); // 14.504p → 15p
    expect(cardFeeOn(1035, SPEC)).toBe(34); // 14.49p → 14p
  });

  it('grosses up to the smallest donation that leaves the charity the round figure', () => {
    for (let net = 200; net <= 1_000_000; net += net < 20_000 ? 7 : 9973) {
      const gross = grossUp(net, SPEC);
      expect(gross - cardFeeOn(gross, SPEC)).toBeGreaterThanOrEqual(net);
      expect(gross - 1 - cardFeeOn(gross - 1, SPEC)).toBeLessThan(net);
    }
    expect(grossUp(2500, SPEC)).toBe(2556);
    expect(
      breakdown({ amountPence: 2500, tip: { kind: 'none' }, coverFee: true }, SPEC).charityReceivesPence,
    ).toBe(2500);
  });

  it('computes tips on the chosen amount, never on the gross-up, and charges donation plus tip', () => {
    expect(tipPence({ kind: 'percent', percent: 10 }, 2500)).toBe(250);
    expect(tipPence({ kind: 'percent', percent: 5 }, 1050)).toBe(53); // 52.5p → 53p
    const b = breakdown({ amountPence: 2500, tip: { kind: 'percent', percent: 10 }, coverFee: true }, SPEC);
    expect(b).toMatchObject({
      tipPence: 250,
      totalPence: b.donationPence + 250,
      applicationFeePence: 250 + b.cardFeePence,
    });
    expect(b.totalPence - b.applicationFeePence).toBe(b.charityReceivesPence);
  });

  it('holds for a configured fee too', () => {
    const fee = { basisPoints: 150, fixedPence: 20 };
    expect(cardFeeOn(10_000, fee)).toBe(170);
    expect(grossUp(10_000, fee) - cardFeeOn(grossUp(10_000, fee), fee)).toBe(10_000);
    expect(DEFAULT_CARD_FEE).toEqual({ basisPoints: 140, fixedPence: 20 });
    // The case: £25 grossed up is £25.56 at the spec's fee, more at 1.5% + 20p.
    expect(grossUp(2500, fee)).toBe(2558);
    expect(cardFeeWords(fee)).toBe('1.5% + 20p');
    expect(cardFeeWords(SPEC)).toBe('1.4% + 20p');
  });

  it('bounds the total charged, fee covered and tip included, by £10,000.00', () => {
    expect(MAX_CHARGE_PENCE).toBe(1_000_000);
    const plain = breakdown({ amountPence: 1_000_000, tip: { kind: 'none' }, coverFee: false }, SPEC);
    expect(overCeiling(plain)).toBeNull();
    const covered = breakdown({ amountPence: 1_000_000, tip: { kind: 'none' }, coverFee: true }, SPEC);
    expect(covered.totalPence).toBe(1_014_219);
    expect(overCeiling(covered)).toBe(
      'Your card would be charged £10,142.19. The most we can take for one gift is £10,000.00 in total, including any card fee you cover and any tip, so please choose a smaller donation.',
    );
    expect(overCeiling({ totalPence: 1_000_001, tipPence: 0 })).not.toBeNull();
    expect(overCeiling({ totalPence: 1_000_000, tipPence: 0 })).toBeNull();
    const tipped = breakdown(
      { amountPence: 990_000, tip: { kind: 'amount', pence: 10_001 }, coverFee: false },
      SPEC,
    );
    expect(overCeiling(tipped)).toMatch(/£10,000.01\. .*choose a smaller donation or tip\.$/);
  });

  it('formats pence as pounds', () => {
    expect(formatPence(2500)).toBe('£25');
    expect(formatPence(9840)).toBe('£98.40');
    expect(formatPence(100_000_0, { always: true })).toBe('£10,000.00');
    expect(formatPence(5)).toBe('£0.05');
  });
});
