/**
 * Decision 20.1: a scheduled post is published by its own one-off schedule (EventBridge Scheduler in AWS, the local
 * cloud's Scheduler here), with the publisher's sweep as the backstop. Beside posts.test.ts (which covers the
 * sweep and the post routes).
 */
import { randomUUID } from 'node:crypto';
import { callApi, mailTo } from '../support/api';
import { followAndConfirm, queueDrained } from '../support/following';
import {
  type ApiPost,
  create,
  localScheduler,
  publicPosts,
  runPublisher,
  setSchedulerUnruly,
} from '../support/posts';
import { makeLiveCharity } from '../support/public-page';
import { until } from '../support/until';

// A schedule fires within the minute it names: up to a minute, and a few seconds, of waiting.
jest.setTimeout(180_000);
const FIRES_WITHIN_MS = 100_000;

/** The next whole minute at least 5 s ahead (the charity picks minutes): a schedule's time, as stored. */
function nextMinute(): string {
  const at = Math.ceil((Date.now() + 5000) / 60_000) * 60_000;
  return new Date(at).toISOString();
}

const nameOf = (postId: string, scheduledFor: string) => `post-${postId}-${Date.parse(scheduledFor)}`;

async function ownPost(token: string, id: string): Promise<ApiPost | undefined> {
  const res = await callApi('GET', '/api/me/posts?filter=all', undefined, { token });
  return (res.body.posts as ApiPost[]).find((p) => p.id === id);
}

describe('scheduled posts by their own schedules', () => {
  afterEach(() => setSchedulerUnruly({}));

  it('publishes at its time by its own schedule; an old schedule publishes nothing; a second firing announces nothing', async () => {
    // As unruly as Scheduler: late by a few seconds, and every schedule delivered twice.
    await setSchedulerUnruly({ late: true, duplicates: true });
    const c = await makeLiveCharity({ charityName: 'Ashby Harvest Kitchen' });
    const follower = `follower-${randomUUID().slice(0, 8)}@example.org`;
    await followAndConfirm(c.registrationNumber, follower);

    const at = nextMinute();
    const later = new Date(Date.parse(at) + 3_600_000).toISOString();
    const due = await create(c.idToken, {
      action: 'schedule',
      scheduled_for: at,
      content: { type: 'story', title: 'Harvest supper tonight', text: 'Doors at six.' },
    });
    const moved = await create(c.idToken, {
      action: 'schedule',
      scheduled_for: at,
      content: { type: 'story', title: 'Moved to later', text: 'Not yet.' },
    });
    // Rescheduled an hour later: its first schedule stays, and must publish nothing when it fires.
    const rescheduled = await callApi(
      'PUT',
      `/api/me/posts/${moved.id}`,
      {
        version: moved.version,
        action: 'schedule',
        scheduled_for: later,
        content: { type: 'story', title: 'Moved to later', text: 'Not yet.' },
      },
      { token: c.idToken },
    );
    expect(rescheduled.status).toBe(200);

    const waiting = (await localScheduler()).schedules.map((s) => [s.name, s.expression]);
    const minute = `at(${at.slice(0, 19)})`;
    expect(waiting).toEqual(
      expect.arrayContaining([
        [nameOf(due.id, at), minute],
        [nameOf(moved.id, at), minute],
        [nameOf(moved.id, later), `at(${later.slice(0, 19)})`],
      ]),
    );
    expect((await publicPosts(c.registrationNumber)).map((p) => p.id)).toEqual([]);

    // Donors see it once its schedule has fired.
    await until(
      async () => (await publicPosts(c.registrationNumber)).some((p) => p.id === due.id),
      FIRES_WITHIN_MS,
    );
    expect((await ownPost(c.idToken, due.id))?.status).toBe('published');
    // Both schedules fired twice each, then deleted themselves; the hour-later one waits.
    const fired = await until(async () => {
      const s = await localScheduler();
      return s.fired[nameOf(due.id, at)] === 2 && s.fired[nameOf(moved.id, at)] === 2 && s;
    }, FIRES_WITHIN_MS);
    expect(fired.schedules.map((s) => s.name)).toEqual(expect.arrayContaining([nameOf(moved.id, later)]));
    expect(fired.schedules.map((s) => s.name)).not.toContain(nameOf(due.id, at));
    expect(fired.failed[nameOf(due.id, at)]).toBeUndefined();

    // The rescheduled post was not published early.
    expect(await ownPost(c.idToken, moved.id)).toMatchObject({ status: 'scheduled', scheduled_for: later });
    expect((await publicPosts(c.registrationNumber)).map((p) => p.id)).toEqual([due.id]);

    // Announced once: one mail to the follower, whatever the second firing did.
    await until(async () => (await mailTo(follower)).some((m) => m.subject.includes('Harvest supper')));
    await queueDrained();
    const mails = await mailTo(follower);
    expect(mails.filter((m) => m.subject.includes('Harvest supper'))).toHaveLength(1);
    expect(mails.some((m) => m.subject.includes('Moved to later'))).toBe(false);
  });

  it('keeps a post whose schedule cannot be made: the save answers 200 and the sweep publishes it', async () => {
    await setSchedulerUnruly({ down: true });
    const c = await makeLiveCharity({ charityName: 'Ashby Tool Library' });
    const scheduledFor = new Date(Date.now() + 1500).toISOString();
    const saved = await create(c.idToken, {
      action: 'schedule',
      scheduled_for: scheduledFor,
      content: { type: 'story', title: 'Open day', text: 'Borrow a drill.' },
    });
    expect(saved).toMatchObject({ status: 'scheduled', scheduled_for: scheduledFor });
    expect((await localScheduler()).schedules.map((s) => s.name)).not.toContain(
      nameOf(saved.id, scheduledFor),
    );
    // The publisher's sweep (every 5 minutes in AWS) finds it due and publishes it.
    await until(
      async () => {
        await runPublisher();
        return (await publicPosts(c.registrationNumber)).some((p) => p.id === saved.id);
      },
      20_000,
      500,
    );
  });
});
