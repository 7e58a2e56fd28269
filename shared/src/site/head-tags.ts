/**
 * The document head a crawler or link preview reads before any JavaScript runs: written into the SPA shell
 * (index.html) by the share-page route, by the local origin and by the CloudFront 404 answer. Plain string
 * work, no DOM, so infra and lambdas import it. The browser keeps the same tags current (use-document-meta).
 */
import { brand } from '../brand';

export interface HeadTags {
  /** Full document title, e.g. "Save the Owls | Kindred". */
  title: string;
  description: string;
  /** Absolute canonical URL (omitted for not-found pages). */
  canonical?: string;
  /** Absolute URL of the preview image. */
  image?: string;
  imageAlt?: string;
  type?: 'website' | 'profile';
  /** Not-found pages: keep them out of search results. */
  noindex?: boolean;
  siteName?: string;
  /** Fetches to start before the app runs (the page's first photo, its API answer). */
  preloads?: { href: string; as: 'image' | 'fetch' }[];
}

const escapeAttr = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The tags, one per line. */
export function headTagsHtml(tags: HeadTags): string {
  const meta = (attr: 'name' | 'property', key: string, value: string | undefined) =>
    value ? `<meta ${attr}="${key}" content="${escapeAttr(value)}" />` : '';
  return [
    `<title>${escapeAttr(tags.title)}</title>`,
    meta('name', 'description', tags.description),
    tags.noindex ? meta('name', 'robots', 'noindex') : '',
    tags.canonical ? `<link rel="canonical" href="${escapeAttr(tags.canonical)}" />` : '',
    meta('property', 'og:site_name', tags.siteName ?? brand.productName),
    meta('property', 'og:type', tags.type ?? 'website'),
    meta('property', 'og:title', tags.title),
    meta('property', 'og:description', tags.description),
    meta('property', 'og:url', tags.canonical),
    meta('property', 'og:image', tags.image),
    meta('property', 'og:image:alt', tags.image ? tags.imageAlt : undefined),
    meta('name', 'twitter:card', tags.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', tags.title),
    meta('name', 'twitter:description', tags.description),
    meta('name', 'twitter:image', tags.image),
  ]
    .filter(Boolean)
    .join('\n    ');
}

/** The preload links, one per line. */
const preloadsHtml = (preloads: NonNullable<HeadTags['preloads']>) =>
  preloads
    .map((p) =>
      p.as === 'image'
        ? `<link rel="preload" as="image" href="${escapeAttr(p.href)}" fetchpriority="high" />`
        : `<link rel="preload" as="fetch" href="${escapeAttr(p.href)}" crossorigin="anonymous" />`,
    )
    .join('\n    ');

/** The head elements these tags own (the browser replaces exactly these when a page changes). */
export const MANAGED_HEAD_SELECTOR =
  'title, meta[name="description"], meta[name="robots"], meta[name^="twitter:"], meta[property^="og:"], link[rel="canonical"]';

/** Tags in the shell that {@link withHeadTags} replaces. */
const REPLACED = [
  /<title>[\s\S]*?<\/title>\s*/gi,
  /<meta\s+name="(description|robots|twitter:[\w:]+)"[^>]*>\s*/gi,
  /<meta\s+property="og:[\w:]+"[^>]*>\s*/gi,
  /<link\s+rel="canonical"[^>]*>\s*/gi,
];

/** The shell with its title, description, canonical, robots, Open Graph and Twitter tags replaced. */
export function withHeadTags(shell: string, tags: HeadTags): string {
  let html = shell;
  for (const pattern of REPLACED) html = html.replace(pattern, '');
  // A function, never a string: text with `$&` or `$`` in it must land as written, not as a pattern.
  const tagsHtml = headTagsHtml(tags);
  html = html.replace(/<\/head>/i, () => `  ${tagsHtml}\n  </head>`);
  // The preloads come first, just after the character set: over HTTP/1.1's six connections a browser starts
  // requests in document order, so a page's first photo must not queue behind its stylesheets and scripts.
  const { preloads } = tags;
  if (!preloads?.length) return html;
  const charset = /<meta charset="[^"]*"\s*\/?>/i;
  if (!charset.test(html)) throw new Error('withHeadTags: the shell has no <meta charset>');
  return html.replace(charset, (tag) => `${tag}\n    ${preloadsHtml(preloads)}`);
}

/** The not-found document: the shell marked noindex (the SPA then shows its not-found page). */
export function notFoundShell(shell: string): string {
  return withHeadTags(shell, {
    title: `Page not found | ${brand.productName}`,
    description: 'This page does not exist.',
    noindex: true,
  });
}

/**
 * A page whose markup is in the document (prerendered, or server-rendered by the share-page route) paints
 * without JavaScript: its module scripts load at low priority, so they do not compete with its CSS and its
 * first photo.
 */
export function withLowPriorityScripts(html: string): string {
  return html.replace(/<script type="module"/g, '<script type="module" fetchpriority="low"');
}

/** The shell's empty root, which a prerendered or server-rendered page fills. */
export const EMPTY_ROOT = '<div id="root"></div>';

/**
 * `shell` with its empty root replaced by `before` and the root holding `html`, marked with the environment it
 * was rendered for: main.tsx hydrates such a root when its own configuration names the same environment.
 */
export function withPrerenderedRoot(shell: string, environment: string, html: string, before = ''): string {
  return shell.replace(
    EMPTY_ROOT,
    () => `${before}<div id="root" data-prerendered="${escapeAttr(environment)}">${html}</div>`,
  );
}
