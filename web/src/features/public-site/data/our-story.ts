/**
 * The landing page's Our Story (public-site spec: a timeline of 2022, 2023, 2024, 2024, with a start-up
 * competition and a £5,000 grant). The spec gives no words for the lead; ours tells the same beginning as the
 * first milestone, so the story has one origin (issue 29).
 */

/** Where the story begins: the lead and the 2022 milestone both tell it. */
export const STORY_ORIGIN = 'a south London food bank';

export const STORY_LEAD = `From a question at ${STORY_ORIGIN} to a platform launching in Autumn 2025.`;

export interface Milestone {
  year: string;
  title: string;
  text: string;
}

export const MILESTONES: readonly Milestone[] = [
  {
    year: '2022',
    title: 'A question at a food bank',
    text: `Volunteering at ${STORY_ORIGIN}, our founder watched a team feed hundreds of families on a shoestring, and wondered why giving to them was so much harder than giving to a household name.`,
  },
  {
    year: '2023',
    title: 'Winning a start-up competition',
    text: 'The idea of a fee-free home for small charities won a start-up competition, and with it the confidence (and the mentors) to turn a notebook into a plan.',
  },
  {
    year: '2024',
    title: 'A £5,000 grant',
    text: 'A £5,000 grant paid for our first build and for the legal groundwork, so that charities can trust us with their money and their supporters.',
  },
  {
    year: '2024',
    title: 'Building with charities',
    text: 'We sat down with small charity teams across London to test every screen, and cut anything that took their time without giving something back.',
  },
];
