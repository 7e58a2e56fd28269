import * as z from 'zod';
import { giftAidTextProblem } from '../../gift-aid-text';
import {
  GIFT_AID_WORDING_VERSION,
  GivingMessage,
  MAX_DONATION_PENCE,
  MAX_DONOR_MESSAGE,
  MAX_TIP_PENCE,
  MIN_DONATION_PENCE,
  normalisePostcode,
  PRESET_TIP_PERCENTS,
} from '../../giving';
import { EmailField } from './charity-account';
import { CanonicalRegistrationNumber } from './common';

const pence = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

/** Free text from a donor: trimmed, control characters refused (plain text only). */
const plainText = (max: number, message: string, min = 0) =>
  z
    .string({ error: message })
    .max(max * 4, { error: message, abort: true })
    .trim()
    .min(min, { error: message, abort: true })
    .max(max, { error: message, abort: true })
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    .refine((text) => !/[\u0000-\u0009\u000b-\u001f\u007f]/.test(text), { error: message });

export const TipChoiceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('none') }).strict(),
    z
      .object({
        kind: z.literal('percent'),
        percent: z.union(
          PRESET_TIP_PERCENTS.map((p) => z.literal(p)) as [z.ZodLiteral<5>, z.ZodLiteral<10>],
          {
            error: GivingMessage.TipRange,
          },
        ),
      })
      .strict(),
    z.object({ kind: z.literal('amount'), pence: pence(0, MAX_TIP_PENCE, GivingMessage.TipRange) }).strict(),
  ],
  { error: GivingMessage.TipRange },
);

/**
 * A Gift Aid declaration (HMRC's minimum: full name, house name or number and postcode, or `X` and the
 * address in full when the donor lives outside the UK). Titles are letters only, as HMRC's schedule wants.
 */
export const GiftAidDeclarationInput = z
  .object({
    wording_version: z.literal(GIFT_AID_WORDING_VERSION, { error: 'Please reload the page and try again.' }),
    title: z
      .string({ error: GivingMessage.Title })
      .trim()
      .max(4, { error: GivingMessage.Title, abort: true })
      .regex(/^[A-Za-z]*$/, { error: GivingMessage.Title })
      .optional(),
    first_name: plainText(35, GivingMessage.FirstName, 1),
    last_name: plainText(35, GivingMessage.LastName, 1),
    house: plainText(40, GivingMessage.House, 1),
    /** A UK postcode, or null with `outside_uk_address` set. */
    postcode: z
      .string({ error: GivingMessage.Postcode })
      .max(16, { error: GivingMessage.Postcode, abort: true })
      .transform((value, ctx) => {
        const postcode = normalisePostcode(value);
        if (postcode === null) {
          ctx.addIssue({ code: 'custom', message: GivingMessage.Postcode });
          return z.NEVER;
        }
        return postcode;
      })
      .nullable(),
    outside_uk_address: plainText(200, GivingMessage.Address, 1).nullable(),
    own_money: z.literal(true, { error: GivingMessage.OwnMoney }),
  })
  .strict()
  .superRefine((value, ctx) => {
    if ((value.postcode === null) === (value.outside_uk_address === null))
      ctx.addIssue({ code: 'custom', message: GivingMessage.Postcode, path: ['postcode'] });
    // What HMRC's schedule cannot read is refused here, before the donor pays (issue 42).
    const fields = [
      ['first_name', 'FirstName', value.first_name],
      ['last_name', 'LastName', value.last_name],
      ['house', 'House', value.house],
      ['outside_uk_address', 'Address', value.outside_uk_address],
    ] as const;
    for (const [path, field, text] of fields) {
      const problem = text === null ? null : giftAidTextProblem(field, text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [path] });
    }
  });
export type GiftAidDeclarationInput = z.infer<typeof GiftAidDeclarationInput>;

/**
 * A donation as the donor chose it. The browser never sends a fee or a total: the server computes them from
 * these choices (`breakdown` in `@shared/giving`).
 */
export const CreateDonationRequest = z
  .object({
    registration_number: CanonicalRegistrationNumber({
      required: GivingMessage.NotTakingDonations,
      format: GivingMessage.NotTakingDonations,
    }),
    amount_pence: pence(MIN_DONATION_PENCE, MAX_DONATION_PENCE, GivingMessage.AmountRange),
    tip: TipChoiceSchema,
    cover_fee: z.boolean(),
    anonymous: z.boolean(),
    message: plainText(MAX_DONOR_MESSAGE, GivingMessage.Message).optional(),
    may_email: z.boolean(),
    email: EmailField(GivingMessage.Email),
    adult: z.literal(true, { error: GivingMessage.Adult }),
    gift_aid: GiftAidDeclarationInput.nullable(),
  })
  .strict()
  // Anonymity wins (decision 17.12): an anonymous gift never shares the donor's email with the charity. The
  // giving box never sends the pair (it unticks "may email me" when "Give anonymously" is chosen).
  .refine((value) => !(value.anonymous && value.may_email), {
    error: GivingMessage.AnonymousNoEmail,
    path: ['may_email'],
  });
export type CreateDonationRequest = z.input<typeof CreateDonationRequest>;

export const CreateDonationResponse = z.object({
  success: z.literal(true),
  donation_id: z.string(),
  /** Stripe Checkout's hosted page. */
  checkout_url: z.string().url(),
});

export const DonationStatus = z.enum([
  'pending',
  'paid',
  'failed',
  'expired',
  'flagged',
  'refunded',
  /** A refund Stripe reported `succeeded`, then `failed`: the charity still holds the money. */
  'refund_failed',
  'disputed',
]);
export type DonationStatus = z.infer<typeof DonationStatus>;

export const DonationStatusRequest = z
  .object({
    donationId: z
      .string({ error: GivingMessage.DonationNotFound })
      .regex(/^[A-Za-z0-9_-]{10,64}$/, { error: GivingMessage.DonationNotFound }),
  })
  .strict();

/** What the thank-you page shows: nothing about the donor but the figures of the gift. */
export const DonationStatusResponse = z.object({
  success: z.literal(true),
  donation: z.object({
    status: DonationStatus,
    registration_number: z.string(),
    charity_name: z.string(),
    donation_pence: z.number().int(),
    tip_pence: z.number().int(),
    total_pence: z.number().int(),
    gift_aid: z.boolean(),
  }),
});
export type DonationStatusResponse = z.infer<typeof DonationStatusResponse>;

/** A Stripe webhook: the raw body (base64 of the exact bytes) and its signature header, nothing parsed. */
export const StripeWebhookRequest = z.object({ body: z.string(), signature: z.string().optional() }).strict();
export const StripeWebhookResponse = z.object({ received: z.literal(true) });
