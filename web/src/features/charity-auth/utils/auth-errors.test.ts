import { brand } from '@shared/brand';
import { PasswordMessage } from '@shared/password';
import { TwoStepMessage } from '@shared/two-step';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api';
import {
  isNotCharityError,
  passwordUpdateFailure,
  RegistrationMessage,
  type RegistrationOutcome,
  registrationOutcome,
  SignInMessage,
  signInErrorMessage,
  twoStepCodeError,
} from './auth-errors';

const named = (name: string, message = 'x') => Object.assign(new Error(message), { name });

describe('signInErrorMessage', () => {
  it.each([
    ['NotAuthorizedException', 'Incorrect username or password.', SignInMessage.InvalidCredentials],
    ['NotAuthorizedException', 'Password attempts exceeded', SignInMessage.TooManyAttempts],
    ['UserNotFoundException', 'User does not exist.', SignInMessage.InvalidCredentials],
    ['InvalidPasswordException', 'Invalid password', SignInMessage.InvalidCredentials],
    ['UserNotConfirmedException', 'User is not confirmed.', SignInMessage.NotVerified],
    ['TooManyRequestsException', 'Rate exceeded', SignInMessage.TooManyAttempts],
    ['LimitExceededException', 'Limit', SignInMessage.TooManyAttempts],
    ['NetworkError', 'Failed to fetch', NETWORK_ERROR_MESSAGE],
    ['SomethingElse', 'boom', SignInMessage.Failed],
  ])('%s (%s)', (name, message, expected) => {
    expect(signInErrorMessage(named(name, message))).toBe(expected);
  });

  it('recognises the trigger refusing a donor', () => {
    const refused = named(
      'UserLambdaValidationException',
      'PreTokenGeneration failed with error NOT_CHARITY_USER.',
    );
    expect(isNotCharityError(refused)).toBe(true);
    expect(signInErrorMessage(refused)).toBe(SignInMessage.NotCharity);
    expect(isNotCharityError(named('UserLambdaValidationException', 'other'))).toBe(false);
  });

  it('falls back to "Failed to sign in" for anything that is not an error', () => {
    expect(signInErrorMessage('nope')).toBe(SignInMessage.Unknown);
    expect(signInErrorMessage(undefined)).toBe(SignInMessage.Unknown);
  });
});

const messageOf = (outcome: RegistrationOutcome) => ('message' in outcome ? outcome.message : undefined);

const apiError = (init: Partial<ConstructorParameters<typeof ApiError>[0]>) =>
  new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'server says', ...init });

describe('registrationOutcome', () => {
  it('opens the right modal for a duplicate number or email', () => {
    expect(
      registrationOutcome(apiError({ status: 409, isDuplicate: true, charityName: 'Brambleford' })),
    ).toEqual({
      kind: 'charity-registered',
      charityName: 'Brambleford',
    });
    expect(registrationOutcome(apiError({ status: 409, code: 'EMAIL_EXISTS', field: 'email' }))).toEqual({
      kind: 'email-registered',
    });
  });

  it('words both rate limits under the email field', () => {
    expect(registrationOutcome(apiError({ status: 429, isRateLimit: true, rateLimitType: 'email' }))).toEqual(
      {
        kind: 'field',
        field: 'email',
        message: RegistrationMessage.RateLimitEmail,
      },
    );
    expect(
      messageOf(registrationOutcome(apiError({ status: 429, isRateLimit: true, rateLimitType: 'other' }))),
    ).toBe('Too many registration attempts. Please try again in an hour.');
    // The per-address daily cap waits until midnight: "tomorrow".
    expect(
      messageOf(
        registrationOutcome(
          apiError({ status: 429, isRateLimit: true, rateLimitType: 'other', waitTime: 5 * 3600 }),
        ),
      ),
    ).toBe(RegistrationMessage.RateLimitEmail);
  });

  it('tells a number past its 3 registrations in 30 days to contact support, not to wait an hour', () => {
    const capped = apiError({
      status: 429,
      code: 'REGISTRATION_CAP_REACHED',
      message: 'from the server',
      isRateLimit: true,
      rateLimitType: 'other',
      waitTime: 29 * 86_400,
    });
    const message = messageOf(registrationOutcome(capped)) ?? '';
    expect(registrationOutcome(capped)).toMatchObject({ kind: 'field', field: 'email' });
    expect(message).toContain(brand.supportEmail);
    expect(message).toContain('up to 30 days');
    expect(message).not.toBe(RegistrationMessage.RateLimitOther);
    // The hourly limit keeps its own words.
    expect(
      messageOf(
        registrationOutcome(
          apiError({ status: 429, code: 'RATE_LIMITED', isRateLimit: true, rateLimitType: 'other' }),
        ),
      ),
    ).toBe(RegistrationMessage.RateLimitOther);
  });

  it('puts number and password problems on their fields', () => {
    expect(
      registrationOutcome(apiError({ field: 'charityRegistrationNumber', message: 'Not on the register' })),
    ).toEqual({
      kind: 'field',
      field: 'charityRegistrationNumber',
      message: 'Not on the register',
    });
    expect(registrationOutcome(apiError({ field: 'password' }))).toEqual({
      kind: 'field',
      field: 'password',
      message: PasswordMessage.WeakOnServer,
    });
    expect(registrationOutcome(apiError({ field: 'password', code: 'PASSWORD_BREACHED' }))).toEqual({
      kind: 'field',
      field: 'password',
      message: PasswordMessage.Breached,
    });
  });

  it('words network, service and unknown failures', () => {
    expect(messageOf(registrationOutcome(apiError({ status: 0, code: 'NETWORK' })))).toBe(
      NETWORK_ERROR_MESSAGE,
    );
    expect(messageOf(registrationOutcome(apiError({ status: 503, code: 'SERVICE_UNAVAILABLE' })))).toBe(
      RegistrationMessage.Unavailable,
    );
    expect(messageOf(registrationOutcome(apiError({ message: 'Email is required', field: 'email' })))).toBe(
      'Email is required',
    );
    expect(messageOf(registrationOutcome(new Error('x')))).toBe(RegistrationMessage.Failed);
  });
});

describe('twoStepCodeError', () => {
  it.each([
    ['CodeMismatchException', TwoStepMessage.CodeWrong, false],
    ['ExpiredCodeException', TwoStepMessage.CodeUsed, false],
    ['NotAuthorizedException', TwoStepMessage.SignInTimedOut, true],
    ['SignInException', TwoStepMessage.SignInTimedOut, true],
    ['TooManyRequestsException', SignInMessage.TooManyAttempts, false],
    ['NetworkError', NETWORK_ERROR_MESSAGE, false],
    ['InternalErrorException', SignInMessage.Failed, true],
  ])('%s: %s (start again: %s)', (name, message, restart) => {
    expect(twoStepCodeError(named(name))).toEqual({ message, restart });
  });
});

describe('passwordUpdateFailure', () => {
  it('puts a wrong current password and a breached new one on their fields, anything else on the form', () => {
    expect(passwordUpdateFailure(apiError({ field: 'currentPassword', message: 'Wrong' }), 'failed')).toEqual(
      {
        field: 'current',
        message: 'Wrong',
      },
    );
    expect(
      passwordUpdateFailure(apiError({ field: 'newPassword', code: 'PASSWORD_BREACHED' }), 'failed'),
    ).toEqual({ field: 'password', message: PasswordMessage.Breached });
    expect(passwordUpdateFailure(apiError({ status: 500, code: 'INTERNAL' }), 'failed')).toEqual({
      field: 'form',
      message: 'failed',
    });
  });
});
