import type { DonationSummaryResponse, ListDonationsResponse } from '@shared/api/schemas/donations';
import {
  CHARITY_DONATION_STATUSES,
  DONATIONS_PAGE_SIZE,
  DonationsMessage,
  giftAidOn,
  ukMonth,
} from '@shared/donations';
import type { listCharityDonations } from '../../data/donation-list';
import type { DonationTotalsData } from '../../data/donation-totals';
import type { GiftAidClaimData } from '../../data/gift-aid-claims';
import type { Clock } from '../../lib/clock';
import { ValidationError } from '../../lib/http-errors';
import { donationRow } from './rows';
import { ukMonthBounds } from './uk-time';

/** The list's position as the browser holds it: base64url JSON of the charity, the month and the sort key. */
interface Cursor {
  c: string;
  m: string | null;
  k: string;
}

const SORT_KEY = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z#[A-Za-z0-9_-]{1,80}$/;

export const encodeCursor = (cursor: Cursor): string =>
  Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');

/**
 * The sort key a cursor points at, only when it is one this charity's list (of this month) could have given:
 * anything else (tampered, another charity's, another month's) is a 400, never a query.
 */
export function decodeCursor(text: string, userId: string, month: string | null): string {
  const refuse = () => new ValidationError(DonationsMessage.Cursor, 'cursor');
  let cursor: Partial<Cursor>;
  try {
    cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
  } catch {
    throw refuse();
  }
  if (
    typeof cursor !== 'object' ||
    cursor === null ||
    cursor.c !== userId ||
    (cursor.m ?? null) !== month ||
    typeof cursor.k !== 'string' ||
    !SORT_KEY.test(cursor.k) ||
    // Only the exact text the list gave (base64 decoding forgives stray characters).
    encodeCursor({ c: cursor.c, m: cursor.m ?? null, k: cursor.k }) !== text
  )
    throw refuse();
  if (month) {
    const { from, to } = ukMonthBounds(month);
    if (cursor.k < from || cursor.k > to) throw refuse();
  }
  return cursor.k;
}

export interface ListDeps {
  list: (
    userId: string,
    opts: Omit<Parameters<typeof listCharityDonations>[2], 'statuses'>,
  ) => ReturnType<typeof listCharityDonations>;
  clock: Clock;
}

/** `list-donations`: the caller's paid, refunded and disputed donations, newest first, 25 a page. */
export async function listDonations(
  deps: ListDeps,
  caller: { userId: string },
  input: { month?: string; cursor?: string },
): Promise<ListDonationsResponse> {
  const month = input.month ?? null;
  const after = input.cursor ? decodeCursor(input.cursor, caller.userId, month) : undefined;
  const page = await deps.list(caller.userId, {
    size: DONATIONS_PAGE_SIZE,
    ...(month ? ukMonthBounds(month) : {}),
    after,
  });
  const now = deps.clock.now();
  return {
    success: true,
    donations: page.donations.map((d) => donationRow(d, now)),
    next_cursor: page.next ? encodeCursor({ c: caller.userId, m: month, k: page.next }) : null,
  };
}

/** The statuses the list reads. */
export const LISTED_STATUSES = CHARITY_DONATION_STATUSES;

/**
 * `get-donation-summary`: the running totals (exact by construction) and whether this stage takes gifts. The
 * Gift Aid to claim leaves out the donations a claim being built has marked already (decision 19.15).
 */
export async function getDonationSummary(
  deps: {
    totals: Pick<DonationTotalsData, 'get'>;
    claims: Pick<GiftAidClaimData, 'unclaimedPence'>;
    givingOpen: boolean;
    clock: Clock;
  },
  caller: { userId: string },
): Promise<DonationSummaryResponse> {
  const read = deps.totals.get(caller.userId);
  const [totals, unclaimed] = await Promise.all([
    read,
    deps.claims.unclaimedPence(
      caller.userId,
      read.then((t) => t.gift_aid_unclaimed_pence),
    ),
  ]);
  const thisMonth = ukMonth(deps.clock.now().toISOString());
  return {
    success: true,
    giving_open: deps.givingOpen,
    raised_pence: totals.raised_pence,
    this_month_pence: totals.months.find((m) => m.month === thisMonth)?.raised_pence ?? 0,
    supporters: totals.supporters,
    gift_aid_to_claim_pence: giftAidOn(unclaimed),
    months: totals.months.map((m) => m.month),
  };
}
