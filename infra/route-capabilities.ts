import type { RouteId } from '@shared/api/routes';
import { CLIENT_ERROR_RATE_SCOPE } from '@shared/public-pages';

/**
 * Cognito operations the backend calls with IAM credentials, by the adapter method that needs them
 * (`lambdas/adapters/identity.ts`): createUser = AdminCreateUser + AdminSetUserPassword (+ AdminDeleteUser to
 * undo, AdminGetUser for the id); findUser = AdminGetUser; setPassword = AdminSetUserPassword;
 * signOutEverywhere = AdminUserGlobalSignOut; deleteUser = AdminDeleteUser. checkPassword is InitiateAuth, a
 * public call that needs no IAM permission. Two-step sign-in (`lambdas/adapters/two-step.ts`): isOn = AdminGetUser,
 * setOn = AdminSetUserMFAPreference; GetUser, AssociateSoftwareToken, VerifySoftwareToken, InitiateAuth,
 * RespondToAuthChallenge and RevokeToken are token-authorised public calls (no IAM permission). Nothing calls AdminUpdateUserAttributes, ListUsers or
 * AdminInitiateAuth, so they are not even expressible here.
 */
export type IdentityOperation =
  | 'AdminCreateUser'
  | 'AdminDeleteUser'
  | 'AdminGetUser'
  | 'AdminSetUserPassword'
  | 'AdminSetUserMFAPreference'
  | 'AdminUserGlobalSignOut';

/** What a function may do with charity media (`lambdas/adapters/media-store.ts`). */
export type MediaAccess =
  /** Sign presigned POST uploads (s3:PutObject). */
  | 'upload'
  /** Check, copy, read and delete objects (s3:GetObject, PutObject, DeleteObject). */
  | 'manage'
  /** `manage` plus listing a prefix, to delete all of a page's or an account's files (s3:ListBucket). */
  | 'purge';

/** The secrets a function may read. */
export type SecretName =
  /** The Stripe secret key (`stripeSecretArn`). */
  | 'payments'
  /** The two Stripe webhook signing secrets (`stripeWebhookSecretsArn`). */
  | 'webhooks';

/** Everything one function may touch. Absent means none. */
export interface Capabilities {
  /** Items of the table (and its index): read (Get/Query/BatchGet) or read and write. */
  readonly table?: 'read' | 'readWrite';
  /**
   * The partition keys (`PK`, patterns with `*`) the table grant is limited to (IAM `dynamodb:LeadingKeys`), for a
   * function that touches only items of its own: e.g. the client-error reporter, its rate counters.
   */
  readonly tableKeys?: readonly string[];
  /** The charity register index (and, with registerSource `api`, the Commission API key). */
  readonly register?: true;
  /** Charity media in the media bucket. */
  readonly media?: MediaAccess;
  /** Send email from the sender identity, with the configuration set. */
  readonly mail?: true;
  /** Cognito admin operations on the user pool, by name. */
  readonly identity?: readonly IdentityOperation[];
  /** Secrets Manager secrets. */
  readonly secrets?: readonly SecretName[];
  /**
   * Calls Cognito operations the user pool's firewall refuses to browsers (AssociateSoftwareToken,
   * VerifySoftwareToken, SetUserMFAPreference, ... with the user's access token): the function gets the
   * backend header's secret (`COGNITO_BACKEND_SECRET`, sent by `backendCognitoClient`).
   */
  readonly userTokenCalls?: true;
  /** Write files to the private exports bucket and sign short-lived links to them (issue 33). */
  readonly exports?: true;
  /**
   * Queue jobs on the follow-mail queue (issue 44, `sqs:SendMessage` on it alone, and `FOLLOW_MAIL_QUEUE_URL`):
   * the functions that announce a publication (`PostAnnouncer`) or queue the weekly digest.
   */
  readonly followQueue?: true;
  /**
   * Count profile views (issue 44): `dynamodb:UpdateItem` on the analytics partitions (`ANALYTICS#*`) alone and
   * only their view counter, for the public page's read-only functions (decision 20.20).
   */
  readonly countViews?: true;
  /**
   * Create a scheduled post's one-off schedule (decision 20.1): `scheduler:CreateSchedule` in the stage's posts
   * group alone and `iam:PassRole` of the role Scheduler assumes alone, with `POST_SCHEDULE_*` (group, publisher,
   * role; infra/constructs/post-schedules.ts).
   */
  readonly postSchedules?: true;
}

