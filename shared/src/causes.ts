/**
 * Causes: the Charity Commission's classification of a charity (the register extract's
 * `charity_classification` table, the Register API's `who_what_where`), shared by the web and the functions.
 *
 * Codes and descriptions are the Commission's, spelt as the extract spells them: What the charity does
 * (101-117), Who it helps (201-207), How it works (301-310). `label` is the donor-facing wording (the
 * register's, in sentence case, shortened where it is clumsy); `slug` names the cause in a filter
 * (`/charities?cause=poverty-relief`). Decision 21.1.
 */

export type CauseGroup = 'What' | 'Who' | 'How';

export interface Cause {
  /** The Commission's classification code. */
  code: number;
  group: CauseGroup;
  /** The register's description, exactly as the extract spells it. */
  description: string;
  /** Donor-facing name. */
  label: string;
  /** URL name for filters; unique across groups. */
  slug: string;
}

/** The groups in the register's order, with the Commission's headings. */
export const CAUSE_GROUPS: readonly { group: CauseGroup; heading: string }[] = [
  { group: 'What', heading: 'What the charity does' },
  { group: 'Who', heading: 'Who the charity helps' },
  { group: 'How', heading: 'How the charity works' },
];

const cause = (code: number, description: string, label: string, slug: string): Cause => ({
  code,
  group: code < 200 ? 'What' : code < 300 ? 'Who' : 'How',
  description,
  label,
  slug,
});

/** Every cause, by code (so What, then Who, then How). */
export const CAUSES: readonly Cause[] = [
  cause(101, 'General Charitable Purposes', 'General charitable purposes', 'general-purposes'),
  cause(102, 'Education/training', 'Education/training', 'education'),
  cause(103, 'The Advancement Of Health Or Saving Of Lives', 'Health and saving lives', 'health'),
  cause(104, 'Disability', 'Disability', 'disability'),
  cause(105, 'The Prevention Or Relief Of Poverty', 'Poverty relief', 'poverty-relief'),
  cause(106, 'Overseas Aid/famine Relief', 'Overseas aid/famine relief', 'overseas-aid'),
  cause(107, 'Accommodation/housing', 'Accommodation/housing', 'housing'),
  cause(108, 'Religious Activities', 'Religious activities', 'religion'),
  cause(109, 'Arts/culture/heritage/science', 'Arts/culture/heritage/science', 'arts-culture'),
  cause(110, 'Amateur Sport', 'Amateur sport', 'sport'),
  cause(111, 'Animals', 'Animals', 'animals'),
  cause(112, 'Environment/conservation/heritage', 'Environment/conservation/heritage', 'environment'),
  cause(
    113,
    'Economic/community Development/employment',
    'Community development/employment',
    'community-development',
  ),
  cause(114, 'Armed Forces/emergency Service Efficiency', 'Armed forces/emergency services', 'armed-forces'),
  cause(
    115,
    'Human Rights/religious Or Racial Harmony/equality Or Diversity',
    'Human rights/equality',
    'human-rights',
  ),
  cause(116, 'Recreation', 'Recreation', 'recreation'),
  cause(117, 'Other Charitable Purposes', 'Other charitable purposes', 'other-purposes'),
  cause(201, 'Children/young People', 'Children/young people', 'children'),
  cause(202, 'Elderly/old People', 'Older people', 'older-people'),
  cause(203, 'People With Disabilities', 'People with disabilities', 'disabled-people'),
  cause(
    204,
    'People Of A Particular Ethnic Or Racial Origin',
    'People of a particular ethnic or racial origin',
    'ethnic-groups',
  ),
  cause(205, 'Other Charities Or Voluntary Bodies', 'Other charities or voluntary bodies', 'charities'),
  cause(206, 'Other Defined Groups', 'Other defined groups', 'other-groups'),
  cause(207, 'The General Public/mankind', 'The general public', 'general-public'),
  cause(301, 'Makes Grants To Individuals', 'Grants to individuals', 'grants-to-individuals'),
  cause(302, 'Makes Grants To Organisations', 'Grants to organisations', 'grants-to-organisations'),
  cause(303, 'Provides Other Finance', 'Other finance', 'other-finance'),
  cause(304, 'Provides Human Resources', 'Human resources', 'human-resources'),
  cause(305, 'Provides Buildings/facilities/open Space', 'Buildings/facilities/open space', 'facilities'),
  cause(306, 'Provides Services', 'Services', 'services'),
  cause(307, 'Provides Advocacy/advice/information', 'Advocacy/advice/information', 'advice'),
  cause(308, 'Sponsors Or Undertakes Research', 'Research', 'research'),
  cause(309, 'Acts As An Umbrella Or Resource Body', 'Umbrella or resource body', 'umbrella-body'),
  cause(310, 'Other Charitable Activities', 'Other charitable activities', 'other-activities'),
];

const byCode = new Map(CAUSES.map((c) => [c.code, c]));
const bySlug = new Map(CAUSES.map((c) => [c.slug, c]));
/** Descriptions compared without case or spacing: the API and older files capitalise differently. */
const descriptionKey = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
const byDescription = new Map(CAUSES.map((c) => [descriptionKey(c.description), c]));

export const causeByCode = (code: number): Cause | undefined => byCode.get(code);
export const causeBySlug = (slug: string): Cause | undefined => bySlug.get(slug);
/** The cause a register description names ("the prevention or relief of poverty" too), if any. */
export const causeByDescription = (description: string): Cause | undefined =>
  byDescription.get(descriptionKey(description));

/** The known codes among `codes`, once each, in list order. */
export function causeCodes(codes: Iterable<number>): number[] {
  return [...new Set(codes)].filter((c) => byCode.has(c)).sort((a, b) => a - b);
}
