/**
 * The charity's money (issue 33): its donations, Gift Aid claims, payouts and refunds. Constants and the
 * messages the charity sees (the spec has none of its own; README decisions).
 */

/** Donations on one page of the list (newest first). */
export const DONATIONS_PAGE_SIZE = 25;

/** Days after a donation was paid during which the charity may refund it (a genuine mistake). */
export const REFUND_WINDOW_DAYS = 30;

/**
 * Days a donation that never became money (the donor left the checkout, the card was declined) is kept, for
 * looking into card testing, before it is erased with the donor's details (the privacy policy says so).
 */
export const UNPAID_DONATION_KEEP_DAYS = 90;

/** HMRC's schedule: at most this many rows per file; more donations make more files. */
export const SCHEDULE_MAX_ROWS = 1000;

/** HMRC's template: the sheet name starts with this (`R68GAD_V1_00_0_EN` in the English template). */
export const SCHEDULE_SHEET_NAME = 'R68GAD_V1_00_0_EN';

/** The table headings of HMRC's schedule, in order. */
export const SCHEDULE_HEADINGS = [
  'Item',
  'Title',
  'First name',
  'Last name',
  'House name or number',
  'Postcode',
  'Aggregated donations',
  'Sponsored event',
  'Donation date',
  'Amount',
] as const;

/** The label of the cell that holds the earliest donation date of the claim. */
export const SCHEDULE_EARLIEST_LABEL = 'Earliest donation date in the period of claim. (DD/MM/YY)';

/**
 * Where HMRC's validator reads the schedule (0-based rows and columns of the first sheet, as its reader counts
 * them: `hmrc/charities-claims-validation`, `GiftAidDonationRow`), laid out as HMRC's template
 * (`Gift-Aid-Schedule-Excel-GoodData.ods`): the earliest date's label in row 12 and the date in row 13
 * column D ("Box 1"), the previously over-claimed amount's label in row 16 and the amount in row 17 column D
 * ("Box 2"), the headings in row 23, "(Yes/blank)" and "(DD/MM/YY)" under them in row 24, and the donations
 * from row 25, column B onwards (column A is the template's margin).
 */
export const SCHEDULE_LAYOUT = {
  earliestLabelRow: 11,
  earliestRow: 12,
  earliestColumn: 3,
  overclaimedLabelRow: 15,
  overclaimedRow: 16,
  overclaimedColumn: 3,
  headingsRow: 22,
  unitsRow: 23,
  firstDonationRow: 24,
  firstColumn: 1,
} as const;

/** Box 2's label and HMRC's note beside it, as in HMRC's template: the tax over-claimed, not the donation. */
export const SCHEDULE_OVERCLAIMED_LABEL = 'Previously over-claimed amount. Leave blank if none';
export const SCHEDULE_OVERCLAIMED_NOTE =
  'Make sure you show the tax not the donation. This amount will be deducted from your claim.';

/** Gift Aid is 25p for every £1: the claim on a gift of `pence` (whole pence, rounded down). */
export const giftAidOn = (pence: number): number => Math.floor(pence / 4);

/** A calendar month `YYYY-MM` (UK time is what the charity means; stored dates are UTC ISO strings). */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A calendar day `YYYY-MM-DD`. */
export const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The statuses a charity sees (pending, expired, failed and flagged donations are not its donations yet). */
export const CHARITY_DONATION_STATUSES = ['paid', 'refunded', 'refund_failed', 'disputed'] as const;

export const DonationsMessage = {
  NotFound: 'Donation not found',
  Month: 'Please choose a month.',
  Period: 'Please choose a period: a start date on or before the end date, neither in the future.',
  NothingToClaim: 'There are no Gift Aid donations to claim in this period.',
  ClaimNotFound: 'Gift Aid claim not found',
  PayoutNotFound: 'Payout not found',
  /** A payout Stripe has not finished matching to its donations (`reconciliation_status` not yet completed). */
  PayoutReconciling:
    'Stripe is still matching this payout to its donations. Its file will be ready once that is done, usually within a day.',
  RefundConfirm: 'Please confirm the refund.',
  RefundTooLate: `Donations can be refunded within ${REFUND_WINDOW_DAYS} days of being made. Please contact us for help.`,
  RefundNotPaid: 'Only a paid donation can be refunded.',
  RefundStarted: 'The donation has been refunded. The donor will get an email.',
  RefundFailed: 'The refund could not be made just now. Nothing was changed: please try again.',
  GivingNotOpen: 'Donations open soon.',
  /** A list cursor that is not one this charity's list gave (tampered, foreign or of another month). */
  Cursor: 'This page of donations could not be found. Please start again from the first page.',
} as const;

const ukParts = (iso: string) => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: part('year'), month: part('month'), day: part('day') };
};

/** The UK calendar day of an instant: `YYYY-MM-DD`. */
export function ukDay(iso: string): string {
  const { year, month, day } = ukParts(iso);
  return `${year}-${month}-${day}`;
}

/** The UK calendar month of an instant: `YYYY-MM`. */
export const ukMonth = (iso: string): string => ukDay(iso).slice(0, 7);
