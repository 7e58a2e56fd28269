import { PostMessage, STORY_TEXT_MAX } from '@shared/posts';
import { EMPTY_WORDS } from '@/lib/media/media-words';
import { checkForm, emptyForm, type PostForm, type PostMedia, sameForm, toRequest } from './post-form';

const NOW = new Date('2025-11-04T12:00:00Z');

const story = (patch: Partial<PostForm> = {}): PostForm => ({
  ...emptyForm('story'),
  title: 'Our first winter',
  text: 'We opened in November.',
  ...patch,
});

const event = (patch: Partial<PostForm> = {}): PostForm => ({
  ...emptyForm('event'),
  title: 'Open evening',
  text: 'Come and meet us.',
  startsAt: '2025-11-20T18:30',
  endsAt: '2025-11-20T20:00',
  place: 'St Anne’s Hall',
  ...patch,
});

const photo = (id: string, alt = 'Volunteers'): PostMedia => ({
  id,
  type: 'image',
  preview: `blob:${id}`,
  existingMediaId: null,
  words: { ...EMPTY_WORDS, alt },
});

describe('checkForm', () => {
  it('passes a complete story and event', () => {
    expect(checkForm(story(), 'publish', NOW)).toEqual({});
    expect(checkForm(event(), 'draft', NOW)).toEqual({});
  });

  it('asks for a story’s title and text, and keeps its text within 5,000 characters', () => {
    expect(checkForm(story({ title: ' ', text: '' }), 'draft', NOW)).toEqual({
      'content.title': PostMessage.TitleRequired,
      'content.text': PostMessage.TextRequired,
    });
    expect(checkForm(story({ text: 'x'.repeat(STORY_TEXT_MAX) }), 'draft', NOW)).toEqual({});
    expect(checkForm(story({ text: 'x'.repeat(STORY_TEXT_MAX + 1) }), 'draft', NOW)['content.text']).toBe(
      PostMessage.StoryTooLong,
    );
  });

  it('checks an event’s times and where it takes place', () => {
    expect(checkForm(event({ startsAt: '', endsAt: '' }), 'draft', NOW)).toEqual({
      'content.starts_at': PostMessage.StartRequired,
      'content.ends_at': PostMessage.EndRequired,
    });
    expect(checkForm(event({ endsAt: '2025-11-20T18:00' }), 'draft', NOW)['content.ends_at']).toBe(
      PostMessage.EndBeforeStart,
    );
    expect(checkForm(event({ place: '' }), 'draft', NOW)['content.place']).toBe(PostMessage.PlaceRequired);
    expect(checkForm(event({ online: true, place: '' }), 'draft', NOW)['content.link']).toBe(
      PostMessage.LinkRequired,
    );
  });

  it('asks a photo post for 1 to 10 photos, each with alt text', () => {
    const form = emptyForm('photo');
    expect(checkForm(form, 'publish', NOW)['content.media']).toBe(PostMessage.PhotosRequired);
    expect(checkForm({ ...form, media: [photo('a')] }, 'publish', NOW)).toEqual({});
    expect(checkForm({ ...form, media: [photo('a', '')] }, 'publish', NOW)['content.media']).toBeTruthy();
    const eleven = Array.from({ length: 11 }, (_, i) => photo(`p${i}`));
    expect(checkForm({ ...form, media: eleven }, 'publish', NOW)['content.media']).toBe(
      PostMessage.TooManyPhotos,
    );
  });

  it('asks a video post for one video and a description', () => {
    expect(checkForm(emptyForm('video'), 'draft', NOW)).toEqual({
      'content.text': PostMessage.DescriptionRequired,
      'content.media': PostMessage.VideoRequired,
    });
  });

  it('asks when to publish only when scheduling, in the future and within a year', () => {
    expect(checkForm(story(), 'schedule', NOW).scheduled_for).toBe(PostMessage.ScheduleRequired);
    // 12:00 UTC is 12:00 in London in November: 11:59 UK time is in the past.
    expect(checkForm(story({ scheduleAt: '2025-11-04T11:59' }), 'schedule', NOW).scheduled_for).toBe(
      PostMessage.ScheduleInPast,
    );
    expect(checkForm(story({ scheduleAt: '2027-01-01T09:00' }), 'schedule', NOW).scheduled_for).toBe(
      PostMessage.ScheduleTooFar,
    );
    expect(checkForm(story({ scheduleAt: '2025-11-05T09:00' }), 'schedule', NOW)).toEqual({});
    expect(checkForm(story({ scheduleAt: '' }), 'publish', NOW)).toEqual({});
  });
});

describe('toRequest', () => {
  it('sends UK times as UTC instants and the schedule only when scheduling', () => {
    const summer = event({
      startsAt: '2026-07-01T18:30',
      endsAt: '2026-07-01T20:00',
      scheduleAt: '2026-06-01T09:00',
    });
    const body = toRequest(summer, 'schedule', new Map());
    expect(body).toMatchObject({
      action: 'schedule',
      scheduled_for: '2026-06-01T08:00:00.000Z',
      content: { type: 'event', starts_at: '2026-07-01T17:30:00.000Z', place: 'St Anne’s Hall', link: '' },
    });
    expect(toRequest(summer, 'draft', new Map())).not.toHaveProperty('scheduled_for');
  });

  it('names new photos by their upload key and kept ones by id', () => {
    const kept: PostMedia = { ...photo('m1'), existingMediaId: 'm1' };
    const body = toRequest(
      { ...emptyForm('photo'), media: [kept, photo('new-1')] },
      'publish',
      new Map([['new-1', 'k/1.jpg']]),
    );
    expect(body.content.media).toEqual([
      { mediaId: 'm1', alt: 'Volunteers', decorative: false, caption: '' },
      { key: 'k/1.jpg', alt: 'Volunteers', decorative: false, caption: '' },
    ]);
    expect(() =>
      toRequest({ ...emptyForm('photo'), media: [photo('new-2')] }, 'publish', new Map()),
    ).toThrow();
  });
});

describe('sameForm', () => {
  it('sees a typed change and an edited alt text', () => {
    const form = { ...emptyForm('photo'), media: [photo('a')] };
    expect(sameForm(form, { ...form })).toBe(true);
    expect(sameForm(form, { ...form, text: 'x' })).toBe(false);
    expect(sameForm(form, { ...form, media: [photo('a', 'Other')] })).toBe(false);
  });
});
