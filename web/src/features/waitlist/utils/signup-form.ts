import {
  ageOn,
  DONOR_MIN_AGE,
  DonorMessage,
  GENDERS,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '@shared/donor';
import { evaluatePassword, PasswordMessage } from '@shared/password';

/** The fields of the waitlist form, in the order they appear (the first invalid one gets focus). */
export const SIGNUP_FIELDS = [
  'email',
  'username',
  'forename',
  'surname',
  'dob',
  'gender',
  'password',
  'confirmPassword',
] as const;
export type SignupField = (typeof SIGNUP_FIELDS)[number];
export type SignupValues = Record<SignupField, string>;
export type SignupErrors = Partial<Record<SignupField, string>>;

export const EMPTY_SIGNUP: SignupValues = {
  email: '',
  username: '',
  forename: '',
  surname: '',
  dob: '',
  gender: '',
  password: '',
  confirmPassword: '',
};

/** Longest name the server keeps (shared schema). */
export const NAME_MAX_LENGTH = 50;
/** The oldest date of birth the server accepts as plausible (ages above 120 are refused). */
const MAX_AGE = 120;

export const SignupMessage = {
  EmailRequired: 'Email is required',
  EmailInvalid: 'Please enter a valid email address',
  NameTooLong: `Please use at most ${NAME_MAX_LENGTH} characters`,
} as const;

/** The address shape the API checks (shared `EmailField`). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME_CHARACTERS = /^[A-Za-z0-9._-]+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `iso` (YYYY-MM-DD) moved by whole years; 29 February becomes 28 February in a common year. */
export function shiftYears(iso: string, years: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** The date-of-birth input's bounds on `today`: the latest date that is 18 today, the earliest plausible. */
export function dobBounds(today: string): { min: string; max: string } {
  return { min: shiftYears(today, -MAX_AGE), max: shiftYears(today, -DONOR_MIN_AGE) };
}

function emailError(email: string): string | undefined {
  const trimmed = email.trim();
  if (!trimmed) return SignupMessage.EmailRequired;
  if (trimmed.length > 254 || !EMAIL_SHAPE.test(trimmed)) return SignupMessage.EmailInvalid;
  return undefined;
}

function usernameError(username: string): string | undefined {
  const trimmed = username.trim();
  if (!trimmed) return DonorMessage.UsernameRequired;
  if (trimmed.length < USERNAME_MIN_LENGTH) return DonorMessage.UsernameTooShort;
  if (trimmed.length > USERNAME_MAX_LENGTH) return DonorMessage.UsernameTooLong;
  if (!USERNAME_CHARACTERS.test(trimmed)) return DonorMessage.UsernameCharacters;
  return undefined;
}

function nameError(name: string, required: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return required;
  if (trimmed.length > NAME_MAX_LENGTH) return SignupMessage.NameTooLong;
  return undefined;
}

/** Date of birth: present, a real date, not absurdly old, and at least 18 on `today` (UK date). */
function dobError(dob: string, today: string): string | undefined {
  if (!dob.trim()) return DonorMessage.DobRequired;
  if (!ISO_DATE.test(dob)) return DonorMessage.DobInvalid;
  const age = ageOn(dob, today);
  if (age === null || age > MAX_AGE) return DonorMessage.DobInvalid;
  if (age < DONOR_MIN_AGE) return DonorMessage.TooYoung;
  return undefined;
}

function genderError(gender: string): string | undefined {
  return (GENDERS as readonly string[]).includes(gender) ? undefined : DonorMessage.GenderRequired;
}

function passwordError(password: string): string | undefined {
  if (!password) return PasswordMessage.Required;
  if (!evaluatePassword(password).valid) return PasswordMessage.DoesNotMeetRequirements;
  return undefined;
}

function confirmError(confirm: string, password: string): string | undefined {
  if (!confirm) return PasswordMessage.ConfirmRequired;
  if (confirm !== password) return PasswordMessage.Mismatch;
  return undefined;
}

/**
 * Every donor-signup rule (public-site spec, section 5) the server checks too, on `today` (UK date,
 * YYYY-MM-DD); an empty object when the form may be sent.
 */
export function validateSignup(values: SignupValues, today: string): SignupErrors {
  const found: SignupErrors = {
    email: emailError(values.email),
    username: usernameError(values.username),
    forename: nameError(values.forename, DonorMessage.FirstNameRequired),
    surname: nameError(values.surname, DonorMessage.LastNameRequired),
    dob: dobError(values.dob, today),
    gender: genderError(values.gender),
    password: passwordError(values.password),
    confirmPassword: confirmError(values.confirmPassword, values.password),
  };
  const errors: SignupErrors = {};
  for (const field of SIGNUP_FIELDS) if (found[field]) errors[field] = found[field];
  return errors;
}

export function firstInvalid(errors: SignupErrors): SignupField | undefined {
  return SIGNUP_FIELDS.find((field) => errors[field]);
}

/** The request body: text fields trimmed, passwords exactly as typed. */
export function toRequest(values: SignupValues) {
  return {
    email: values.email.trim(),
    username: values.username.trim(),
    forename: values.forename.trim(),
    surname: values.surname.trim(),
    dob: values.dob,
    gender: values.gender as (typeof GENDERS)[number],
    password: values.password,
    confirmPassword: values.confirmPassword,
  };
}

/** How the fields are named in the "still needed" line beside a disabled Join button. */
export const FIELD_NAMES: Record<SignupField, string> = {
  email: 'email',
  username: 'username',
  forename: 'first name',
  surname: 'last name',
  dob: 'date of birth',
  gender: 'gender',
  password: 'password',
  confirmPassword: 'password confirmation',
};

/** "email, date of birth and gender": the fields still to complete, in form order. */
export function describeMissing(errors: SignupErrors): string {
  const names = SIGNUP_FIELDS.filter((field) => errors[field]).map((field) => FIELD_NAMES[field]);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
