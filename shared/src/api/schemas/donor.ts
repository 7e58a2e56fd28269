import * as z from 'zod';
import { PasswordMessage } from '../../password';
import { EmailField } from './charity-account';

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

const Name = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(50, { error: 'Please use at most 50 characters' });

export const RegisterDonorRequest = z
  .object({
    email: EmailField('Please enter a valid email address'),
    username: z
      .string({ error: DonorMessage.UsernameRequired })
      .trim()
      .min(1, { error: DonorMessage.UsernameRequired })
      .min(USERNAME_MIN_LENGTH, { error: DonorMessage.UsernameTooShort })
      .max(USERNAME_MAX_LENGTH, { error: DonorMessage.UsernameTooLong })
      .regex(/^[A-Za-z0-9._-]+$/, { error: DonorMessage.UsernameCharacters }),
    forename: Name(DonorMessage.FirstNameRequired),
    surname: Name(DonorMessage.LastNameRequired),
    dob: z
      .string({ error: DonorMessage.DobRequired })
      .trim()
      .min(1, { error: DonorMessage.DobRequired })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DonorMessage.DobInvalid }),
    gender: z.enum(GENDERS, { error: DonorMessage.GenderRequired }),
    password: z
      .string({ error: PasswordMessage.Required })
      .min(1, { error: PasswordMessage.Required })
      .max(256),
    confirmPassword: z
      .string({ error: PasswordMessage.ConfirmRequired })
      .min(1, { error: PasswordMessage.ConfirmRequired })
      .max(256),
  })
  .strict();
export type RegisterDonorRequest = z.infer<typeof RegisterDonorRequest>;

export const RegisterDonorResponse = z.object({ success: z.literal(true) });
export type RegisterDonorResponse = z.infer<typeof RegisterDonorResponse>;

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
