import { randomUUID } from 'node:crypto';
import type { AnalyticsResponse } from '@shared/api/schemas/analytics';
import { ukDay } from '@shared/donations';
import { PostMessage } from '@shared/posts';
import { callApi, freshAddress, mailTo, post } from '../support/api';
import { createCharity } from '../support/charity';
import { CARDS, donationInput, makeGivingCharity, payOnCheckout, startDonation } from '../support/giving';
import { calmStripe, eventsDelivered, stripeUnruly } from '../support/payments';
import { fetchText } from '../support/public-page';
import { until } from '../support/until';

jest.setTimeout(120_000);

const analytics = async (token: string, range?: string) => {
  const res = await callApi('GET', `/api/me/analytics${range ? `?range=${range}` : ''}`, undefined, {
    token,
  });
  return { status: res.status, body: res.body as unknown as AnalyticsResponse & { error?: string } };
};

afterEach(() => calmStripe());

describe('the charity analytics', () => {
  it("counts the journey's own views, follow and gift (once, though the webhook is redelivered)", async () => {
    const c = await makeGivingCharity({ label: 'analytics', charityName: 'Brambleford Community Larder' });
    const before = await analytics(c.idToken);
    expect(before.status).toBe(200);
    expect(before.body.updates_open).toBe(true);
    expect(before.body.profile_views).toBe(0);

    // Two views: the page through the API, and the server-rendered page.
    expect((await callApi('GET', `/api/charities/${c.registrationNumber}`)).status).toBe(200);
    expect((await fetchText(`/charities/${c.registrationNumber}`)).status).toBe(200);

    // A follow, confirmed from the mailed link.
    const follower = `analytics-${randomUUID().slice(0, 8)}@example.org`;
    const asked = await post(
      '/api/follow-charity',
      { registrationNumber: c.registrationNumber, email: follower, frequency: 'each' },
      { from: freshAddress() },
    );
    expect(asked.status).toBe(200);
    const mail = await until(async () => (await mailTo(follower))[0]);
    const token = /\/following\/confirm#token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    expect((await post('/api/confirm-follow', { token })).status).toBe(200);

    // A gift of £25, its webhooks delivered twice and out of order.
    await stripeUnruly({ duplicates: true, shuffle: true });
    const input = donationInput(c, { amount_pence: 2500 });
    const { checkout_url } = await startDonation(input);
    expect((await payOnCheckout(checkout_url, CARDS.paid, input.email)).status).toBe(303);
    await eventsDelivered();

    const after = await analytics(c.idToken, '6m');
    expect(after.status).toBe(200);
    const body = after.body;
    expect(body.range).toBe('6m');
    expect(body.months).toHaveLength(6);
    const thisMonth = ukDay(new Date().toISOString()).slice(0, 7);
    expect(body.months[5]).toEqual({
      month: thisMonth,
      profile_views: 2,
      donations_paid: 1,
      donated_pence: 2500,
    });
    expect(body).toMatchObject({
      profile_views: 2,
      new_followers: 1,
      unfollows: 0,
      donations_paid: 1,
      donated_pence: 2500,
      donation_rate_tenths: 500, // 1 gift per 2 views: 50.0 per 100
      posts_published: 0,
      post_views: 0,
      mail_clicks: 0,
    });
    const kinds = body.recent.map((r) => r.kind).sort();
    expect(kinds).toEqual(['follows', 'gift']);
    expect(body.recent).toContainEqual(
      expect.objectContaining({ kind: 'gift', amount_pence: 2500, donor_name: 'Ada Lovelace' }),
    );
    expect(body.recent).toContainEqual({ kind: 'follows', day: ukDay(new Date().toISOString()), count: 1 });
    // Never who follows.
    expect(JSON.stringify(body)).not.toContain(follower);

    // The last year holds the same figures across 12 months.
    const year = await analytics(c.idToken, '12m');
    expect(year.body.months).toHaveLength(12);
    expect(year.body.months[11]?.month).toBe(thisMonth);
    expect(year.body.donated_pence).toBe(2500);
    expect(year.body.profile_views).toBe(2);

    // Another charity's token sees none of it.
    const other = await createCharity({ label: 'analytics-other' });
    const theirs = await analytics(other.idToken);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toMatchObject({
      profile_views: 0,
      new_followers: 0,
      donations_paid: 0,
      donated_pence: 0,
      recent: [],
    });
  });

  it('counts post views and opens from update mails, never who, and sends every link on to the post', async () => {
    const c = await makeGivingCharity({ label: 'analytics-posts', charityName: 'Wrenfield Reading Room' });
    // A view before any post: a profile view, not a post view.
    expect((await fetchText(`/charities/${c.registrationNumber}`)).status).toBe(200);
    const follower = `clicks-${randomUUID().slice(0, 8)}@example.org`;
    const asked = await post(
      '/api/follow-charity',
      { registrationNumber: c.registrationNumber, email: follower, frequency: 'each' },
      { from: freshAddress() },
    );
    expect(asked.status).toBe(200);
    const confirm = await until(async () => (await mailTo(follower))[0]);
    const token = /\/following\/confirm#token=([A-Za-z0-9_-]{43})/.exec(confirm.text)?.[1];
    expect((await post('/api/confirm-follow', { token })).status).toBe(200);

    const title = `Story hour ${randomUUID().slice(0, 6)}`;
    const made = await post(
      '/api/me/posts',
      { action: 'publish', content: { type: 'story', title, text: 'Every Saturday at ten.' } },
      { token: c.idToken },
    );
    expect([made.status, made.body]).toEqual([200, expect.anything()]);
    const postId = (made.body.post as { id: string }).id;
    // A view that shows the post.
    expect((await fetchText(`/charities/${c.registrationNumber}`)).status).toBe(200);

    // The mail's link passes through the click counter, and carries nothing of the follower.
    const mail = await until(async () => (await mailTo(follower)).find((m) => m.subject.includes(title)));
    const link = new RegExp(
      `https?://[^\\s"]*/api/charities/${c.registrationNumber}/posts/${postId}/from-mail`,
    ).exec(mail.text)?.[0];
    expect(link).toBeDefined();
    expect(link).not.toContain(encodeURIComponent(follower));
    const path = new URL(link as string).pathname;
    for (let i = 0; i < 2; i++) {
      const opened = await callApi('GET', path);
      expect(opened.status).toBe(303);
      expect(new URL(opened.headers.location ?? '').pathname).toBe(`/charities/${c.registrationNumber}`);
      expect(new URL(opened.headers.location ?? '').hash).toBe(`#post-${postId}`);
    }
    // A post that does not exist still goes on to the page, and counts nothing; a bad number is a 404.
    const unknown = await callApi(
      'GET',
      `/api/charities/${c.registrationNumber}/posts/zzzzzzzzzzzz/from-mail`,
    );
    expect(unknown.status).toBe(303);
    expect((await callApi('GET', `/api/charities/0/posts/${postId}/from-mail`)).status).toBe(404);
    // Nothing but the checked number and id reaches the redirect (no open redirect).
    const forged = await callApi(
      'GET',
      `/api/charities/${c.registrationNumber}/posts/${encodeURIComponent('//evil.example')}/from-mail`,
    );
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe(PostMessage.NotFound);
    expect(forged.headers.location).toBeUndefined();

    const body = (await analytics(c.idToken)).body;
    expect(body).toMatchObject({ profile_views: 2, post_views: 1, mail_clicks: 2, posts_published: 1 });
    expect(JSON.stringify(body)).not.toContain(follower);
  });

  it('refuses a range it does not know with a clear 400, and needs a charity', async () => {
    const c = await createCharity({ label: 'analytics-range' });
    const bad = await analytics(c.idToken, '3y');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/range/i);
    expect((await callApi('GET', '/api/me/analytics')).status).toBe(401);
  });
});