const CREATE_USER: readonly IdentityOperation[] = [
  'AdminGetUser',
  'AdminCreateUser',
  'AdminSetUserPassword',
  'AdminDeleteUser',
];
const SET_PASSWORD_AND_SIGN_OUT: readonly IdentityOperation[] = [
  'AdminSetUserPassword',
  'AdminUserGlobalSignOut',
];

/**
 * The capabilities of every route's function, keyed by route id: the type makes it exhaustive, so a new
 * route does not compile until it declares what it needs. The API stack grants exactly these
 * (`BackendAccess.bind`); `api-stack-privileges.test.ts` checks the public reads stay read-only.
 */
export const routeCapabilities: { readonly [Id in RouteId]: Capabilities } = {
  // Public reads: the table at most, never a write.
  health: { table: 'read' },
  'search-charities': { table: 'read', register: true },
  'get-charity-details': { register: true },
  'validate-reset-token': { table: 'read' },
  'list-explore-pages': { table: 'read' },
  // The public page counts a view (analytics): one counter of its own partition, nothing else.
  'get-public-charity-page': { table: 'read', countViews: true },
  'get-sitemap': { table: 'read' },
  'render-charity-share-page': { table: 'read', countViews: true },
  // Public writes.
  'report-client-error': { table: 'readWrite', tableKeys: [`RATE#${CLIENT_ERROR_RATE_SCOPE}#*`] },
  'register-charity': { table: 'readWrite', register: true, mail: true, identity: CREATE_USER },
  'register-donor': { table: 'readWrite', identity: CREATE_USER },
  'send-password-reset': { table: 'readWrite', mail: true, identity: ['AdminGetUser'] },
  // AdminGetUser: the link's user id must still be the email's user (bound to the id, not the email).
  'reset-password-with-token': {
    table: 'readWrite',
    identity: ['AdminGetUser', ...SET_PASSWORD_AND_SIGN_OUT],
  },
  // The charity's own account.
  'get-charity-profile': { table: 'read' },
  'get-verification-info': { table: 'read' },
  'verify-charity-code': { table: 'readWrite' },
  'resend-verification-code': { table: 'readWrite', mail: true },
  'set-charity-live': { table: 'readWrite' },
  'sign-out-everywhere': { table: 'readWrite', identity: ['AdminUserGlobalSignOut'] },
  'change-charity-password': { table: 'readWrite', mail: true, identity: SET_PASSWORD_AND_SIGN_OUT },
  'delete-charity-account': {
    table: 'readWrite',
    media: 'purge',
    identity: ['AdminDeleteUser', 'AdminGetUser'],
  },
  // Two-step sign-in (AdminGetUser: is TOTP on; the token-authorised calls need no IAM permission).
  'get-two-step-status': { identity: ['AdminGetUser'] },
  'start-two-step-setup': { userTokenCalls: true },
  'turn-on-two-step': {
    userTokenCalls: true,
    table: 'readWrite',
    mail: true,
    identity: ['AdminSetUserMFAPreference', 'AdminUserGlobalSignOut'],
  },
  'turn-off-two-step': { table: 'readWrite', mail: true, identity: ['AdminSetUserMFAPreference'] },
  'check-not-me-link': { table: 'read' },
  // Deletes the unverified account through the deletion path (user, media, items) and clears the number's counters.
  // A payout change's link cancels it and locks the account, ending every session (AdminUserGlobalSignOut).
  'use-not-me-link': {
    table: 'readWrite',
    media: 'purge',
    identity: ['AdminDeleteUser', 'AdminUserGlobalSignOut'],
  },
  // Media, pages and explore.
  'create-media-upload': { table: 'readWrite', media: 'upload' },
  'list-page-templates': { table: 'read' },
  'list-pages': { table: 'read' },
  'create-page': { table: 'readWrite', media: 'manage' },
  'update-page': { table: 'readWrite', media: 'manage' },
  'delete-page': { table: 'readWrite', media: 'purge' },
  'set-live-page': { table: 'readWrite' },
  'get-explore-page': { table: 'readWrite' },
  'save-explore-page': { table: 'readWrite', media: 'manage' },
  'cleanup-grid-media': { table: 'readWrite', media: 'manage' },
  'set-explore-active': { table: 'readWrite' },
  // Preferences and locations.
  'get-account-preferences': { table: 'readWrite' },
  'update-display-name': { table: 'readWrite' },
  'save-preferred-email': { table: 'readWrite' },
  'save-notification-preferences': { table: 'readWrite' },
  'set-profile-image': { table: 'readWrite', media: 'manage' },
  'cleanup-profile-image': { table: 'readWrite', media: 'manage' },
  'remove-profile-image': { table: 'readWrite', media: 'manage' },
  // Payments need a session signed in with two-step sign-in (AdminGetUser: is TOTP on) and mail the change.
  // Giving: the donor has no account; Stripe's events are verified by signature.
  'create-donation': { table: 'readWrite', secrets: ['payments'] },
  'get-donation-status': { table: 'read' },
  'stripe-webhook': { table: 'readWrite', secrets: ['payments', 'webhooks'], mail: true },
  // payments: a payout's balance transactions are read from Stripe (issue 33).
  'stripe-connect-webhook': { table: 'readWrite', secrets: ['webhooks', 'payments'] },
  'save-hmrc-reference': { table: 'readWrite' },
  'list-donations': { table: 'read' },
  'get-donation-summary': { table: 'read' },
  'export-donations': { table: 'read', exports: true },
  'export-gift-aid-declarations': { table: 'read', exports: true },
  'create-gift-aid-claim': { table: 'readWrite', exports: true },
  'list-gift-aid-claims': { table: 'read' },
  'get-gift-aid-claim-files': { table: 'read', exports: true },
  'list-payouts': { table: 'read' },
  'export-payout': { table: 'read', exports: true },
  'refund-donation': {
    table: 'readWrite',
    secrets: ['payments'],
    mail: true,
    identity: ['AdminGetUser'],
  },
  'start-payment-onboarding': { table: 'readWrite', secrets: ['payments'], identity: ['AdminGetUser'] },
  // The register-email code of payout changes (issue 41): needs a two-step session (AdminGetUser), mails the code.
  'send-payout-code': { table: 'readWrite', mail: true, identity: ['AdminGetUser'] },
  'complete-payment-onboarding': {
    table: 'readWrite',
    secrets: ['payments'],
    mail: true,
    identity: ['AdminGetUser'],
  },
  'get-locations': { table: 'read' },
  'save-locations': { table: 'readWrite' },
  'geocode-location': { table: 'readWrite' },
  // Following (issue 44): public, by the mailed links' tokens; only a follow request mails (its confirmation).
  'follow-charity': { table: 'readWrite', mail: true },
  'confirm-follow': { table: 'readWrite' },
  'unsubscribe-follow': { table: 'readWrite' },
  'unsubscribe-one-click': { table: 'readWrite' },
  'list-follows': { table: 'read' },
  'update-follow': { table: 'readWrite' },
  // Posts (issue 44): a publication is announced to the following side (PostAnnouncer) from create and update.
  'list-posts': { table: 'read' },
  // followQueue: a publication queues the mail to followers (the following side's announcer); postSchedules: a
  // post saved as scheduled gets a one-off schedule at its time.
  'create-post': { table: 'readWrite', media: 'manage', followQueue: true, postSchedules: true },
  'update-post': { table: 'readWrite', media: 'manage', followQueue: true, postSchedules: true },
  'unpublish-post': { table: 'readWrite' },
  'delete-post': { table: 'readWrite', media: 'manage' },
  'get-charity-feed': { table: 'read' },
  // Analytics (issue 44): reads the daily figures, the latest donations and posts.
  'get-analytics': { table: 'read' },
  'get-event-calendar': { table: 'read' },
  // Discovery (issue 45): the cards of live charities and their LIVE records (read only); places offline.
  'discover-charities': { table: 'read' },
  'render-charities-page': { table: 'read' },
  // "Get a recommendation": the same cards and LIVE records, read only.
  'recommend-charities': { table: 'read' },
  // A charity's own causes (decision 21.4): its PROFILE; the read also gives the register's causes.
  'get-charity-causes': { table: 'read', register: true },
  'save-charity-causes': { table: 'readWrite' },
  // An update mail's link: counts a click (the view counter's grant: its own partition's counters alone).
  'open-post-from-mail': { table: 'read', countViews: true },
};

/** The scheduled jobs' capabilities, by job id (`shared/src/jobs.ts`). */
export const jobCapabilities: Readonly<Record<string, Capabilities>> = {
  'sweep-unverified': { table: 'readWrite', media: 'purge', identity: ['AdminDeleteUser'] },
  // Issue 44: publishes due posts and announces them (PostAnnouncer: whatever the following side needs, too).
  'publish-due-posts': { table: 'readWrite', followQueue: true },
  // Issue 44: queues last week's digest job (the consumer reads the week and fans it out).
  'send-weekly-digest': { followQueue: true },
  // Issue 45: rebuilds every discovery card (the charities' items, the register's facts).
  'rebuild-discovery-cards': { table: 'readWrite', register: true },
  // Publishing rights on the register prefix come from RegisterPublishPolicy (jobs stack).
  'refresh-register': { register: true },
};
