import type { CreateDonationRequest } from '@shared/api/schemas/giving';
import { giftAidTextProblem } from '@shared/gift-aid-text';
import {
  type Breakdown,
  breakdown,
  type CardFee,
  GIFT_AID_WORDING_VERSION,
  GivingMessage,
  MAX_DONATION_PENCE,
  MAX_DONOR_MESSAGE,
  MAX_TIP_PENCE,
  MIN_DONATION_PENCE,
  normalisePostcode,
  overCeiling,
  PRESET_AMOUNTS_PENCE,
  PRESET_TIP_PERCENTS,
  type TipChoice,
} from '@shared/giving';

/** A tip option of the box: none (the default), a preset percentage, or an amount the donor types. */
export type TipOption = 'none' | `${(typeof PRESET_TIP_PERCENTS)[number]}` | 'other';
export const TIP_OPTIONS: readonly TipOption[] = [
  'none',
  ...PRESET_TIP_PERCENTS.map((p) => `${p}` as TipOption),
  'other',
];

/**
 * Every choice of the giving box, as the donor made it (text as typed), so it can be kept in the tab and put
 * back after a Cancel or Back from Checkout.
 */
export interface GivingChoices {
  /** '' until chosen, a preset in pence ('2500'), or 'other'. */
  amount: string;
  /** The "Other" amount in pounds, as typed. */
  otherAmount: string;
  tip: TipOption;
  /** The "Other" tip in pounds, as typed. */
  otherTip: string;
  coverFee: boolean;
  anonymous: boolean;
  message: string;
  mayEmail: boolean;
  giftAid: boolean;
  title: string;
  firstName: string;
  lastName: string;
  house: string;
  postcode: string;
  outsideUk: boolean;
  address: string;
  ownMoney: boolean;
  email: string;
  adult: boolean;
}

/** Nothing chosen: no amount, no tip, every option unticked. */
export const DEFAULT_CHOICES: GivingChoices = {
  amount: '',
  otherAmount: '',
  tip: 'none',
  otherTip: '',
  coverFee: false,
  anonymous: false,
  message: '',
  mayEmail: false,
  giftAid: false,
  title: '',
  firstName: '',
  lastName: '',
  house: '',
  postcode: '',
  outsideUk: false,
  address: '',
  ownMoney: false,
  email: '',
  adult: false,
};

/** The fields that can carry a message, in the order they appear (the first invalid one gets focus). */
export const GIVING_FIELDS = [
  'amount',
  'tip',
  'message',
  'giftAid',
  'title',
  'firstName',
  'lastName',
  'house',
  'postcode',
  'address',
  'ownMoney',
  'email',
  'adult',
] as const;
export type GivingField = (typeof GIVING_FIELDS)[number];
export type GivingErrors = Partial<Record<GivingField, string>>;

export const PRESET_AMOUNTS: readonly string[] = PRESET_AMOUNTS_PENCE.map(String);

/** "12.50", "£1,000", "7", ".5" as pence; null when the text is not pounds with at most two decimals. */
export function parsePounds(text: string): number | null {
  const plain = text.trim().replace(/^£\s*/, '').replace(/,/g, '');
  const match = /^(\d{0,7})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match || (!match[1] && !match[2])) return null;
  return Number(match[1] || '0') * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The amount chosen in pence, or null while none is chosen or the "Other" amount is not a sum of money. */
export function amountPenceOf(choices: GivingChoices): number | null {
  if (choices.amount === 'other') return parsePounds(choices.otherAmount);
  return PRESET_AMOUNTS.includes(choices.amount) ? Number(choices.amount) : null;
}

/** The amount when it is one the donor may give (£2.00 to £10,000.00), else null. */
export function validAmountPence(choices: GivingChoices): number | null {
  const pence = amountPenceOf(choices);
  return pence !== null && pence >= MIN_DONATION_PENCE && pence <= MAX_DONATION_PENCE ? pence : null;
}

/** The tip chosen as the API takes it, or null when the "Other" tip is not a sum from £0 to the limit. */
export function tipChoiceOf(choices: GivingChoices): TipChoice | null {
  if (choices.tip === 'none') return { kind: 'none' };
  if (choices.tip === 'other') {
    const pence = parsePounds(choices.otherTip);
    return pence !== null && pence <= MAX_TIP_PENCE ? { kind: 'amount', pence } : null;
  }
  return { kind: 'percent', percent: Number(choices.tip) };
}

/**
 * The figures of the choices with the stage's card fee (`breakdown` from @shared/giving; the server computes
 * them again with the same fee), or null while the amount or tip is not valid.
 */
