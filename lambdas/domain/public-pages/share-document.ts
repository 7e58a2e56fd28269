import { brand } from '../../../shared/src/brand';
import { mediaUrl } from '../../../shared/src/media';
import { charityPagePath } from '../../../shared/src/public-pages';
import { notFoundShell, withHeadTags } from '../../../shared/src/site/head-tags';
import { NotFoundError } from '../../lib/errors';
import { absoluteMediaUrl, getPublicCharityPage, type PublicPageDeps } from './public-pages';

export interface ShareDocument {
  statusCode: 200 | 404;
  html: string;
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
 * description, first image and canonical URL in the head. A charity donors may not see gets the not-found
 * shell (noindex) with 404, the same answer as an unknown number.
 */
export async function renderCharityShareDocument(
  deps: Pick<PublicPageDeps, 'charities' | 'pages' | 'explore' | 'siteUrl' | 'mediaBaseUrl'>,
  shell: string,
  registrationNumber: string,
): Promise<ShareDocument> {
  if (!/^\d{1,12}$/.test(registrationNumber)) return { statusCode: 404, html: notFoundShell(shell) };
  let charity: Awaited<ReturnType<typeof getPublicCharityPage>>['charity'];
  try {
    charity = (await getPublicCharityPage(deps, registrationNumber)).charity;
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
  return {
    statusCode: 200,
    html: withHeadTags(shell, {
      title: `${charity.display_name} | ${brand.productName}`,
      description,
      canonical: `${site}${charityPagePath(charity.registration_number)}`,
      image: image ? absoluteMediaUrl(deps, image.file_path) : undefined,
      imageAlt: image?.alt || undefined,
      type: 'profile',
      // The app's first request and its largest picture start with the document, not after the JavaScript.
      preloads: [
        { href: `/api/charities/${charity.registration_number}`, as: 'fetch' },
        ...(firstPhoto
          ? [{ href: mediaUrl(deps.mediaBaseUrl, firstPhoto.file_path), as: 'image' as const }]
          : []),
      ],
    }),
  };
}
