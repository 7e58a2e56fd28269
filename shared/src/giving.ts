/**
 * Giving arithmetic, in integer pence (spec, "Product rules"): no platform fee; the charity receives the
 * donation less the card provider's fee; the tip is the donor's own, voluntary extra and funds Kindred.
 * The browser shows these figures; the server computes them again and never takes a fee or total from it.
 */

/** The card fee deducted from a donation: a percentage in basis points plus a fixed sum per donation. */
export interface CardFee {
  basisPoints: number;
  fixedPence: number;
}

/** The spec's card fee: 1.4% + 20p (£100 leaves £98.40). A stage may configure another. */
export const DEFAULT_CARD_FEE: CardFee = { basisPoints: 140, fixedPence: 20 };

/** The donation limits: £2.00 to £10,000.00, pence allowed. */
export const MIN_DONATION_PENCE = 200;
export const MAX_DONATION_PENCE = 1_000_000;
/** The preset amounts: £10, £25, £50, £100. */
export const PRESET_AMOUNTS_PENCE = [1000, 2500, 5000, 10000] as const;
/** The preset tips, in percent of the donation; "No tip" is the default. */
export const PRESET_TIP_PERCENTS = [5, 10] as const;
/** The largest tip a donor may enter (an "Other" tip above it is most likely a typo). */
export const MAX_TIP_PENCE = 100_000;
/** The longest message to the charity. */
export const MAX_DONOR_MESSAGE = 280;

/** Half-up rounding of `numerator / denominator` for non-negative integers, exact (no floats). */
function divideHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The card fee on a donation, in pence: half-up rounded percentage plus the fixed part. */
export function cardFeeOn(donationPence: number, fee: CardFee = DEFAULT_CARD_FEE): number {
  return divideHalfUp(donationPence * fee.basisPoints, 10_000) + fee.fixedPence;
}

/**
 * The smallest donation from which the charity receives at least `netPence` after the card fee (the
 * "Add £x so <charity> receives the full £y" gross-up).
 */
export function grossUp(netPence: number, fee: CardFee = DEFAULT_CARD_FEE): number {
  // d − fee(d) is non-decreasing in d; start just below the exact answer and step up.
  let donation = Math.max(
    netPence,
    Math.floor(((netPence + fee.fixedPence) * 10_000) / (10_000 - fee.basisPoints)) - 2,
  );
  while (donation - cardFeeOn(donation, fee) < netPence) donation += 1;
  while (donation > netPence && donation - 1 - cardFeeOn(donation - 1, fee) >= netPence) donation -= 1;
  return donation;
}

export type TipChoice =
  | { kind: 'none' }
  | { kind: 'percent'; percent: number }
  | { kind: 'amount'; pence: number };

/** The tip in pence for a choice on a donation (percent tips round half up). */
export function tipPence(choice: TipChoice, donationPence: number): number {
  if (choice.kind === 'none') return 0;
  if (choice.kind === 'amount') return choice.pence;
  return divideHalfUp(donationPence * choice.percent, 100);
}

export interface Breakdown {
  /** What the donor gives the charity (after any gross-up). */
  donationPence: number;
  /** The card fee deducted from the donation. */
  cardFeePence: number;
  /** What the charity receives. */
  charityReceivesPence: number;
  tipPence: number;
  /** What the donor's card is charged: donation plus tip. */
  totalPence: number;
  /** What Kindred keeps from the charge (the tip and the card fee on the donation; Stripe's own fee is paid from it). */
  applicationFeePence: number;
}

/**
 * The figures of a donation: `amountPence` is the amount chosen; with `coverFee` the donation is grossed up so
 * the charity receives that amount in full.
 */
export function breakdown(
  input: { amountPence: number; tip: TipChoice; coverFee: boolean },
  fee: CardFee = DEFAULT_CARD_FEE,
): Breakdown {
  const donationPence = input.coverFee ? grossUp(input.amountPence, fee) : input.amountPence;
  const cardFeePence = cardFeeOn(donationPence, fee);
  const tip = tipPence(input.tip, input.amountPence);
  return {
    donationPence,
    cardFeePence,
    charityReceivesPence: donationPence - cardFeePence,
    tipPence: tip,
    totalPence: donationPence + tip,
    applicationFeePence: tip + cardFeePence,
  };
}

/** Pence as pounds for people: £25, £25.50, £1,000.00 when `always` asks for pence. */
export function formatPence(pence: number, { always = false }: { always?: boolean } = {}): string {
  const pounds = Math.floor(pence / 100).toLocaleString('en-GB');
  const rest = pence % 100;
  return rest === 0 && !always ? `£${pounds}` : `£${pounds}.${String(rest).padStart(2, '0')}`;
}
