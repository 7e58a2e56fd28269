/**
 * The donor signup's rules and words (public-site spec, waitlist), without zod: the waitlist form checks with
 * them before any schema loads; the API's schema (api/schemas/donor.ts) is built from them.
 */
export const GENDERS = ['female', 'male', 'non-binary', 'other', 'prefer-not-to-say'] as const;
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  female: 'Female',
  male: 'Male',
  'non-binary': 'Non-binary',
  other: 'Other',
  'prefer-not-to-say': 'Prefer not to say',
};
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const DONOR_MIN_AGE = 18;

export const DonorMessage = {
  UsernameRequired: 'Username is required',
  UsernameTooShort: `Username must be at least ${USERNAME_MIN_LENGTH} characters`,
  UsernameTooLong: `Username must be at most ${USERNAME_MAX_LENGTH} characters`,
  UsernameCharacters: 'Username can use letters, numbers, dots, hyphens and underscores only',
  UsernameTaken: 'This username is already taken. Please choose another.',
  EmailTaken: 'An account with this email address already exists.',
  FirstNameRequired: 'First name is required',
  LastNameRequired: 'Last name is required',
  DobRequired: 'Date of birth is required',
  DobInvalid: 'Please enter a valid date of birth',
  TooYoung: `You must be at least ${DONOR_MIN_AGE} years old to join`,
  GenderRequired: 'Please select your gender',
  RateLimited: 'Too many signup attempts. Please wait an hour before trying again from this location.',
  Failed: 'Registration failed. Please try again.',
} as const;

/**
 * Age in whole years on `today` (YYYY-MM-DD, UK date) of someone born on `dob`; null for an impossible date.
 */
export function ageOn(dob: string, today: string): number | null {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let age = ty - y;
  if (tm < m || (tm === m && td < d)) age -= 1;
  return age;
}

/** Today's date in the UK, as YYYY-MM-DD. */
export function ukToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
