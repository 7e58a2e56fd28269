import type { AnalyticsActivity, AnalyticsRequest, AnalyticsResponse } from '@shared/api/schemas/analytics';
import { ukDay } from '@shared/donations';
import type * as z from 'zod';
import type { AnalyticsData } from '../../data/analytics';
import type { ListedDonation } from '../../data/donation-list';
import type { PostData } from '../../data/posts';
import type { Clock } from '../../lib/clock';
import { shownName } from '../donations/rows';
import { byMonth, dayRange, donationRateTenths, rangeMonths, total } from './figures';

export interface AnalyticsDeps {
  analytics: Pick<AnalyticsData, 'days'>;
  posts: Pick<PostData, 'listPublished'>;
  /** The charity's latest paid donations (the donations list's read), newest first. */
  latestGifts: (userId: string, size: number) => Promise<ListedDonation[]>;
  clock: Clock;
  /** The stage's launch switch (`updates.open`). */
  updatesOpen: boolean;
}

/** Items of recent activity shown, and of each kind read for it. */
export const RECENT_LIMIT = 10;
/** Posts read to count a range's publications (a charity's published posts, newest first). */
const POSTS_READ = 500;

/** The charity's analytics of a range: monthly figures from its daily items (one Query), rate, recent activity. */
export async function getAnalytics(
  deps: AnalyticsDeps,
  userId: string,
  input: z.infer<typeof AnalyticsRequest>,
): Promise<AnalyticsResponse> {
  const range = input.range ?? '6m';
  const today = ukDay(deps.clock.now().toISOString());
  const months = rangeMonths(range, today.slice(0, 7));
  if (!deps.updatesOpen)
    return {
      success: true,
      updates_open: false,
      range,
      months: byMonth([], months),
      profile_views: 0,
      new_followers: 0,
      unfollows: 0,
      donations_paid: 0,
      donated_pence: 0,
      donation_rate_tenths: null,
      posts_published: 0,
      post_views: 0,
      mail_clicks: 0,
      recent: [],
    };
  const { from, to } = dayRange(months);
  const [days, posts, gifts] = await Promise.all([
    deps.analytics.days(userId, from, to),
    deps.posts.listPublished(userId, POSTS_READ),
    deps.latestGifts(userId, RECENT_LIMIT),
  ]);
  const profileViews = total(days, 'profile_views');
  const donationsPaid = total(days, 'donations_paid');
  const inRange = posts.filter((p) => p.published_at && ukDay(p.published_at) >= from);
  const recent: (AnalyticsActivity & { sort: string })[] = [
    ...gifts.map((g) => ({
      kind: 'gift' as const,
      at: g.paid_at ?? g.created_at,
      amount_pence: g.donation_pence,
      donor_name: shownName(g),
      sort: g.paid_at ?? g.created_at,
    })),
    ...days
      .filter((d) => d.follows > 0)
      .slice(-RECENT_LIMIT)
      .map((d) => ({
        kind: 'follows' as const,
        day: d.day,
        count: d.follows,
        sort: `${d.day}T23:59:59.999Z`,
      })),
    ...posts.slice(0, RECENT_LIMIT).map((p) => ({
      kind: 'post' as const,
      at: p.published_at ?? p.updated_at,
      title: p.title,
      post_type: p.type,
      sort: p.published_at ?? p.updated_at,
    })),
  ];
  return {
    success: true,
    updates_open: true,
    range,
    months: byMonth(days, months),
    profile_views: profileViews,
    new_followers: total(days, 'follows'),
    unfollows: total(days, 'unfollows'),
    donations_paid: donationsPaid,
    donated_pence: total(days, 'donated_pence'),
    donation_rate_tenths: donationRateTenths(donationsPaid, profileViews),
    posts_published: inRange.length,
    post_views: total(days, 'post_views'),
    mail_clicks: total(days, 'mail_clicks'),
    recent: recent
      .sort((a, b) => b.sort.localeCompare(a.sort))
      .slice(0, RECENT_LIMIT)
      .map(({ sort: _, ...item }) => item),
  };
}
