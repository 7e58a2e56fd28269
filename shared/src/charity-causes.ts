/**
 * A charity's own causes (issue 45, decision 21.4): the causes donors find it by on `/charities`, chosen on its
 * profile from the register's list (`causes.ts`). Until it chooses, the register's classification is its
 * causes. Shared by the browser and the API so both say the same thing.
 */

/** At least one cause, at most this many: a charity is found by what it mostly does, not by every box. */
export const CHARITY_CAUSES_MAX = 10;

export const CharityCausesMessage = {
  NotAList: 'causes must be a list of causes.',
  NoneChosen: 'Choose at least one cause.',
  TooMany: `Choose at most ${CHARITY_CAUSES_MAX} causes: the ones that say most about your work.`,
  Unknown: (slug: string) =>
    `"${slug.slice(0, 40)}" is not one of the register's causes. Choose causes from the list.`,
  Saved: 'Your causes are saved. Donors find you by them on /charities within a minute.',
} as const;
