import type { PublicPost } from '@shared/api/schemas/posts';
import type {
  ClientErrorReport,
  PublicCharityPage,
  PublicCharityPageResponse,
  PublicMedia,
} from '@shared/api/schemas/public-pages';
import type { CardFee } from '@shared/giving';
import { mediaUrl } from '@shared/media';
import { PUBLIC_POSTS_LIMIT } from '@shared/posts';
import {
  CLIENT_ERROR_METRIC,
  CLIENT_ERROR_PLATFORM_RATE,
  CLIENT_ERROR_RATE,
  CLIENT_ERROR_RATE_MESSAGE,
  CLIENT_ERROR_RATE_SCOPE,
  charityPagePath,
  fallbackAlt,
  registerEntryUrl,
} from '@shared/public-pages';
import { indexablePaths } from '@shared/site/site-routes';
import { PAGE_TEMPLATES } from '@shared/templates';
import { type CharityData, isVetted } from '../../data/charities';
import type { ExploreData } from '../../data/explore';
import type { PageData } from '../../data/pages';
import type { PostData, PostRecord } from '../../data/posts';
import type { RateLimits } from '../../data/rate-limits';
import type { Clock } from '../../lib/clock';
import { NotFoundError, RateLimitError } from '../../lib/http-errors';
import { maskLogText } from '../../lib/redact';

export interface PublicPageDeps {
  charities: CharityData;
  pages: PageData;
  explore: ExploreData;
  rateLimits: RateLimits;
  clock: Clock;
  /** `https://<site host>` (links, canonical URLs, the sitemap). */
  siteUrl: string;
  /** Where media is served (absolute in AWS; made absolute against the site otherwise). */
  mediaBaseUrl: string;
  /** The stage's giving launch switch (`giving.open`). */
  givingOpen: boolean;
  /** Charities' posts (issue 44), shown while the stage's `updates.open` switch is on. */
  posts: Pick<PostData, 'listPublished' | 'get'>;
  updatesOpen: boolean;
  /** The stage's card fee (`giving.cardFee`), the one create-donation charges with: the giving box shows it. */
  cardFee: CardFee;
  /**
   * Counts one view of a visible charity's page for its analytics (issue 44): no cookie, nothing of the
   * viewer; `showedPosts` when the page carried published posts (the post views). Never fails the page (the
   * wiring logs a count that could not be stored).
   */
  views: { count: (userId: string, showedPosts: boolean) => Promise<void> };
}

/** The page a donor may not see answers the same as one that does not exist. */
export const CHARITY_PAGE_NOT_FOUND = 'This charity page is not available.';
/** Live charities listed in the sitemap at most (a sitemap file holds 50,000 URLs). */
export const SITEMAP_CHARITY_LIMIT = 45_000;

/** Media as stored, with its words (records saved before them have none). */
type StoredMedia = {
  file_path: string;
  media_type: 'image' | 'video';
  alt_text?: string | null;
  decorative?: boolean;
  caption?: string | null;
  caption_file_path?: string | null;
};

/** A decorative item's alt is empty by intent; an old record without words gets "Photo from <name>". */
function toPublicMedia(media: StoredMedia[], displayName: string): PublicMedia[] {
  return media.map((m) => ({
    file_path: m.file_path,
    media_type: m.media_type,
    alt: m.decorative ? '' : m.alt_text?.trim() || fallbackAlt(m.media_type, displayName),
    caption: m.caption?.trim() || null,
    caption_file_path: m.media_type === 'video' ? (m.caption_file_path ?? null) : null,
  }));
}

/** A published post as donors see it: its media with the same words rules as the page's. */
export function toPublicPost(post: PostRecord, displayName: string): PublicPost {
  return {
    id: post.id,
    type: post.type,
    title: post.title,
    text: post.text,
    media: toPublicMedia(post.media, displayName).map((m) => ({
      file_path: m.file_path,
      media_type: m.media_type,
      alt: m.alt,
      caption_file_path: m.caption_file_path ?? null,
    })),
    starts_at: post.starts_at,
    ends_at: post.ends_at,
    online: post.online,
    place: post.place,
    link: post.link,
    published_at: post.published_at ?? post.updated_at,
  };
}

