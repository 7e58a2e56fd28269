import { HMRC_POSTCODE } from './gift-aid-text';

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

/**
 * The spec's card fee: 1.4% + 20p (£100 leaves £98.40). A stage may configure another (`giving.cardFee` in
 * `config/<stage>.json`); every figure a donor sees or pays is computed with the stage's fee, which the
 * browser reads from the charity's page (`giving.card_fee`), so no function here assumes this one.
 */
export const DEFAULT_CARD_FEE: CardFee = { basisPoints: 140, fixedPence: 20 };

/** The card fee in words: "1.4% + 20p". */
export function cardFeeWords(fee: CardFee): string {
  return `${fee.basisPoints / 100}% + ${fee.fixedPence}p`;
}

/**
 * The donation limits: £2.00 to £10,000.00, pence allowed. £10,000.00 is also the most a donor's card is
 * charged for one gift, the card fee they cover and their tip included (decision 17.11, {@link overCeiling}).
 */
export const MIN_DONATION_PENCE = 200;
export const MAX_DONATION_PENCE = 1_000_000;
/** The most one gift charges the donor's card: the donation, any card fee they cover and any tip. */
export const MAX_CHARGE_PENCE = MAX_DONATION_PENCE;
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
export function cardFeeOn(donationPence: number, fee: CardFee): number {
  return divideHalfUp(donationPence * fee.basisPoints, 10_000) + fee.fixedPence;
}

/**
 * The smallest donation from which the charity receives at least `netPence` after the card fee (the
 * "Add £x so <charity> receives the full £y" gross-up).
 */
export function grossUp(netPence: number, fee: CardFee): number {
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
  fee: CardFee,
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

/**
 * The ceiling on one gift: the total charged to the donor's card (the donation, any card fee they cover and
 * any tip) may be at most {@link MAX_CHARGE_PENCE}. The message for figures above it, or null within it; the
 * giving box and the create-donation route both ask this.
 */
export function overCeiling(figures: Pick<Breakdown, 'totalPence' | 'tipPence'>): string | null {
  if (figures.totalPence <= MAX_CHARGE_PENCE) return null;
  const lower = figures.tipPence > 0 ? 'a smaller donation or tip' : 'a smaller donation';
  return `Your card would be charged ${formatPence(figures.totalPence, { always: true })}. The most we can take for one gift is ${formatPence(MAX_CHARGE_PENCE, { always: true })} in total, including any card fee you cover and any tip, so please choose ${lower}.`;
}

/** Pence as pounds for people: £25, £25.50, £1,000.00 when `always` asks for pence. */
export function formatPence(pence: number, { always = false }: { always?: boolean } = {}): string {
  const pounds = Math.floor(pence / 100).toLocaleString('en-GB');
  const rest = pence % 100;
  return rest === 0 && !always ? `£${pounds}` : `£${pounds}.${String(rest).padStart(2, '0')}`;
}

/** The version of HMRC's model single-donation wording shown; stored with each declaration. */
export const GIFT_AID_WORDING_VERSION = 'hmrc-single-v1';

/** HMRC's explanation shown above the declaration (model wording, single donation). */
export const GIFT_AID_EXPLANATION =
  'Boost your donation by 25p of Gift Aid for every £1 you donate. Gift Aid is reclaimed by the charity from the tax you pay for the current tax year. Your address is needed to identify you as a current UK taxpayer.';

/**
 * HMRC's model declaration for a single donation, naming the charity's registered name and the amount. The
 * server builds the stored text with this same function from what it accepted, so what is stored is what
 * was shown.
 */
export function giftAidDeclaration(registeredName: string, donationPence: number): string {
  return `I want to Gift Aid my donation of ${formatPence(donationPence, { always: true })} to ${registeredName}. I am a UK taxpayer and understand that if I pay less Income Tax and/or Capital Gains Tax in the current tax year than the amount of Gift Aid claimed on all my donations it is my responsibility to pay any difference.`;
}

/** The donor confirms the gift is theirs to give (HMRC: not someone else's, a company's or a group's). */
export const GIFT_AID_OWN_MONEY =
  'This is my own money. It is not from a company or a group, and I am not getting anything in return for it.';

/** Shown to a donor who gives anonymously and adds Gift Aid. */
export const GIFT_AID_ANONYMOUS_NOTE =
  'Gift Aid shares your name and home address with the charity, for its claim to HMRC. Your donation stays anonymous on the charity’s page.';

/**
 * A UK postcode in capitals with one space (`SW1A 1AA`), from what a donor types, or null when HMRC's own
 * pattern (matched against the whole postcode) would refuse it in a Gift Aid schedule (issue 42: `SZ1 1AA`
 * and `BI1 1AA` are not postcodes to HMRC).
 */
export function normalisePostcode(text: string): string | null {
  const compact = text.toUpperCase().replace(/\s+/g, '');
  if (!/^[A-Z0-9]{5,7}$/.test(compact)) return null;
  const postcode = `${compact.slice(0, -3)} ${compact.slice(-3)}`;
  return HMRC_POSTCODE.test(postcode) ? postcode : null;
}

/** HMRC's postcode for an address outside the UK. */
export const OUTSIDE_UK_POSTCODE = 'X';

/** Messages of the giving box (the spec has none of its own; README decisions). */
export const GivingMessage = {
  AmountRange: 'Please enter an amount from £2.00 to £10,000.00.',
  /** The ceiling, in words: under the "Other" amount (the only way to come near it) and on `/fees`. */
  CeilingRule: `The most we can take for one gift is ${formatPence(MAX_CHARGE_PENCE, { always: true })} in total, including any card fee you cover and any tip.`,
  /** An anonymous gift shares nothing with the charity, so it cannot also let the charity email the donor. */
  AnonymousNoEmail: 'An anonymous gift cannot also share your email with the charity. Please choose one.',
  TipRange: 'Please enter a tip from £0.00 to £1,000.00.',
  Adult: 'Please confirm you are 18 or over. Donors must be at least 18.',
  Email: 'Please enter a valid email address for your receipt.',
  Message: `Your message can be up to ${MAX_DONOR_MESSAGE} characters.`,
  FirstName: 'Please enter your first name (up to 35 characters).',
  LastName: 'Please enter your last name (up to 35 characters).',
  Title: 'Your title can be up to 4 letters, like Mr, Mrs, Ms, Dr or Mx.',
  House: 'Please enter your house name or number (up to 40 characters).',
  Postcode: 'Please enter a UK postcode, or tick "I live outside the UK".',
  Address: 'Please enter your address in full (up to 200 characters).',
  OwnMoney: 'Gift Aid can only be claimed on your own money: please confirm it is.',
  GiftAidUnavailable: 'This charity cannot claim Gift Aid through Kindred yet.',
  NotTakingDonations: 'This charity is not taking donations at the moment.',
  GivingClosed: 'Giving opens soon.',
  TooMany: 'Too many donations from your connection. Please wait a while and try again.',
  DonationNotFound: 'Donation not found',
} as const;
