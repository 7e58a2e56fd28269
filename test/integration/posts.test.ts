import { PostMessage, STORY_TEXT_MAX } from '@shared/posts';
import { callApi, post } from '../support/api';
import { createCharity } from '../support/charity';
import { fakeJpeg, fakeMp4, upload } from '../support/media';
import { type ApiPost, create, publicPosts, runPublisher } from '../support/posts';
import { fetchText, makeLiveCharity } from '../support/public-page';

jest.setTimeout(90_000);

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe('posts', () => {
  it('creates each type as a draft, published or scheduled post; lists them by tab; shows the published to donors', async () => {
    const c = await makeLiveCharity({ charityName: 'Larkspur Food Hub' });
    const photoA = await upload(c.idToken, { purpose: 'post' }, fakeJpeg());
    const photoB = await upload(c.idToken, { purpose: 'post' }, fakeJpeg());
    const video = await upload(c.idToken, { purpose: 'post', contentType: 'video/mp4' }, fakeMp4());

    const story = await create(c.idToken, {
      action: 'draft',
      content: { type: 'story', title: 'Our first winter', text: 'We opened our doors in November.' },
    });
    expect(story).toMatchObject({ status: 'draft', published_at: null, version: 0 });

    const photo = await create(c.idToken, {
      action: 'publish',
      content: {
        type: 'photo',
        text: 'Coats & scarves <sorted>',
        media: [
          { key: photoA.key, alt: 'Volunteers folding coats' },
          { key: photoB.key, alt: 'A rail of scarves' },
        ],
      },
    });
    expect(photo.status).toBe('published');
    expect(photo.media.map((m) => m.media_type)).toEqual(['image', 'image']);

    const clip = await create(c.idToken, {
      action: 'publish',
      content: {
        type: 'video',
        text: 'A minute in our kitchen',
        media: [{ key: video.key, alt: 'The kitchen' }],
      },
    });
    expect(clip.media[0]?.media_type).toBe('video');

    const event = await create(c.idToken, {
      action: 'schedule',
      scheduled_for: inHours(24),
      content: {
        type: 'event',
        title: 'Open evening',
        text: 'Come and meet the team.',
        starts_at: inHours(48),
        ends_at: inHours(50),
        online: false,
        place: 'St Anne’s Hall, Larkspur',
      },
    });
    expect(event.status).toBe('scheduled');

    const list = await callApi('GET', '/api/me/posts', undefined, { token: c.idToken });
    expect(list.status).toBe(200);
    expect(list.body.updates_open).toBe(true);
    expect(list.body.counts).toEqual({ all: 4, published: 2, draft: 1, scheduled: 1 });
    // Newest first.
    expect((list.body.posts as ApiPost[]).map((p) => p.id)).toEqual([event.id, clip.id, photo.id, story.id]);
    const drafts = await callApi('GET', '/api/me/posts?filter=draft', undefined, { token: c.idToken });
    expect((drafts.body.posts as ApiPost[]).map((p) => p.id)).toEqual([story.id]);

    // Donors see the published two, newest first; not the draft nor the scheduled one.
    expect((await publicPosts(c.registrationNumber)).map((p) => p.id)).toEqual([clip.id, photo.id]);

    // The Atom feed, through the site's own address, escaped.
    const feed = await fetchText(`/charities/${c.registrationNumber}/feed.xml`);
    expect(feed.status).toBe(200);
    expect(feed.type).toContain('application/atom+xml');
    expect(feed.text).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(feed.text).toContain('Coats &amp; scarves &lt;sorted&gt;');
    expect(feed.text.match(/<entry>/g)).toHaveLength(2);
    expect(feed.text).not.toContain('Open evening');
  });

  it('publishes a scheduled post at its time (once), and not one unpublished or deleted before it', async () => {
    const c = await makeLiveCharity({ charityName: 'Wrenfield Men’s Shed' });
    const soon = () => new Date(Date.now() + 1500).toISOString();
    const due = await create(c.idToken, {
      action: 'schedule',
      scheduled_for: soon(),
      content: {
        type: 'event',
        title: 'Repair café',
        text: 'Bring a broken lamp.',
        starts_at: inHours(72),
        ends_at: inHours(74),
        online: true,
        link: 'https://meet.example.org/repair',
      },
    });
    const withdrawn = await create(c.idToken, {
      action: 'schedule',
      scheduled_for: soon(),
      content: { type: 'story', title: 'Withdrawn', text: 'Never shown.' },
    });
    const deleted = await create(c.idToken, {
      action: 'schedule',
      scheduled_for: soon(),
      content: { type: 'story', title: 'Deleted', text: 'Never shown either.' },
    });
    expect((await post(`/api/me/posts/${withdrawn.id}/unpublish`, {}, { token: c.idToken })).status).toBe(
      200,
    );
    expect(
      (await callApi('DELETE', `/api/me/posts/${deleted.id}`, undefined, { token: c.idToken })).status,
    ).toBe(200);
    // Before its time the event is not public, nor is its calendar file.
    expect(await publicPosts(c.registrationNumber)).toEqual([]);
    expect((await fetchText(`/api/charities/${c.registrationNumber}/posts/${due.id}/event.ics`)).status).toBe(
      404,
    );

    await new Promise((resolve) => setTimeout(resolve, 2000));
    await runPublisher();
    // The local timer may have run it first; either way it is published once and no other post is.
    expect(await runPublisher()).toEqual({ published: 0 });
    expect((await publicPosts(c.registrationNumber)).map((p) => p.title)).toEqual(['Repair café']);
    const list = await callApi('GET', '/api/me/posts', undefined, { token: c.idToken });
    expect(list.body.counts).toEqual({ all: 2, published: 1, draft: 1, scheduled: 0 });

    const ics = await fetchText(`/api/charities/${c.registrationNumber}/posts/${due.id}/event.ics`);
    expect(ics.status).toBe(200);
    expect(ics.type).toContain('text/calendar');
    expect(ics.text).toContain('BEGIN:VEVENT');
    expect(ics.text).toContain('SUMMARY:Repair café');
    expect(ics.text).toContain('LOCATION:Online: https://meet.example.org/repair');
    expect(ics.text).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  });

  it('refuses bad input with the field and a clear message', async () => {
    const c = await createCharity({ label: 'posts-input' });
    const cases: [unknown, string, string][] = [
      [
        { action: 'publish', content: { type: 'photo', media: [] } },
        'content.media',
        PostMessage.PhotosRequired,
      ],
      [
        { action: 'draft', content: { type: 'story', title: 'Long', text: 'x'.repeat(STORY_TEXT_MAX + 1) } },
        'content.text',
        PostMessage.StoryTooLong,
      ],
      [
        {
          action: 'draft',
          content: {
            type: 'event',
            title: 'Backwards',
            text: 'Ends first',
            starts_at: inHours(5),
            ends_at: inHours(4),
            online: false,
            place: 'Hall',
          },
        },
        'content.ends_at',
        PostMessage.EndBeforeStart,
      ],
      [
        {
          action: 'draft',
          content: {
            type: 'event',
            title: 'Online',
            text: 'Link missing',
            starts_at: inHours(5),
            ends_at: inHours(6),
            online: true,
          },
        },
        'content.link',
        PostMessage.LinkRequired,
      ],
      [
        {
          action: 'schedule',
          scheduled_for: inHours(-1),
          content: { type: 'story', title: 'Late', text: 'Past' },
        },
        'scheduled_for',
        PostMessage.ScheduleInPast,
      ],
      [
        { action: 'schedule', content: { type: 'story', title: 'When', text: 'No time' } },
        'scheduled_for',
        PostMessage.ScheduleRequired,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await post('/api/me/posts', body, { token: c.idToken });
      expect({ status: res.status, field: res.body.field, error: res.body.error }).toEqual({
        status: 400,
        field,
        error: message,
      });
    }
    // A photo where the video belongs: judged on the stored file.
    const photo = await upload(c.idToken, { purpose: 'post' }, fakeJpeg());
    const res = await post(
      '/api/me/posts',
      {
        action: 'draft',
        content: { type: 'video', text: 'Not a video', media: [{ key: photo.key, alt: 'x' }] },
      },
      { token: c.idToken },
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(PostMessage.VideoOnly);
  });

  it('lets a charity touch only its own posts, and only at the version it read', async () => {
    const owner = await createCharity({ label: 'posts-owner' });
    const other = await createCharity({ label: 'posts-other' });
    const mine = await create(owner.idToken, {
      action: 'draft',
      content: { type: 'story', title: 'Mine', text: 'Only mine.' },
    });
    const edit = (token: string, version: number) =>
      callApi(
        'PUT',
        `/api/me/posts/${mine.id}`,
        { version, action: 'draft', content: { type: 'story', title: 'Taken', text: 'Changed.' } },
        { token },
      );
    expect((await edit(other.idToken, 0)).status).toBe(404);
    expect(
      (await callApi('DELETE', `/api/me/posts/${mine.id}`, undefined, { token: other.idToken })).status,
    ).toBe(404);
    expect((await post(`/api/me/posts/${mine.id}/unpublish`, {}, { token: other.idToken })).status).toBe(404);
    const otherList = await callApi('GET', '/api/me/posts', undefined, { token: other.idToken });
    expect(otherList.body.counts).toMatchObject({ all: 0 });

    // Two edits from the same version: one wins, the other is told the post changed.
    const [a, b] = await Promise.all([edit(owner.idToken, 0), edit(owner.idToken, 0)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await edit(owner.idToken, 0)).status).toBe(409);
    const after = await callApi('GET', '/api/me/posts', undefined, { token: owner.idToken });
    expect((after.body.posts as ApiPost[])[0]).toMatchObject({ title: 'Taken', version: 1 });
  });
});
