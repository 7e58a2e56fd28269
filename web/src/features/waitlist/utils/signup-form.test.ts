import { DonorMessage, RegisterDonorRequest } from '@shared/api/schemas/donor';
import { PasswordMessage } from '@shared/password';
import {
  describeMissing,
  dobBounds,
  EMPTY_SIGNUP,
  firstInvalid,
  type SignupValues,
  shiftYears,
  toRequest,
  validateSignup,
} from './signup-form';

const TODAY = '2026-11-21';
const good: SignupValues = {
  email: 'robin@example.org',
  username: 'robin.ash',
  forename: 'Robin',
  surname: 'Ashworth',
  dob: '1990-04-12',
  gender: 'prefer-not-to-say',
  password: 'Quiet-Harbour-42!',
  confirmPassword: 'Quiet-Harbour-42!',
};

describe('validateSignup', () => {
  it('accepts a complete form, which the server schema accepts too', () => {
    expect(validateSignup(good, TODAY)).toEqual({});
    expect(RegisterDonorRequest.safeParse(toRequest(good)).success).toBe(true);
  });

  it('reports every empty field in the spec and server words', () => {
    expect(validateSignup(EMPTY_SIGNUP, TODAY)).toEqual({
      email: 'Email is required',
      username: DonorMessage.UsernameRequired,
      forename: DonorMessage.FirstNameRequired,
      surname: DonorMessage.LastNameRequired,
      dob: DonorMessage.DobRequired,
      gender: DonorMessage.GenderRequired,
      password: PasswordMessage.Required,
      confirmPassword: PasswordMessage.ConfirmRequired,
    });
  });

  it.each([
    ['robin@', false],
    ['robin@example', false],
    ['robin example@x.org', false],
    ['  robin@example.org ', true],
    ['r@e.uk', true],
  ])('email %j shaped: %s (as the server decides)', (email, ok) => {
    const errors = validateSignup({ ...good, email }, TODAY);
    expect(errors.email).toBe(ok ? undefined : 'Please enter a valid email address');
    expect(RegisterDonorRequest.safeParse(toRequest({ ...good, email })).success).toBe(ok);
  });

  it.each([
    ['ab', DonorMessage.UsernameTooShort],
    ['  ab  ', DonorMessage.UsernameTooShort],
    ['abc', undefined],
    ['a'.repeat(31), DonorMessage.UsernameTooLong],
    ['robin ash', DonorMessage.UsernameCharacters],
    ['röbin', DonorMessage.UsernameCharacters],
    ['Robin_Ash-2.0', undefined],
  ])('username %j -> %s', (username, message) => {
    expect(validateSignup({ ...good, username }, TODAY).username).toBe(message);
    expect(RegisterDonorRequest.safeParse(toRequest({ ...good, username })).success).toBe(!message);
  });

  it('needs first and last names of at most 50 characters', () => {
    expect(validateSignup({ ...good, forename: '  ', surname: 'x'.repeat(51) }, TODAY)).toEqual({
      forename: DonorMessage.FirstNameRequired,
      surname: 'Please use at most 50 characters',
    });
  });

  it('lets in someone who turns 18 today and refuses someone who turns 18 tomorrow', () => {
    expect(validateSignup({ ...good, dob: '2008-11-21' }, TODAY).dob).toBeUndefined();
    expect(validateSignup({ ...good, dob: '2008-11-22' }, TODAY).dob).toBe(DonorMessage.TooYoung);
    expect(validateSignup({ ...good, dob: '2020-01-01' }, TODAY).dob).toBe(
      'You must be at least 18 years old to join',
    );
  });

  it('refuses impossible and implausible dates', () => {
    expect(validateSignup({ ...good, dob: '1990-02-30' }, TODAY).dob).toBe(DonorMessage.DobInvalid);
    expect(validateSignup({ ...good, dob: '12/04/1990' }, TODAY).dob).toBe(DonorMessage.DobInvalid);
    expect(validateSignup({ ...good, dob: '1900-01-01' }, TODAY).dob).toBe(DonorMessage.DobInvalid);
  });

  it('takes only the five genders', () => {
    for (const gender of ['female', 'male', 'non-binary', 'other', 'prefer-not-to-say'])
      expect(validateSignup({ ...good, gender }, TODAY).gender).toBeUndefined();
    expect(validateSignup({ ...good, gender: 'unknown' }, TODAY).gender).toBe(DonorMessage.GenderRequired);
  });

  it('applies the shared password rules and needs a matching confirmation', () => {
    expect(
      validateSignup({ ...good, password: 'Password-1234!', confirmPassword: 'Password-1234!' }, TODAY),
    ).toEqual({ password: PasswordMessage.DoesNotMeetRequirements });
    expect(validateSignup({ ...good, confirmPassword: 'Quiet-Harbour-43!' }, TODAY)).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });
});

describe('dates', () => {
  it('moves dates by whole years, 29 February to 28 February in a common year', () => {
    expect(shiftYears('2026-11-21', -18)).toBe('2008-11-21');
    expect(shiftYears('2028-02-29', -18)).toBe('2010-02-28');
    expect(shiftYears('2028-02-29', -4)).toBe('2024-02-29');
  });

  it('bounds the date input: 18 today at the latest, 120 at the earliest', () => {
    expect(dobBounds(TODAY)).toEqual({ min: '1906-11-21', max: '2008-11-21' });
  });
});

describe('helpers', () => {
  it('finds the first invalid field in form order', () => {
    expect(firstInvalid({ gender: 'x', username: 'y' })).toBe('username');
    expect(firstInvalid({})).toBeUndefined();
  });

  it('names the fields still needed in plain words', () => {
    expect(describeMissing({})).toBe('');
    expect(describeMissing({ dob: 'x' })).toBe('date of birth');
    expect(describeMissing({ gender: 'x', email: 'y', confirmPassword: 'z' })).toBe(
      'email, gender and password confirmation',
    );
  });

  it('trims text but sends passwords exactly as typed', () => {
    expect(
      toRequest({
        ...good,
        email: ' robin@example.org ',
        forename: ' Robin ',
        password: ' Quiet-Harbour-42! ',
      }),
    ).toMatchObject({ email: 'robin@example.org', forename: 'Robin', password: ' Quiet-Harbour-42! ' });
  });
});