/** The trust rule for donors' eyes: vetted (verified, not locked) and live, with a live main page. */
export function publiclyVisible(
  profile: Awaited<ReturnType<CharityData['getProfile']>>,
  flags: Awaited<ReturnType<CharityData['getVerification']>>,
): profile is NonNullable<typeof profile> & { live_page_id: string } {
  return Boolean(profile?.live_page_id && isVetted(flags) && flags?.page_is_live);
}

/** The charity of a register number while donors may see it (the trust rule), else null. */
export async function findVisibleCharity(
  deps: { charities: Pick<CharityData, 'userIdByNumber' | 'getProfile' | 'getVerification'> },
  registrationNumber: string,
) {
  const userId = await deps.charities.userIdByNumber(registrationNumber);
  if (!userId) return null;
  const [profile, flags] = await Promise.all([
    deps.charities.getProfile(userId),
    deps.charities.getVerification(userId),
  ]);
  if (!publiclyVisible(profile, flags)) return null;
  return { userId, profile, displayName: profile.display_name?.trim() || profile.charity_name };
}

/**
 * The public page of a charity, only while donors may see it (the trust rule): verified, not locked, live,
 * with a live main page. Anything else is the same 404, so the answer tells nothing about hidden charities.
 * Its published posts (issue 44) come with it while the stage's `updates.open` switch is on.
 */
export async function getPublicCharityPage(
  deps: Pick<
    PublicPageDeps,
    'charities' | 'pages' | 'explore' | 'givingOpen' | 'cardFee' | 'posts' | 'updatesOpen' | 'views'
  >,
  registrationNumber: string,
): Promise<PublicCharityPageResponse> {
  const notFound = () => new NotFoundError(CHARITY_PAGE_NOT_FOUND);
  const visible = await findVisibleCharity(deps, registrationNumber);
  if (!visible) throw notFound();
  const { userId, profile } = visible;
  const postsRead = deps.updatesOpen
    ? deps.posts.listPublished(userId, PUBLIC_POSTS_LIMIT)
    : Promise.resolve([]);
  const [page, explore, posts] = await Promise.all([
    deps.pages.get(userId, profile.live_page_id),
    deps.explore.get(userId),
    postsRead,
    // A view of a visible charity, counted alongside the page's other reads (after its posts' read alone).
    postsRead.then((shown) => deps.views.count(userId, shown.length > 0)),
  ]);
  if (!page) throw notFound();
  const displayName = profile.display_name?.trim() || profile.charity_name;
  const template = PAGE_TEMPLATES.find((t) => t.template_type === page.template_type);
  const schema = template?.field_schema;
  const names = schema ? [...schema.required_fields, ...schema.optional_fields] : Object.keys(page.content);
  const fields = names
    .map((name) => ({
      name,
      label: schema?.field_definitions[name]?.label ?? name,
      value: page.content[name]?.trim() ?? '',
    }))
    .filter((f) => f.value !== '');
  let publicExplore: PublicCharityPage['explore'] = null;
  if (explore?.is_active) {
    const media = (await deps.explore.media(userId)).sort((a, b) => a.display_order - b.display_order);
    publicExplore = {
      short_description: explore.short_description,
      long_description: explore.long_description,
      feed: toPublicMedia(
        media.filter((m) => m.display_order > 0),
        displayName,
      ),
    };
  }
  return {
    success: true,
    charity: {
      registration_number: profile.registration_number,
      display_name: displayName,
      registered_name: profile.charity_name,
      register_url: registerEntryUrl(profile.registration_number),
      template_type: page.template_type,
      fields,
      media: toPublicMedia(page.media, displayName),
      explore: publicExplore,
      posts: posts.map((post) => toPublicPost(post, displayName)),
      updates_open: deps.updatesOpen,
      updated_at: page.updated_at,
      // Closed until the server side of issue 32 (Stripe accounts, HMRC reference) decides it.
      giving: {
        // The box's state for donors; the donation's own transaction checks all of it again.
        open: deps.givingOpen && Boolean(profile.stripe_account_id && profile.stripe_charges_enabled),
        gift_aid: Boolean(profile.hmrc_reference),
        card_fee: { basis_points: deps.cardFee.basisPoints, fixed_pence: deps.cardFee.fixedPence },
      },
    },
  };
}