export function figuresOf(choices: GivingChoices, cardFee: CardFee): Breakdown | null {
  const amount = validAmountPence(choices);
  const tip = tipChoiceOf(choices);
  return amount === null || tip === null
    ? null
    : breakdown({ amountPence: amount, tip, coverFee: choices.coverFee }, cardFee);
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TITLE_SHAPE = /^[A-Za-z]{0,4}$/;

/** Free text as the API takes it: no control characters (a pasted tab becomes a space), trimmed. */
export function plainText(text: string): string {
  return (
    text
      .replace(/\t/g, ' ')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .trim()
  );
}

const within = (text: string, max: number) => {
  const value = plainText(text);
  return value.length >= 1 && value.length <= max;
};

/** Every rule the server checks too (@shared/api/schemas/giving); an empty object when the form may be sent. */
export function validateChoices(
  choices: GivingChoices,
  { giftAidAvailable, cardFee }: { giftAidAvailable: boolean; cardFee: CardFee },
) {
  const errors: GivingErrors = {};
  if (validAmountPence(choices) === null) errors.amount = GivingMessage.AmountRange;
  if (tipChoiceOf(choices) === null) errors.tip = GivingMessage.TipRange;
  // The £10,000.00 ceiling on the total charged (the covered fee and the tip included), as the server asks it.
  const figures = figuresOf(choices, cardFee);
  const ceiling = figures && overCeiling(figures);
  if (ceiling) errors.amount = ceiling;
  if (plainText(choices.message).length > MAX_DONOR_MESSAGE) errors.message = GivingMessage.Message;
  // The declaration is shown (and its details asked for) once there is an amount for it to name.
  if (giftAidAvailable && choices.giftAid && validAmountPence(choices) !== null) {
    if (!TITLE_SHAPE.test(choices.title.trim())) errors.title = GivingMessage.Title;
    if (!within(choices.firstName, 35)) errors.firstName = GivingMessage.FirstName;
    if (!within(choices.lastName, 35)) errors.lastName = GivingMessage.LastName;
    if (!within(choices.house, 40)) errors.house = GivingMessage.House;
    if (choices.outsideUk) {
      if (!within(choices.address, 200)) errors.address = GivingMessage.Address;
    } else if (normalisePostcode(choices.postcode) === null) errors.postcode = GivingMessage.Postcode;
    // What HMRC's schedule cannot read, said before the donor pays (the server asks the same, issue 42).
    const readable = (
      [
        ['firstName', 'FirstName', choices.firstName],
        ['lastName', 'LastName', choices.lastName],
        ['house', 'House', choices.house],
        ...(choices.outsideUk ? ([['address', 'Address', choices.address]] as const) : []),
      ] as const
    ).map(
      ([field, rule, text]) =>
        [field, errors[field] ? null : giftAidTextProblem(rule, plainText(text))] as const,
    );
    for (const [field, problem] of readable) if (problem) errors[field] = problem;
    if (!choices.ownMoney) errors.ownMoney = GivingMessage.OwnMoney;
  }
  const email = choices.email.trim();
  if (email.length > 254 || !EMAIL_SHAPE.test(email)) errors.email = GivingMessage.Email;
  if (!choices.adult) errors.adult = GivingMessage.Adult;
  return errors;
}

export function firstInvalid(errors: GivingErrors): GivingField | undefined {
  return GIVING_FIELDS.find((field) => errors[field]);
}

/**
 * The request for valid choices. The browser sends choices only, never a fee or a total. An anonymous donor
 * shares no email with the charity, so "may email me" goes only with a named gift.
 */
export function toRequest(
  registrationNumber: string,
  choices: GivingChoices,
  { giftAidAvailable }: { giftAidAvailable: boolean },
): CreateDonationRequest {
  const amount = validAmountPence(choices);
  const tip = tipChoiceOf(choices);
  if (amount === null || tip === null) throw new Error('toRequest: the choices are not valid');
  const message = plainText(choices.message);
  const title = choices.title.trim();
  return {
    registration_number: registrationNumber,
    amount_pence: amount,
    tip: tip as CreateDonationRequest['tip'],
    cover_fee: choices.coverFee,
    anonymous: choices.anonymous,
    ...(message ? { message } : {}),
    may_email: choices.mayEmail && !choices.anonymous,
    email: choices.email.trim(),
    adult: true,
    gift_aid:
      giftAidAvailable && choices.giftAid
        ? {
            wording_version: GIFT_AID_WORDING_VERSION,
            ...(title ? { title } : {}),
            first_name: plainText(choices.firstName),
            last_name: plainText(choices.lastName),
            house: plainText(choices.house),
            postcode: choices.outsideUk ? null : normalisePostcode(choices.postcode),
            outside_uk_address: choices.outsideUk ? plainText(choices.address) : null,
            own_money: true,
          }
        : null,
  };
}

const SERVER_FIELDS: Record<string, GivingField> = {
  amount_pence: 'amount',
  tip: 'tip',
  message: 'message',
  email: 'email',
  adult: 'adult',
  gift_aid: 'giftAid',
  'gift_aid.wording_version': 'giftAid',
  'gift_aid.title': 'title',
  'gift_aid.first_name': 'firstName',
  'gift_aid.last_name': 'lastName',
  'gift_aid.house': 'house',
  'gift_aid.postcode': 'postcode',
  'gift_aid.outside_uk_address': 'address',
  'gift_aid.own_money': 'ownMoney',
};

/**
 * The box's field for a server error's `field` (a dotted path of the request: `gift_aid.postcode`); undefined
 * for a problem of the whole donation (the charity stopped taking donations, too many attempts).
 */
export function fieldOfServerError(
  field: string | undefined,
  choices: GivingChoices,
): GivingField | undefined {
  if (!field) return undefined;
  const found = SERVER_FIELDS[field] ?? (field.startsWith('tip.') ? 'tip' : undefined);
  // The server names the postcode when the address is missing too (one of the two is needed).
  return found === 'postcode' && choices.outsideUk ? 'address' : found;
}

/** How the summary beside Donate names each field. */
const FIELD_NAMES: Record<GivingField, string> = {
  amount: 'your donation',
  tip: 'the tip',
  message: 'your message',
  giftAid: 'Gift Aid',
  title: 'title',
  firstName: 'first name',
  lastName: 'last name',
  house: 'house name or number',
  postcode: 'postcode',
  address: 'address',
  ownMoney: 'that it is your own money',
  email: 'email',
  adult: 'that you are 18 or over',
};

/** "Please check your donation, email and that you are 18 or over.": the fields with a message, in order. */
export function describeProblems(fields: readonly GivingField[]): string {
  const names = GIVING_FIELDS.filter((field) => fields.includes(field)).map((field) => FIELD_NAMES[field]);
  if (!names.length) return '';
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `Please check ${list}.`;
}
