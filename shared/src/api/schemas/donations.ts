import * as z from 'zod';
import { CHARITY_DONATION_STATUSES, DAY_PATTERN, DonationsMessage, MONTH_PATTERN } from '../../donations';
import { TwoStepMessage } from '../../two-step';

const Month = z
  .string({ error: DonationsMessage.Month })
  .regex(MONTH_PATTERN, { error: DonationsMessage.Month });
/** A calendar day that exists (`2026-02-31` is refused, not read as 3 March). */
const Day = z
  .string({ error: DonationsMessage.Period })
  .regex(DAY_PATTERN, { error: DonationsMessage.Period, abort: true })
  .refine((day) => new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day, {
    error: DonationsMessage.Period,
  });
const Id = (message: string) =>
  z.string({ error: message }).regex(/^[A-Za-z0-9_-]{1,80}$/, { error: message });

/** A download the browser fetches: a short-lived signed link to a file made for this request. */
export const ExportFile = z.object({
  name: z.string(),
  url: z.string().url(),
  /** Data rows in the file (not counting headings). */
  rows: z.number().int(),
});
export type ExportFile = z.infer<typeof ExportFile>;
export const ExportFilesResponse = z.object({
  success: z.literal(true),
  files: z.array(ExportFile),
  /**
   * A claim's files again (a re-issue): donations of the claim refunded or disputed since, left out of the
   * schedule (the charity adjusts its claim with HMRC for them).
   */
  withdrawn: z.number().int().optional(),
});
export type ExportFilesResponse = z.infer<typeof ExportFilesResponse>;

/** `GET /api/me/donations?month=YYYY-MM&cursor=…`: the charity's donations, newest first, 25 a page. */
export const ListDonationsRequest = z
  .object({
    month: Month.optional(),
    /** Opaque, from the previous page's `next_cursor`. */
    cursor: z.string().max(512).optional(),
  })
  .strict();

export const CharityDonationStatus = z.enum(CHARITY_DONATION_STATUSES);
export type CharityDonationStatus = z.infer<typeof CharityDonationStatus>;

/** One donation as its charity sees it. Amounts are integer pence; `amount_pence` is the gross gift. */
export const DonationRow = z.object({
  id: z.string(),
  /** The reference on the donor's receipt and in every export. */
  reference: z.string(),
  /** When the donor gave (paid), ISO. */
  date: z.string(),
  amount_pence: z.number().int(),
  card_fee_pence: z.number().int(),
  net_pence: z.number().int(),
  gift_aid: z.boolean(),
  /** The donor's name; null when the donor gave anonymously or gave no name ("Anonymous"). */
  donor_name: z.string().nullable(),
  message: z.string().nullable(),
  /** Only where the donor agreed to hear from the charity. */
  email: z.string().nullable(),
  status: CharityDonationStatus,
  /** Until when the charity may refund it; null when it cannot (not paid, or too late). */
  refundable_until: z.string().nullable(),
  /** The Gift Aid claim that included it, if any. */
  claim_id: z.string().nullable(),
});
export type DonationRow = z.infer<typeof DonationRow>;

export const ListDonationsResponse = z.object({
  success: z.literal(true),
  donations: z.array(DonationRow),
  next_cursor: z.string().nullable(),
});
export type ListDonationsResponse = z.infer<typeof ListDonationsResponse>;

/** `GET /api/me/donations/summary`: the totals, from the stored donations (paid ones; refunds leave them). */
export const DonationSummaryResponse = z.object({
  success: z.literal(true),
  /** Whether this stage takes donations (`giving.open`): the overview shows real figures only then. */
  giving_open: z.boolean(),
  /** Gross gifts of paid donations, all time. */
  raised_pence: z.number().int(),
  /** Gross gifts of paid donations this calendar month (UK time). */
  this_month_pence: z.number().int(),
  /** Distinct donors (by email) with a paid donation. */
  supporters: z.number().int(),
  /** 25% of the paid, Gift-Aided donations not yet in a claim. */
  gift_aid_to_claim_pence: z.number().int(),
  /** Months with donations, newest first (`YYYY-MM`), for the filter. */
  months: z.array(z.string()),
});
export type DonationSummaryResponse = z.infer<typeof DonationSummaryResponse>;

/** `POST /api/me/donations/export`: the donations CSV (all, or one month). */
export const ExportDonationsRequest = z.object({ month: Month.optional() }).strict();