const xmlEscape = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/**
 * sitemap.xml: the public site's pages, then every charity donors may see now: the live list holds exactly the
 * charities that went live vetted (going live needs a verified, unlocked account with a live main page) and
 * have not gone offline, been locked or deleted since, so one query answers it.
 */
export async function renderSitemap(deps: Pick<PublicPageDeps, 'charities' | 'siteUrl'>): Promise<string> {
  const site = deps.siteUrl.replace(/\/+$/, '');
  const numbers = await deps.charities.listLiveNumbers(SITEMAP_CHARITY_LIMIT);
  const urls = [...indexablePaths, ...numbers.map(charityPagePath)]
    .map((path) => `  <url><loc>${xmlEscape(`${site}${path}`)}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Absolute URL of a media file (for og:image: link previews need an absolute address). */
export function absoluteMediaUrl(
  deps: Pick<PublicPageDeps, 'mediaBaseUrl' | 'siteUrl'>,
  key: string,
): string {
  const url = mediaUrl(deps.mediaBaseUrl, key);
  return /^https?:\/\//i.test(url) ? url : `${deps.siteUrl.replace(/\/+$/, '')}${url}`;
}

export interface ClientErrorLog {
  /** Writes the structured error line (with its metric) to the function's log. */
  error: (message: string, extra: Record<string, unknown>) => void;
}

/**
 * Logs an error screen's report as one structured error line carrying an Embedded Metric Format metric
 * (`Kindred/ClientErrors`, alarm-ready), at most {@link CLIENT_ERROR_RATE} per client address and
 * {@link CLIENT_ERROR_PLATFORM_RATE} from everyone; its text masked ({@link maskLogText}).
 */
export async function reportClientError(
  deps: Pick<PublicPageDeps, 'rateLimits' | 'clock'> & ClientErrorLog,
  report: ClientErrorReport,
  sourceIp: string | undefined,
): Promise<{ success: true }> {
  const now = deps.clock.now();
  let decision = await deps.rateLimits.hit(
    CLIENT_ERROR_RATE_SCOPE,
    sourceIp ?? 'unknown',
    CLIENT_ERROR_RATE,
    now,
  );
  if (decision.allowed)
    decision = await deps.rateLimits.hit(CLIENT_ERROR_RATE_SCOPE, '*all*', CLIENT_ERROR_PLATFORM_RATE, now);
  if (!decision.allowed) {
    throw new RateLimitError(CLIENT_ERROR_RATE_MESSAGE, {
      waitTime: decision.retryAfterSeconds,
    });
  }
  deps.error('client error reported', {
    // Whatever a browser sends is the sender's text: bounded, flattened and masked before it is logged.
    clientError: {
      message: maskLogText(report.message),
      route: maskLogText(report.route),
      release: maskLogText(report.release),
      kind: report.kind,
    },
    // CloudWatch Embedded Metric Format: the log line is also one count of the metric.
    _aws: {
      Timestamp: now.getTime(),
      CloudWatchMetrics: [
        {
          Namespace: CLIENT_ERROR_METRIC.namespace,
          Dimensions: [['kind']],
          Metrics: [{ Name: CLIENT_ERROR_METRIC.name, Unit: 'Count' }],
        },
      ],
    },
    kind: report.kind,
    [CLIENT_ERROR_METRIC.name]: 1,
  });
  return { success: true };
}
