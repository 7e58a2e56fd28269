import { PasswordMessage } from '@shared/password';
import {
  clearFieldError,
  FormMessage,
  hasErrors,
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
