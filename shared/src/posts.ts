/**
 * A charity's posts (issue 44): the four types, their limits and the messages the API and the editor share.
 * Times travel and are stored as UTC instants; the charity sees and types them in UK time (Europe/London).
 */
export const POST_TYPES = ['photo', 'video', 'story', 'event'] as const;
export type PostType = (typeof POST_TYPES)[number];

export const POST_TYPE_LABELS: Record<PostType, string> = {
  photo: 'Photo',
  video: 'Video',
  story: 'Story',
  event: 'Event',
};

export const POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** The View Posts tabs, in the spec's order, and the status each shows (`all`: every post). */
export const POST_FILTERS = [
  { id: 'all', label: 'All' },
  { id: 'published', label: 'Published' },
  { id: 'draft', label: 'Drafts' },
  { id: 'scheduled', label: 'Scheduled' },
] as const;
export type PostFilter = (typeof POST_FILTERS)[number]['id'];

/** Posts per page of the charity's list. */
export const POSTS_PAGE_SIZE = 20;
/** Published posts on the public page and in the feed. */
export const PUBLIC_POSTS_LIMIT = 20;
/** A charity's newest published posts in the donors' explore listing: the large feed's 'up to 6 posts' (decision 20.30). */
export const EXPLORE_POSTS_LIMIT = 6;

export const PHOTO_MIN = 1;
export const PHOTO_MAX = 10;
export const POST_TITLE_MAX = 120;
export const STORY_TEXT_MAX = 5000;
export const POST_TEXT_MAX = 5000;
export const EVENT_PLACE_MAX = 200;
export const EVENT_LINK_MAX = 500;
/** The furthest ahead a post may be scheduled. */
export const SCHEDULE_MAX_DAYS = 366;

export const PostMessage = {
  Closed: 'Posts are not open yet.',
  NotFound: 'This post was not found.',
  ChangedMeanwhile: 'This post was changed meanwhile. Please reload and try again.',
  TitleRequired: 'Please enter a title.',
  TitleTooLong: `The title must be ${POST_TITLE_MAX} characters or less.`,
  TextRequired: 'Please write some text.',
  StoryTooLong: `The story must be ${STORY_TEXT_MAX.toLocaleString('en-GB')} characters or less.`,
  TextTooLong: `The text must be ${POST_TEXT_MAX.toLocaleString('en-GB')} characters or less.`,
  DescriptionRequired: 'Please write a description.',
  PhotosRequired: 'Please add at least one photo.',
  TooManyPhotos: `A photo post holds at most ${PHOTO_MAX} photos.`,
  PhotosOnly: 'A photo post takes photos only.',
  VideoRequired: 'Please add one video.',
  VideoOnly: 'A video post takes exactly one video.',
  ImageOnly: 'The picture must be a photo.',
  MediaNotFound: 'A media item of this post was not found. Please reload and try again.',
  StartRequired: 'Please choose when the event starts.',
  EndRequired: 'Please choose when the event ends.',
  EndBeforeStart: 'The event must end after it starts.',
  PlaceRequired: 'Please enter where the event takes place, or choose Online.',
  LinkRequired: 'Please enter the link to join the event online.',
  LinkInvalid: 'Please enter a link that starts with https://.',
  ScheduleRequired: 'Please choose when to publish.',
  ScheduleInPast: 'Please choose a time in the future.',
  ScheduleTooFar: `Please choose a time within ${SCHEDULE_MAX_DAYS} days.`,
  ScheduleOnlyWhenScheduling: 'A time to publish is only given when scheduling.',
  NotPublished: 'Only a published or scheduled post can be unpublished.',
} as const;

const HOUR_MS = 3_600_000;

/** The UTC offset of London (0 or 1 hour) at an instant, in ms. */
function londonOffsetMs(instant: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return asUtc - Math.floor(instant / 60_000) * 60_000;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A UK wall-clock time (`YYYY-MM-DDTHH:mm`, what a datetime-local field gives) as a UTC ISO instant, or null when
 * it is not one. A time that does not exist (the hour skipped in March) moves forward an hour; a time that
 * happens twice (October) is its first (BST) occurrence.
 */
export function ukLocalToUtc(local: string): string | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const naive = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(naive) || new Date(naive).getUTCDate() !== d || h > 23 || mi > 59) return null;
  // Try BST (UTC+1) first, then GMT: the first that reads back as the wall-clock time wins.
  for (const offset of [HOUR_MS, 0]) {
    const instant = naive - offset;
    if (londonOffsetMs(instant) === offset) return new Date(instant).toISOString();
  }
  // The skipped hour: read as GMT, which London shows an hour later.
  return new Date(naive).toISOString();
}

/** A UTC instant as the UK wall-clock time a datetime-local field shows (`YYYY-MM-DDTHH:mm`). */
export function utcToUkLocal(iso: string): string {
  const instant = new Date(iso).getTime();
  const local = new Date(instant + londonOffsetMs(instant));
  return local.toISOString().slice(0, 16);
}

/** A UTC instant in UK time for people: "Tue, 4 Nov 2025, 18:30". */
export function formatUkTime(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(iso))
    .replace(' at ', ', ');
}

/** The public page's anchor of a post (its URL is the charity's page with this fragment). */
export const postAnchor = (postId: string) => `post-${postId}`;
