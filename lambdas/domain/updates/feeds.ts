import { mediaUrl } from '@shared/media';
import { PUBLIC_POSTS_LIMIT, postAnchor } from '@shared/posts';
import { charityPagePath } from '@shared/public-pages';
import type { PostRecord } from '../../data/posts';
import { findVisibleCharity, type PublicPageDeps } from '../public-pages/public-pages';
import { postTitle } from './publish';

/** What the feed and the calendar file read: the trust rule's charity, its posts, the switch, the site. */
export type FeedDeps = Pick<
  PublicPageDeps,
  'charities' | 'posts' | 'updatesOpen' | 'siteUrl' | 'mediaBaseUrl'
>;

export interface Document {
  statusCode: number;
  body: string;
}

const xml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
/** Characters XML 1.0 allows (tab, line breaks and the rest, not other control characters or U+FFFE/FFFF). */
const xmlAllowed = (c: string) => {
  const code = c.codePointAt(0) ?? 0;
  return (
    (code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) && code !== 0xfffe && code !== 0xffff
  );
};
const xmlText = (text: string) => xml(Array.from(text).filter(xmlAllowed).join(''));

const NOT_FOUND: Document = { statusCode: 404, body: 'Not found.\n' };

/**
 * `/charities/<number>/feed.xml`: an Atom 1.0 feed of a charity's published posts, newest first, only while donors
 * may see the charity and posts are open on this stage (else 404, as for a charity that does not exist).
 */
export async function renderAtomFeed(deps: FeedDeps, registrationNumber: string): Promise<Document> {
  const charity = /^\d{1,12}$/.test(registrationNumber)
    ? await findVisibleCharity(deps, registrationNumber)
    : null;
  if (!charity || !deps.updatesOpen) return NOT_FOUND;
  const posts = await deps.posts.listPublished(charity.userId, PUBLIC_POSTS_LIMIT);
  const site = deps.siteUrl.replace(/\/+$/, '');
  const page = `${site}${charityPagePath(charity.profile.registration_number)}`;
  const self = `${page}/feed.xml`;
  const updated = posts[0]?.published_at ?? charity.profile.created_at ?? new Date(0).toISOString();
  const entries = posts.map((post) => {
    const link = `${page}#${postAnchor(post.id)}`;
    const image = post.media.find((m) => m.media_type === 'image');
    const absolute = (key: string) => {
      const url = mediaUrl(deps.mediaBaseUrl, key);
      return /^https?:\/\//i.test(url) ? url : `${site}${url}`;
    };
    return [
      '  <entry>',
      `    <id>${xml(`${site}/posts/${post.id}`)}</id>`,
      `    <title>${xmlText(postTitle(post, charity.displayName))}</title>`,
      `    <link rel="alternate" type="text/html" href="${xml(link)}"/>`,
      `    <published>${post.published_at}</published>`,
      `    <updated>${post.published_at}</updated>`,
      `    <content type="text">${xmlText(entryText(post))}</content>`,
      ...(image
        ? [`    <link rel="enclosure" type="image/jpeg" href="${xml(absolute(image.file_path))}"/>`]
        : []),
      '  </entry>',
    ].join('\n');
  });
  const body = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xml(self)}</id>`,
    `  <title>${xmlText(`${charity.displayName}: updates`)}</title>`,
    `  <link rel="self" type="application/atom+xml" href="${xml(self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xml(page)}"/>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${xmlText(charity.displayName)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
  return { statusCode: 200, body };
}

/** An entry's text: the post's words, and an event's time and place. */
function entryText(post: PostRecord): string {
  if (post.type !== 'event' || !post.starts_at || !post.ends_at) return post.text;
  const where = post.online ? `Online: ${post.link}` : post.place;
  return `${post.text}\n\n${post.starts_at} to ${post.ends_at}, ${where}`;
}

/** iCalendar text: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
const icsText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
/** A UTC instant as an iCalendar UTC date-time (`20251104T183000Z`). */
const icsTime = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
/** Lines of at most 75 octets, continued with a space (RFC 5545 3.1). */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  let first = true;
  while (Buffer.byteLength(rest) > (first ? 75 : 74)) {
    let cut = first ? 75 : 74;
    while (Buffer.byteLength(rest.slice(0, cut)) > (first ? 75 : 74)) cut--;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
    first = false;
  }
  out.push(rest);
  return out.join('\r\n ');
}

/** An event post as an iCalendar file (one VEVENT, times in UTC), for a charity donors may see; 404 otherwise. */
export async function renderEventCalendar(
  deps: FeedDeps,
  registrationNumber: string,
  postId: string,
  now: Date,
): Promise<Document> {
  const charity = /^\d{1,12}$/.test(registrationNumber)
    ? await findVisibleCharity(deps, registrationNumber)
    : null;
  if (!charity || !deps.updatesOpen) return NOT_FOUND;
  const post = await deps.posts.get(charity.userId, postId);
  if (post?.status !== 'published' || post.type !== 'event' || !post.starts_at || !post.ends_at)
    return NOT_FOUND;
  const site = deps.siteUrl.replace(/\/+$/, '');
  const url = `${site}${charityPagePath(charity.profile.registration_number)}#${postAnchor(post.id)}`;
  const host = new URL(site).hostname;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${host}//Kindred posts//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${post.id}@${host}`,
    `DTSTAMP:${icsTime(now.toISOString())}`,
    `DTSTART:${icsTime(post.starts_at)}`,
    `DTEND:${icsTime(post.ends_at)}`,
    `SUMMARY:${icsText(post.title)}`,
    `DESCRIPTION:${icsText(`${post.text}\n\n${charity.displayName}: ${url}`)}`,
    `LOCATION:${icsText(post.online ? `Online: ${post.link}` : post.place)}`,
    `URL:${post.online ? post.link : url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return { statusCode: 200, body: `${lines.map(fold).join('\r\n')}\r\n` };
}
