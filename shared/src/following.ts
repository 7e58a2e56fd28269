/**
 * Following a charity (issue 44): a donor's address follows a charity's posts by mail, with no account. The
 * constants and messages the API, the mails and the web pages share.
 */
import { paths } from './site/paths';

export const FOLLOW_FREQUENCIES = ['each', 'weekly'] as const;
export type FollowFrequency = (typeof FOLLOW_FREQUENCIES)[number];

export const FOLLOW_FREQUENCY_LABELS: Record<FollowFrequency, string> = {
  each: 'Each post',
  weekly: 'A weekly digest',
};

/** How long a confirmation link works (decision 20.10). */
export const FOLLOW_CONFIRM_DAYS = 7;
/** How long the unsubscribe and manage links of one mail work (decision 20.11). */
export const FOLLOW_MAIL_TOKEN_DAYS = 365;

/**
 * Follow requests per source (the caller's address, IPv6 by its /64) and confirmation mails per followed
 * address: the form cannot be used to mail-bomb anyone (decision 20.12).
 */
export const FOLLOW_LIMITS = {
  sourceHour: { scope: 'follow-ip', rule: { window: 3600, limit: 10 } },
  sourceDay: { scope: 'follow-ip-day', rule: { window: 'day' as const, limit: 30 } },
  addressDay: { scope: 'follow-address-day', rule: { window: 'day' as const, limit: 3 } },
} as const;

/** The web pages the mails link to (the token travels in the fragment, so it never reaches a log). */
export const FOLLOW_PATHS = {
  confirm: paths.following.confirm.path,
  unsubscribe: paths.following.unsubscribe.path,
  manage: paths.following.manage.path,
} as const;

export const FollowMessage = {
  /** The one answer to every accepted follow request, whether or not the address already follows. */
  CheckInbox: 'Thank you. Check your inbox to confirm: we will send nothing else until you do.',
  Closed: 'Following charities is not open yet.',
  NotAvailable: 'This charity page is not available.',
  TooMany: 'Too many follow requests. Please try again later.',
  LinkInvalid: 'This link is not valid. Please use the link in your most recent email.',
  LinkExpired:
    'This confirmation link has expired. Please follow the charity again from its page and we will send a new one.',
  LinkUsed: 'This link has already been used.',
  Confirmed: 'You are now following {charity}.',
  Unsubscribed: 'You will get no more mail about {charity}.',
  NotFollowing: 'This address does not follow that charity.',
} as const;

/** The message with the charity's name in it. */
export const withCharity = (message: string, charity: string) => message.replace('{charity}', charity);