/** `POST /api/me/gift-aid/declarations/export`: the Gift Aid declarations CSV (all, or one month). */
export const ExportDeclarationsRequest = z.object({ month: Month.optional() }).strict();

/** `POST /api/me/gift-aid/claims`: claims every eligible donation paid in the period (UK dates, inclusive). */
export const CreateGiftAidClaimRequest = z
  .object({ from: Day, to: Day })
  .strict()
  .refine((p) => p.from <= p.to, { error: DonationsMessage.Period, path: ['to'] });

/** A donation claimed from HMRC before, then refunded or lost to a dispute: its Gift Aid is paid back. */
export const GiftAidAdjustment = z.object({
  donation_id: z.string(),
  /** The earlier claim that included it, and its period. */
  claim_id: z.string(),
  claim_from: z.string(),
  claim_to: z.string(),
  reason: z.enum(['refunded', 'dispute_lost']),
  paid_at: z.string(),
  /** When the money went back to the donor. */
  returned_at: z.string().nullable(),
  donation_pence: z.number().int(),
  /** The Gift Aid claimed on it, now deducted. */
  gift_aid_pence: z.number().int(),
});
export type GiftAidAdjustment = z.infer<typeof GiftAidAdjustment>;

export const GiftAidClaim = z.object({
  id: z.string(),
  created_at: z.string(),
  from: z.string(),
  to: z.string(),
  donations: z.number().int(),
  donated_pence: z.number().int(),
  gift_aid_pence: z.number().int(),
  /** Schedule files (1,000 rows each). */
  files: z.number().int(),
  /**
   * Gift Aid over-claimed on earlier claims (donations refunded, or disputes lost, after they were claimed),
   * put in this claim's Box 2 ("Previously over-claimed amount") so HMRC deducts it: the tax, not the gifts.
   */
  overclaimed_pence: z.number().int(),
  /** Each donation behind `overclaimed_pence` (the first 200), and how many there are in all. */
  adjustments: z.array(GiftAidAdjustment),
  adjustment_count: z.number().int(),
});
export type GiftAidClaim = z.infer<typeof GiftAidClaim>;

export const CreateGiftAidClaimResponse = z.object({
  success: z.literal(true),
  claim: GiftAidClaim,
  files: z.array(ExportFile),
});
export const ListGiftAidClaimsResponse = z.object({
  success: z.literal(true),
  claims: z.array(GiftAidClaim),
});
export type ListGiftAidClaimsResponse = z.infer<typeof ListGiftAidClaimsResponse>;

/** `POST /api/me/gift-aid/claims/{claimId}/files`: the claim's schedule again (a re-issue on purpose). */
export const ClaimFilesRequest = z.object({ claimId: Id(DonationsMessage.ClaimNotFound) }).strict();

export const Payout = z.object({
  id: z.string(),
  status: z.enum(['paid', 'failed']),
  amount_pence: z.number().int(),
  /** When the bank should have it (ISO date). */
  arrival_date: z.string(),
  created_at: z.string(),
  /** Donations the payout paid (from its balance transactions). */
  donations: z.number().int(),
  failure_message: z.string().nullable(),
});
export type Payout = z.infer<typeof Payout>;
export const ListPayoutsResponse = z.object({ success: z.literal(true), payouts: z.array(Payout) });
export type ListPayoutsResponse = z.infer<typeof ListPayoutsResponse>;

/** `POST /api/me/payouts/{payoutId}/export`: the payout's donations as CSV, summing exactly to the payout. */
export const ExportPayoutRequest = z.object({ payoutId: Id(DonationsMessage.PayoutNotFound) }).strict();

/**
 * `POST /api/me/donations/{donationId}/refund`. With two-step sign-in on, the password and a current code
 * (Cognito checks a code only as part of a sign-in, as turning two-step off does).
 */
export const RefundDonationRequest = z
  .object({
    donationId: Id(DonationsMessage.NotFound),
    confirm: z.literal(true, { error: DonationsMessage.RefundConfirm }),
    password: z.string().min(1).max(256).optional(),
    code: z
      .string({ error: TwoStepMessage.CodeFormat })
      .max(32, TwoStepMessage.CodeFormat)
      .transform((s) => s.replace(/\s+/g, ''))
      .pipe(z.string().regex(/^\d{6}$/, TwoStepMessage.CodeFormat))
      .optional(),
  })
  .strict();
export type RefundDonationRequest = z.input<typeof RefundDonationRequest>;
export const RefundDonationResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  donation: DonationRow,
});
