import { MILESTONES, STORY_LEAD } from './our-story';

/**
 * Issue 29, item 5: the lead once began the story "in a church hall" while the 2022 milestone began it at a
 * food bank. Places a founding story could begin; the story must name exactly one, in the lead and in 2022.
 */
const PLACES = [
  'church hall',
  'village hall',
  'community centre',
  'food bank',
  'kitchen table',
  'youth club',
  'school',
  'library',
  'café',
  'pub',
];
const placesIn = (text: string) => PLACES.filter((place) => text.toLowerCase().includes(place));

describe('Our Story', () => {
  it('tells one origin: the lead begins where the first milestone begins', () => {
    const [first] = MILESTONES;
    const everything = [STORY_LEAD, ...MILESTONES.flatMap((m) => [m.title, m.text])].join(' ');
    expect(placesIn(everything)).toEqual(['food bank']);
    expect(placesIn(STORY_LEAD)).toEqual(['food bank']);
    expect(placesIn(`${first?.title} ${first?.text}`)).toEqual(['food bank']);
    expect(STORY_LEAD).toContain('south London food bank');
    expect(first?.text).toContain('south London food bank');
  });

  it('keeps what the spec asks of the timeline', () => {
    expect(MILESTONES.map((m) => m.year)).toEqual(['2022', '2023', '2024', '2024']);
    const text = MILESTONES.map((m) => `${m.title} ${m.text}`).join(' ');
    expect(text).toMatch(/start-up competition/);
    expect(text).toMatch(/£5,000 grant/);
    expect(STORY_LEAD).toMatch(/launching in Autumn 2025\.$/);
  });
});
