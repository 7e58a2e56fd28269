import { randomUUID } from 'node:crypto';
import { FollowMessage } from '@shared/following';
import type { PublishedPost } from '../../lambdas/domain/updates/announcer';
import { callApi, freshAddress, mailTo, post } from '../support/api';
import { applyCloudEnvironment } from '../support/cloud';
import { followAndConfirm, queueDrained, tokenIn } from '../support/following';
import { makeLiveCharity } from '../support/public-page';
import { testTable } from '../support/table';
import { until } from '../support/until';

jest.setTimeout(90_000);

const info = applyCloudEnvironment();
const queueUrl = info.env.AWS_ENDPOINT_URL_SQS as string;

const email = () => `follower-${randomUUID().slice(0, 8)}@example.org`;

async function setUnruly(switches: Record<string, boolean>) {
  await fetch(`${queueUrl}/_local/queue/unruly`, { method: 'POST', body: JSON.stringify(switches) });
}

function published(c: { userId: string; registrationNumber: string }, title: string): PublishedPost {
  const postId = randomUUID();
  return {
    charityId: c.userId,
    registrationNumber: c.registrationNumber,
    charityName: 'Brambleford Community Larder',
    postId,
    type: 'story',
    title,
    excerpt: `What we did this week: ${title}.`,
    url: `${info.appUrl}/charities/${c.registrationNumber}#post-${postId}`,
    publishedAt: new Date().toISOString(),
  };
}

async function announce(p: PublishedPost) {
  const { followingAnnouncer } = await import('../../lambdas/wiring/following');
  await followingAnnouncer().announce(p);
}

