import * as z from 'zod';

/** The charts' ranges: the last 6 months or the last year (12 UK months, this one included). */
export const ANALYTICS_RANGES = ['6m', '12m'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

/** `GET /api/me/analytics?range=6m|12m` (6m when absent). */
export const AnalyticsRequest = z.object({ range: z.enum(ANALYTICS_RANGES).optional() }).strict();

/** One UK month of the charts. Amounts are integer pence. */
export const AnalyticsMonth = z.object({
  /** `YYYY-MM`. */
  month: z.string(),
  profile_views: z.number().int(),
  donations_paid: z.number().int(),
  donated_pence: z.number().int(),
});
export type AnalyticsMonth = z.infer<typeof AnalyticsMonth>;

/** Recent activity: a gift (as the donations list shows its donor), a day's new followers, a post published. */
export const AnalyticsActivity = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('gift'),
    at: z.string(),
    amount_pence: z.number().int(),
    /** Null when anonymous or no name, as in the donations list. */
    donor_name: z.string().nullable(),
  }),
  /** New followers of a UK day (never who). */
  z.object({ kind: z.literal('follows'), day: z.string(), count: z.number().int() }),
  z.object({ kind: z.literal('post'), at: z.string(), title: z.string(), post_type: z.string() }),
]);
export type AnalyticsActivity = z.infer<typeof AnalyticsActivity>;

export const AnalyticsResponse = z.object({
  success: z.literal(true),
  /** The stage's launch switch (`updates.open`): closed, the dashboard keeps its preview and the figures are empty. */
  updates_open: z.boolean(),
  range: z.enum(ANALYTICS_RANGES),
  /** Oldest first, every month of the range (zeros included). */
  months: z.array(AnalyticsMonth),
  profile_views: z.number().int(),
  new_followers: z.number().int(),
  unfollows: z.number().int(),
  donations_paid: z.number().int(),
  donated_pence: z.number().int(),
  /** Donations per 100 profile views, in tenths, rounded half up (e.g. 25 is 2.5); null without views. */
  donation_rate_tenths: z.number().int().nullable(),
  /** Posts published in the range. */
  posts_published: z.number().int(),
  /** Public page views that showed the charity's posts. */
  post_views: z.number().int(),
  /** Posts opened from update mails (a count, never who). */
  mail_clicks: z.number().int(),
  /** Newest first, at most 10. */
  recent: z.array(AnalyticsActivity),
});
export type AnalyticsResponse = z.infer<typeof AnalyticsResponse>;
