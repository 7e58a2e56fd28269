/**
 * Every route of the application (spec, public site section 2) as data, with `getHref` helpers.
 * Links and the router read paths from here only; routes not built yet are listed too, so the
 * rest of the app can link to them today.
 */

/** In-page anchors of the landing page (header menu, footer links). */
export const landingSections = [
  'mission',
  'journey',
  'values',
  'how-it-works',
  'funding',
  'waitlist',
  'charity-finder',
] as const;
export type LandingSection = (typeof landingSections)[number];

/** Cards of the charity Settings page that links open at (`/charity/settings#delete-account`). */
export const settingsSections = ['two-step', 'change-password', 'delete-account'] as const;
export type SettingsSection = (typeof settingsSections)[number];
function fixed<P extends string>(path: P) {
  return { path, getHref: (): P => path } as const;
}

/** A page a mail links to with its token in the fragment (`#token=`), never in the query string. */
function withToken<P extends string>(path: P) {
  return {
    path,
    getHref: (token?: string) => (token ? `${path}#${new URLSearchParams({ token })}` : path),
  } as const;
}

export const paths = {
  home: {
    path: '/',
    /** The landing page, optionally scrolled to one of its sections. */
    getHref: (section?: LandingSection) => (section ? `/#${section}` : '/'),
  },
  joinWaitlist: fixed('/join-waitlist'),
  waitlistThankYou: fixed('/waitlist-thank-you'),
  privacyPolicy: fixed('/privacy-policy'),
  termsOfService: fixed('/terms-of-service'),
  cookiePolicy: fixed('/cookie-policy'),
  financialTransparency: fixed('/financial-transparency'),
  verificationInfo: fixed('/verification-info'),
  /** Fees and charges (the Fundraising Regulator's guidance for platforms): in the footer and the giving box. */
  fees: fixed('/fees'),
  /**
   * Every live, vetted charity as a card, by cause, place and size (issue 45), its filters in the query
   * (`/charities?cause=animals&place=Leeds`: `discoverPath` in shared/src/discover.ts, kept out of this module,
   * which every page loads): server-rendered by the API (`render-charities-page`).
   */
  charities: fixed('/charities'),
  /**
   * "Get a recommendation" (issue 45): three questions, then up to three live charities with why each was chosen;
   * the answers in the query alone (`/charities/recommend?cause=…&place=…&way=…`). A page of the SPA, not a
   * charity's number: the edge sends it to the site, not to the charity page's document.
   */
  charitiesRecommend: fixed('/charities/recommend'),
  /** A live charity's public page, by its registration number (stable: names change, numbers do not). */
  charityPage: {
    path: '/charities/:registrationNumber',
    getHref: (registrationNumber: string) => `/charities/${encodeURIComponent(registrationNumber)}`,
  },
  /**
   * Where Stripe Checkout returns a donor who paid (the server's `success_url`): the donation is reached by its
   * unguessable id. Not prerendered, noindex.
   */
  charityThankYou: {
    path: '/charities/:registrationNumber/thank-you',
    getHref: (registrationNumber: string, donationId: string) =>
      `/charities/${encodeURIComponent(registrationNumber)}/thank-you?${new URLSearchParams({ donation: donationId })}`,
  },
  /**
   * The pages the follow mails link to (issue 44), their token in the fragment (`#token=`). Not prerendered,
   * noindex.
   */
  following: {
    confirm: withToken('/following/confirm'),
    unsubscribe: withToken('/following/unsubscribe'),
    manage: withToken('/following/manage'),
  },
  charity: {
    register: fixed('/charity/register'),
    signIn: fixed('/charity/signin'),
    forgotPassword: fixed('/charity/forgot-password'),
    resetPassword: {
      path: '/charity/reset-password',
      /** The link in a reset email carries its token in the fragment (`#token=`), never in the query string. */
      getHref: (token?: string) =>
        token ? `/charity/reset-password#${new URLSearchParams({ token })}` : '/charity/reset-password',
    },
    /** "This wasn't me": the link in a verification-code mail, its token in the fragment (`#token=`). */
    notMe: {
      path: '/charity/not-me',
      getHref: (token?: string) =>
        token ? `/charity/not-me#${new URLSearchParams({ token })}` : '/charity/not-me',
    },
    emailVerification: fixed('/charity/email-verification'),
    dashboard: fixed('/charity/dashboard'),
    /** The charity's money (issue 33): donations, totals, exports, Gift Aid claims, payouts and refunds. */
    donations: fixed('/charity/donations'),
    accountSetup: fixed('/charity/account-setup'),
    settings: {
      path: '/charity/settings',
      /** Settings, optionally opened at one of its cards. */
      getHref: (section?: SettingsSection) =>
        section ? `/charity/settings#${section}` : '/charity/settings',
    },
    support: fixed('/charity/support'),
    accountPreferences: fixed('/charity/account-preferences'),
    preferences: {
      payments: fixed('/charity/preferences/payments'),
      displayName: fixed('/charity/preferences/display-name'),
      email: fixed('/charity/preferences/email'),
      notifications: fixed('/charity/preferences/notifications'),
      branding: fixed('/charity/preferences/branding'),
      location: fixed('/charity/preferences/location'),
      profileImage: fixed('/charity/preferences/profile-image'),
      /** The causes donors find the charity by on /charities (decision 21.4). */
      causes: fixed('/charity/preferences/causes'),
    },
  },
} as const;

interface PathEntry {
  path: string;
}

/** Every route path, flattened (for tests, the sitemap and the CloudFront SPA fallback). */
export function listPaths(node: object = paths): string[] {
  const out: string[] = [];
  for (const value of Object.values(node)) {
    if (value && typeof value === 'object') {
      if (typeof (value as PathEntry).path === 'string') out.push((value as PathEntry).path);
      else out.push(...listPaths(value));
    }
  }
  return out;
}