describe('following a charity', () => {
  afterEach(() => setUnruly({}));

  it('double opt-in, one mail per post with one-click unsubscribe, nothing after it', async () => {
    const c = await makeLiveCharity({ charityName: 'Brambleford Community Larder' });
    const follower = email();
    const unconfirmed = email();
    const from = freshAddress();
    const asked = await post(
      '/api/follow-charity',
      { registrationNumber: c.registrationNumber, email: unconfirmed, frequency: 'each' },
      { from },
    );
    expect(asked.body).toEqual({ success: true, message: FollowMessage.CheckInbox });

    const { mail, token } = await followAndConfirm(c.registrationNumber, follower, from);
    expect(mail.subject).toBe('Confirm you want to follow Brambleford Community Larder');
    // The confirmation is not a list mail: nothing to unsubscribe from yet.
    expect(mail.headers['list-unsubscribe']).toBeUndefined();
    const again = await post('/api/confirm-follow', { token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('FOLLOW_LINK_USED');

    // Redelivered, duplicated and reordered jobs: still one mail each.
    await setUnruly({ duplicates: true, shuffle: true, redeliver: true });
    const first = published(c, `Harvest boxes ${randomUUID().slice(0, 6)}`);
    await announce(first);
    await announce(first);
    const got = await until(async () =>
      (await mailTo(follower)).find((m) => m.subject.includes(first.title)),
    );
    await queueDrained();
    expect((await mailTo(follower)).filter((m) => m.subject.includes(first.title))).toHaveLength(1);
    expect(got.subject).toBe(`Brambleford Community Larder: ${first.title}`);
    expect(got.text).toContain(first.excerpt);
    expect(got.text).toContain(first.url);
    expect(got.html).not.toMatch(/<img/i);
    expect(got.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(got.headers['list-unsubscribe'] ?? '')?.[1];
    expect(oneClick).toMatch(/\/api\/unsubscribe-one-click\?token=[A-Za-z0-9_-]{43}$/);
    expect(tokenIn(got.text, '/following/manage')).not.toBeNull();
    // The unconfirmed address got its confirmation and nothing else.
    expect((await mailTo(unconfirmed)).map((m) => m.subject)).toEqual([
      'Confirm you want to follow Brambleford Community Larder',
    ]);

    // The manage page's list, by the mail's token.
    const manageToken = tokenIn(got.text, '/following/manage');
    const listed = await post('/api/list-follows', { token: manageToken });
    expect(listed.body.follows).toEqual([
      {
        registration_number: c.registrationNumber,
        charity_name: 'Brambleford Community Larder',
        frequency: 'each',
      },
    ]);

    // RFC 8058: the mail provider POSTs a form, with no other input.
    const url = new URL(oneClick as string);
    const res = await fetch(`${info.appUrl}${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    await setUnruly({});
    const second = published(c, `Winter coats ${randomUUID().slice(0, 6)}`);
    await announce(second);
    await queueDrained();
    expect((await mailTo(follower)).some((m) => m.subject.includes(second.title))).toBe(false);
    expect((await post('/api/list-follows', { token: manageToken })).body.follows).toEqual([]);
  });

  it('answers the same whether or not the address follows, and sends nothing more to a follower', async () => {
    const c = await makeLiveCharity();
    const follower = email();
    const from = freshAddress();
    await followAndConfirm(c.registrationNumber, follower, from);
    const before = (await mailTo(follower)).length;
    const body = { registrationNumber: c.registrationNumber, email: follower, frequency: 'weekly' };
    const known = await post('/api/follow-charity', body, { from });
    const unknown = await post('/api/follow-charity', { ...body, email: email() }, { from });
    expect(known).toEqual(unknown);
    await new Promise((r) => setTimeout(r, 500));
    expect((await mailTo(follower)).length).toBe(before);
  });

  it('holds the per-source limit under parallel requests and the per-address limit silently', async () => {
    const c = await makeLiveCharity();
    const from = freshAddress();
    const results = await Promise.all(
      Array.from({ length: 14 }, () =>
        post(
          '/api/follow-charity',
          { registrationNumber: c.registrationNumber, email: email(), frequency: 'each' },
          { from },
        ),
      ),
    );
    // Never above the limit; a parallel twin may be refused early (hitAll's safe side), never let through.
    const ok = results.filter((r) => r.status === 200).length;
    expect(ok).toBeLessThanOrEqual(10);
    expect(ok).toBeGreaterThanOrEqual(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(14 - ok);

    // One address asked for from many sources: three confirmation mails a day, the same answer every time.
    const target = email();
    for (let i = 0; i < 5; i++) {
      const r = await post(
        '/api/follow-charity',
        { registrationNumber: c.registrationNumber, email: target, frequency: 'each' },
        { from: freshAddress() },
      );
      expect(r.body.message).toBe(FollowMessage.CheckInbox);
    }
    await until(async () => (await mailTo(target)).length >= 3);
    await new Promise((r) => setTimeout(r, 300));
    expect((await mailTo(target)).length).toBe(3);
  });

  it('mails a story the charity publishes through the API to its confirmed followers, once (the seam wired)', async () => {
    const c = await makeLiveCharity({ charityName: 'Hollins Lane Food Bank' });
    const follower = email();
    await followAndConfirm(c.registrationNumber, follower);
    const title = `Winter coats ${randomUUID().slice(0, 6)}`;
    const created = await post(
      '/api/me/posts',
      { action: 'publish', content: { type: 'story', title, text: 'Forty coats went out on Saturday.' } },
      { token: c.idToken },
    );
    expect(created.status).toBe(200);
    const got = await until(async () => (await mailTo(follower)).find((m) => m.subject.includes(title)));
    expect(got.subject).toBe(`Hollins Lane Food Bank: ${title}`);
    expect(got.text).toContain(`/charities/${c.registrationNumber}`);
    await queueDrained();
    expect((await mailTo(follower)).filter((m) => m.subject.includes(title))).toHaveLength(1);
  });

  it("forgets the followers' addresses when the charity deletes its account", async () => {
    const { addressIdOf, followersData } = await import('../../lambdas/data/followers');
    const followers = followersData(testTable());
    const c = await makeLiveCharity();
    const follower = email();
    await followAndConfirm(c.registrationNumber, follower);
    expect((await followers.get(c.userId, addressIdOf(follower)))?.status).toBe('confirmed');
    expect((await post('/api/delete-charity-account', {}, { token: c.idToken })).status).toBe(200);
    expect(await followers.get(c.userId, addressIdOf(follower))).toBeNull();
  });

  it('refuses a charity donors cannot see, and a link that is not ours', async () => {
    const res = await post('/api/follow-charity', {
      registrationNumber: '99999999',
      email: email(),
      frequency: 'each',
    });
    expect(res.status).toBe(404);
    const bad = await post('/api/confirm-follow', { token: 'A'.repeat(43) });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('FOLLOW_LINK_INVALID');
    const oneClick = await callApi('POST', `/api/unsubscribe-one-click?token=${'B'.repeat(43)}`, undefined, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      raw: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(400);
  });
});
