/**
 * The table's one global secondary index and every partition of it, in one place. Each partition has one
 * writer (the entity chart, `README.md` in this folder, names it); every module that writes or queries one
 * names it from here, never by a bare string.
 */

/** The index (`GSI1PK` / `GSI1SK`, every attribute projected: `infra/table-schema.ts`). */
export const GSI1 = 'GSI1';

/** Verification flags of unverified accounts, by `<expires_at>#<userId>`: the hourly sweep (`charities/verification.ts`). */
export const UNVERIFIED = 'UNVERIFIED';
/** The team's open cases, by `<created_at>#<userId>` (`charities/open-case.ts`). */
export const OPEN_CASES = 'CASE#OPEN';
/** LIVE records of live, vetted charities, by registration number: the sitemap (`charities/live.ts`). */
export const LIVE_CHARITIES = 'LIVE#CHARITIES';
/** Discovery cards of live charities, by registration number: `/charities` (`discovery.ts`, issue 45). */
export const DISCOVER_CHARITIES = 'DISCOVER#CHARITIES';
/** Active explore pages, by `<updated_at>#<userId>`: the donors' listing, newest first (`explore.ts`). */
export const ACTIVE_EXPLORE = 'EXPLORE#ACTIVE';
/**
 * Finalised markers of vetted charities, by number: the finder's "On Kindred" (written by
 * `charities/registration-marker.ts`, read by `registration-markers.ts`).
 */
export const ON_PLATFORM = 'REGNO';
/** Scheduled posts, by `<scheduled_for>#<userId>#<postId>`: the publisher's due list (`posts.ts`, issue 44). */
export const SCHEDULED_POSTS = 'POSTS#SCHEDULED';
/** A charity's donations, newest first: `DONATIONS#<userId>` by `<created_at>#<donationId>` (`donations.ts`). */
export const charityDonations = (userId: string) => `DONATIONS#${userId}`;
/** A charity's Gift Aid claims, newest first: `CLAIMS#<userId>` by `<created_at>#<claimId>` (`gift-aid-claims.ts`). */
export const charityClaims = (userId: string) => `CLAIMS#${userId}`;
/** A charity's payouts, newest first: `PAYOUTS#<userId>` by `<created_at>#<payoutId>` (`payouts.ts`). */
export const charityPayouts = (userId: string) => `PAYOUTS#${userId}`;
/** An address's confirmed follows: `FOLLOWS#<addressId>` by `<charityId>` (`followers.ts`; the manage page). */
export const addressFollows = (addressId: string) => `FOLLOWS#${addressId}`;
