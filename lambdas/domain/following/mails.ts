import { brand } from '@shared/brand';
import {
  FOLLOW_CONFIRM_DAYS,
  FOLLOW_FREQUENCY_LABELS,
  FOLLOW_PATHS,
  type FollowFrequency,
} from '@shared/following';
import { escapeHtml } from '@shared/html';
import type { EmailMessage } from '../../adapters/email';
import { layout } from '../charity-accounts/emails';
import type { PublishedPost } from '../updates/announcer';

const base = (siteUrl: string) => siteUrl.replace(/\/+$/, '');

/** The links of one mail to a follower, all by the mail's own token (decision 20.11). */
export function followLinks(siteUrl: string, token: string) {
  const site = base(siteUrl);
  return {
    /** RFC 8058: the address the mail provider POSTs `List-Unsubscribe=One-Click` to. */
    oneClick: `${site}/api/unsubscribe-one-click?token=${token}`,
    /** The page with a button (the token in the fragment, so no log sees it). */
    unsubscribe: `${site}${FOLLOW_PATHS.unsubscribe}#token=${token}`,
    manage: `${site}${FOLLOW_PATHS.manage}#token=${token}`,
  };
}

/** RFC 2369 / 8058 headers of every mail to a follower. */
export function unsubscribeHeaders(links: ReturnType<typeof followLinks>) {
  return [
    { name: 'List-Unsubscribe', value: `<${links.oneClick}>` },
    { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
  ];
}

const linkStyle = 'color:#0E5A52';
const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#0E5A52;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(label)}</a></p>`;

/** The double opt-in: nothing else is sent to the address before its link is used. */
export function confirmFollowEmail(input: {
  to: string;
  charityName: string;
  frequency: FollowFrequency;
  siteUrl: string;
  token: string;
}): EmailMessage {
  const link = `${base(input.siteUrl)}${FOLLOW_PATHS.confirm}#token=${input.token}`;
  const subject = `Confirm you want to follow ${input.charityName}`;
  const how = FOLLOW_FREQUENCY_LABELS[input.frequency].toLowerCase();
  const text = [
    'Hello,',
    '',
    `Someone (we hope you) asked to follow ${input.charityName} on ${brand.productName} with this address, by email: ${how}.`,
    '',
    'To confirm, open this link:',
    link,
    '',
    `The link works for ${FOLLOW_CONFIRM_DAYS} days. If you did not ask, ignore this email: we will send you nothing more.`,
  ].join('\n');
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Hello,</p>
<p style="margin:0 0 16px">Someone (we hope you) asked to follow <strong>${escapeHtml(input.charityName)}</strong> on ${escapeHtml(brand.productName)} with this address, by email: ${escapeHtml(how)}.</p>
${button(link, 'Confirm and follow')}
<p style="margin:0 0 16px;font-size:13px">Or copy this link: <a href="${escapeHtml(link)}" style="${linkStyle}">${escapeHtml(link)}</a></p>
<p style="margin:0">The link works for ${FOLLOW_CONFIRM_DAYS} days. If you did not ask, ignore this email: we will send you nothing more.</p>`,
  );
  return { to: input.to, subject, text, html };
}

const footerText = (charityName: string, links: ReturnType<typeof followLinks>) => [
  '',
  '--',
  `You get this because you follow ${charityName} on ${brand.productName}.`,
  `Unsubscribe: ${links.unsubscribe}`,
  `Manage what you follow: ${links.manage}`,
];
const footerHtml = (charityName: string, links: ReturnType<typeof followLinks>) =>
  `<p style="margin:32px 0 0;font-size:13px;color:#4A5552">You get this because you follow ${escapeHtml(charityName)} on ${escapeHtml(brand.productName)}.
<a href="${escapeHtml(links.unsubscribe)}" style="${linkStyle}">Unsubscribe</a> ·
<a href="${escapeHtml(links.manage)}" style="${linkStyle}">Manage what you follow</a></p>`;

/** One post to one follower: the charity's name, the post's title, excerpt and link; no tracking of any kind. */
export function postEmail(
  to: string,
  post: Pick<PublishedPost, 'charityName' | 'title' | 'excerpt' | 'url'>,
  links: ReturnType<typeof followLinks>,
): EmailMessage {
  const subject = `${post.charityName}: ${post.title}`;
  const text = [
    `${post.charityName} posted an update.`,
    '',
    post.title,
    '',
    post.excerpt,
    '',
    `Read it on ${brand.productName}: ${post.url}`,
    ...footerText(post.charityName, links),
  ].join('\n');
  const html = layout(
    subject,
    `<p style="margin:0 0 8px;color:#4A5552">${escapeHtml(post.charityName)} posted an update.</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(post.title)}</h1>
<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(post.excerpt)}</p>
${button(post.url, 'Read the update')}
${footerHtml(post.charityName, links)}`,
  );
  return { to, subject, text, html, headers: unsubscribeHeaders(links) };
}

/** A week's posts of one charity to one follower of the weekly digest. */
export function digestEmail(
  to: string,
  charityName: string,
  posts: readonly Pick<PublishedPost, 'title' | 'excerpt' | 'url'>[],
  links: ReturnType<typeof followLinks>,
): EmailMessage {
  const subject = `${charityName}: this week's updates`;
  const text = [
    `This week ${charityName} posted ${posts.length === 1 ? 'one update' : `${posts.length} updates`}.`,
    ...posts.flatMap((p) => ['', p.title, p.excerpt, p.url]),
    ...footerText(charityName, links),
  ].join('\n');
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">This week ${escapeHtml(charityName)} posted ${posts.length === 1 ? 'one update' : `${posts.length} updates`}.</p>
${posts
  .map(
    (
      p,
    ) => `<h2 style="margin:24px 0 8px;font-size:18px"><a href="${escapeHtml(p.url)}" style="${linkStyle}">${escapeHtml(p.title)}</a></h2>
<p style="margin:0;white-space:pre-line">${escapeHtml(p.excerpt)}</p>`,
  )
  .join('\n')}
${footerHtml(charityName, links)}`,
  );
  return { to, subject, text, html, headers: unsubscribeHeaders(links) };
}
