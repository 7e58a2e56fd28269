import type { PublicCharityPage } from '@shared/api/schemas/public-pages';
import { brand } from '@shared/brand';
import { mediaUrl } from '@shared/media';
import { charityPagePath, charityPageTitle } from '@shared/public-pages';
import { normaliseRegistrationNumber } from '@shared/register';
import { EMPTY_ROOT, notFoundShell, withHeadTags, withLowPriorityScripts } from '@shared/site/head-tags';
import { withoutModulePreloads } from '@shared/site/preloads-after-paint';
import { NotFoundError } from '../../lib/http-errors';
import { absoluteMediaUrl, getPublicCharityPage, type PublicPageDeps } from './public-pages';

export interface ShareDocument {
  statusCode: 200 | 404;
  html: string;
}

/** The page's server render (the web's own components, lambdas/adapters/charity-page-renderer.ts). */
export interface ServerRender {
  /** The document's #root with the markup, preceded by the API answer as inline JSON. */
  render: (charity: PublicCharityPage) => Promise<{ rootHtml: string }>;
  /** A render that fails leaves the shell as it is (the browser renders the page): told here. */
  onRenderError: (error: unknown) => void;
}

/** One line of text for a description tag: whitespace collapsed, at most about 200 characters. */
export function summarise(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

/**
 * The SPA shell for `/charities/<number>` as crawlers and link previews receive it: the charity's name,
 * description, first image and canonical URL in the head, and (with `server`) the page itself in #root,
 * rendered by the web's components, with its data inline for hydration. A charity donors may not see gets the
 * not-found shell (noindex) with 404, the same answer as an unknown number.
 */
export async function renderCharityShareDocument(
  deps: Pick<
    PublicPageDeps,
    | 'charities'
    | 'pages'
    | 'explore'
    | 'siteUrl'
    | 'mediaBaseUrl'
    | 'givingOpen'
    | 'cardFee'
    | 'posts'
    | 'updatesOpen'
    | 'views'
  >,
  shell: string,
  registrationNumber: string,
  server?: ServerRender,
): Promise<ShareDocument> {
  const number = /^\d{1,12}$/.test(registrationNumber)
    ? normaliseRegistrationNumber(registrationNumber)
    : null;
  if (number === null) return { statusCode: 404, html: notFoundShell(shell) };
  let charity: Awaited<ReturnType<typeof getPublicCharityPage>>['charity'];
  try {
    charity = (await getPublicCharityPage(deps, number)).charity;
  } catch (error) {
    if (error instanceof NotFoundError) return { statusCode: 404, html: notFoundShell(shell) };
    throw error;
  }
  const site = deps.siteUrl.replace(/\/+$/, '');
  const image = [...charity.media, ...(charity.explore?.feed ?? [])].find((m) => m.media_type === 'image');
  // The carousel's first slide (the page's largest picture), when it is a photo.
  const firstPhoto = charity.media[0]?.media_type === 'image' ? charity.media[0] : undefined;
  const mission = charity.fields.find((f) => f.name === 'page_description')?.value;
  const description = summarise(
    charity.explore?.short_description ||
      mission ||
      `${charity.registered_name} (registered charity ${charity.registration_number}) on ${brand.productName}.`,
  );
  let rendered: { rootHtml: string } | null = null;
  if (server && shell.includes(EMPTY_ROOT)) {
    try {
      rendered = await server.render(charity);
    } catch (error) {
      server.onRenderError(error);
    }
  }
  const head = withHeadTags(shell, {
    title: `${charityPageTitle(charity)} | ${brand.productName}`,
    description,
    canonical: `${site}${charityPagePath(charity.registration_number)}`,
    image: image ? absoluteMediaUrl(deps, image.file_path) : undefined,
    imageAlt: image?.alt || undefined,
    type: 'profile',
    // The largest picture starts with the document; without the server render, the app's first request too.
    preloads: [
      ...(rendered ? [] : [{ href: `/api/charities/${charity.registration_number}`, as: 'fetch' as const }]),
      ...(firstPhoto
        ? [{ href: mediaUrl(deps.mediaBaseUrl, firstPhoto.file_path), as: 'image' as const }]
        : []),
    ],
  });
  if (!rendered) return { statusCode: 200, html: head };
  // The page paints from the markup: the scripts that hydrate it must not compete with its first photo.
  const html = withLowPriorityScripts(
    withoutModulePreloads(head.replace(EMPTY_ROOT, () => rendered.rootHtml)),
  );
  return { statusCode: 200, html };
}
