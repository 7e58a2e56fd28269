import { postAnchor } from '@shared/posts';
import { charityPagePath } from '@shared/public-pages';
import { normaliseRegistrationNumber } from '@shared/register';
import type { PostData } from '../../data/posts';
import { findVisibleCharity, type PublicPageDeps } from '../public-pages/public-pages';

/** The path an update mail links a post through: counted as a click, then on to the post on the charity page. */
export function postMailLinkPath(registrationNumber: string, postId: string): string {
  return `/api/charities/${encodeURIComponent(registrationNumber)}/posts/${encodeURIComponent(postId)}/from-mail`;
}

export interface MailClickDeps extends Pick<PublicPageDeps, 'charities' | 'updatesOpen' | 'siteUrl'> {
  posts: Pick<PostData, 'get'>;
  /** One more post opened from a mail on today's UK day; never fails the redirect (the wiring logs). */
  clicks: { count: (userId: string) => Promise<void> };
}

export interface Redirect {
  statusCode: number;
  body: string;
  location?: string;
}

/**
 * `open-post-from-mail`: a link of an update mail (issue 44's "clicks from update mails"). It counts one click
 * for the charity's day (nothing about who clicked: the link carries no recipient) while the charity is visible,
 * posts are open and the post is published, and always sends the reader on to the post's place on the charity
 * page, built from the checked number and id alone (no open redirect). A hidden charity's page answers its own
 * 404, as for anyone, so the redirect tells nothing either.
 */
export async function openPostFromMail(
  deps: MailClickDeps,
  registrationNumber: string,
  postId: string,
): Promise<Redirect> {
  const number = normaliseRegistrationNumber(registrationNumber);
  if (!number) return { statusCode: 404, body: 'Not found.\n' };
  const site = deps.siteUrl.replace(/\/+$/, '');
  const location = `${site}${charityPagePath(number)}#${postAnchor(postId)}`;
  const charity = deps.updatesOpen ? await findVisibleCharity(deps, number) : null;
  if (charity) {
    const post = await deps.posts.get(charity.userId, postId);
    if (post?.status === 'published') await deps.clicks.count(charity.userId);
  }
  return { statusCode: 303, location, body: `See ${location}\n` };
}
