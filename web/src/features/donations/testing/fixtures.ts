import type { RouteId } from '@shared/api/routes';
import type {
  DonationRow,
  DonationSummaryResponse,
  GiftAidClaim,
  Payout,
} from '@shared/api/schemas/donations';

/** Test data of the donations page, in the shapes the routes answer. */

export const summary = (over: Partial<DonationSummaryResponse> = {}): DonationSummaryResponse => ({
  success: true,
  giving_open: true,
  raised_pence: 1_234_550,
  this_month_pence: 45_000,
  supporters: 1204,
  gift_aid_to_claim_pence: 12_500,
  months: ['2026-11', '2026-10', '2026-09'],
  ...over,
});

export const donation = (over: Partial<DonationRow> = {}): DonationRow => ({
  id: 'don_1',
  reference: 'don_1',
  date: '2026-10-14T13:05:00.000Z',
  amount_pence: 2500,
  card_fee_pence: 55,
  net_pence: 2445,
  gift_aid: true,
  donor_name: 'Ada Lovelace',
  message: 'For the owls',
  email: 'ada@example.org',
  status: 'paid',
  refundable_until: '2026-11-13T13:05:00.000Z',
  claim_id: null,
  ...over,
});

export const claim = (over: Partial<GiftAidClaim> = {}): GiftAidClaim => ({
  id: 'claim_1',
  created_at: '2026-10-02T09:00:00.000Z',
  from: '2026-09-01',
  to: '2026-09-30',
  donations: 12,
  donated_pence: 30_000,
  gift_aid_pence: 7500,
  files: 1,
  overclaimed_pence: 0,
  adjustments: [],
  adjustment_count: 0,
  ...over,
});

export const payout = (over: Partial<Payout> = {}): Payout => ({
  id: 'po_1',
  status: 'paid',
  amount_pence: 48_900,
  arrival_date: '2026-10-20',
  created_at: '2026-10-18T00:00:00.000Z',
  donations: 20,
  failure_message: null,
  ...over,
});

export const files = (...names: string[]) => ({
  success: true as const,
  files: names.map((name, i) => ({ name, url: `https://exports.example/${name}?sig=${i}`, rows: 10 + i })),
});

export type Answers = Partial<Record<RouteId, (input: never) => unknown>>;

/** The default answers of every route the page reads; a test replaces the ones it is about. */
export const defaultAnswers = (): Answers => ({
  'get-donation-summary': () => summary(),
  'list-donations': () => ({ success: true, donations: [donation()], next_cursor: null }),
  'list-gift-aid-claims': () => ({ success: true, claims: [] }),
  'list-payouts': () => ({ success: true, payouts: [] }),
  'get-two-step-status': () => ({ success: true, enabled: false }),
});
