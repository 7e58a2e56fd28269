import { PasswordMessage } from '@shared/password';
import {
  clearFieldError,
  confirmErrorOnLeave,
  FormMessage,
  hasErrors,
  isConfirmProblem,
  isEmailShaped,
  validateForgotPassword,
  validateRegistration,
  validateSignIn,
} from './form-validation';

const good = {
  charityRegistrationNumber: '5100000',
  email: 'hello@example.org',
  password: 'Brambleford-Larder-24!',
  confirmPassword: 'Brambleford-Larder-24!',
};

describe('validateRegistration', () => {
  it('accepts a complete form', () => {
    expect(validateRegistration(good)).toEqual({});
  });

  it('reports every empty field in the spec words', () => {
    expect(
      validateRegistration({ charityRegistrationNumber: ' ', email: '', password: '', confirmPassword: '' }),
    ).toEqual({
      charityRegistrationNumber: 'Charity registration number is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
  });

  it('takes a number with spaces but refuses other non-digits, in the server words', () => {
    expect(validateRegistration({ ...good, charityRegistrationNumber: '510 0000' })).toEqual({});
    expect(validateRegistration({ ...good, charityRegistrationNumber: 'SC012345' })).toEqual({
      charityRegistrationNumber: FormMessage.RegistrationNumberFormat,
    });
    expect(FormMessage.RegistrationNumberFormat).toBe(
      'Please enter your charity registration number using digits only, for example 1123456',
    );
  });

  it('rejects a badly shaped email, a weak password and a mismatch', () => {
    expect(
      validateRegistration({
        ...good,
        email: 'not-an-email',
        password: 'password1234A!',
        confirmPassword: 'x',
      }),
    ).toEqual({
      email: 'Please enter a valid email address',
      password: PasswordMessage.DoesNotMeetRequirements,
      confirmPassword: 'Passwords do not match',
    });
  });
});

describe('sign-in and forgot-password checks', () => {
  it('requires an address-shaped email and a password', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({
      email: FormMessage.EmailRequired,
      password: PasswordMessage.Required,
    });
    expect(validateSignIn({ email: 'a@b', password: 'x' })).toEqual({ email: FormMessage.EmailInvalid });
    expect(validateSignIn({ email: ' a@b.org ', password: 'x' })).toEqual({});
  });

  it('words an empty forgot-password address its own way', () => {
    expect(validateForgotPassword('  ')).toBe('Please enter your email address');
    expect(validateForgotPassword('nope')).toBe('Please enter a valid email address');
    expect(validateForgotPassword('a@b.org')).toBeUndefined();
  });

  it('knows an address shape', () => {
    expect(isEmailShaped('x@y.z')).toBe(true);
    expect(isEmailShaped('x y@z.org')).toBe(false);
  });
});

describe('error bookkeeping', () => {
  it('clears one field and tells whether any error is left', () => {
    const errors = { email: 'Email is required', password: 'Password is required' };
    const next = clearFieldError(errors, 'email');
    expect(next).toEqual({ password: 'Password is required' });
    expect(clearFieldError(next, 'email')).toBe(next);
    expect(hasErrors(next)).toBe(true);
    expect(hasErrors({ email: undefined })).toBe(false);
  });
});

describe('confirmation as the user leaves it', () => {
  it('asks for it once a password is typed, and says when it differs', () => {
    expect(confirmErrorOnLeave('', '')).toBeNull();
    expect(confirmErrorOnLeave('Brambleford-Larder-24!', '')).toBe('Please confirm your password');
    expect(confirmErrorOnLeave('Brambleford-Larder-24!', 'Brambleford')).toBe('Passwords do not match');
    expect(confirmErrorOnLeave('Brambleford-Larder-24!', 'Brambleford-Larder-24!')).toBeNull();
    expect(isConfirmProblem(PasswordMessage.Mismatch)).toBe(true);
    expect(isConfirmProblem(PasswordMessage.Required)).toBe(false);
  });
});
