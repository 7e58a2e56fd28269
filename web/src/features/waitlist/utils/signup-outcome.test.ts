import { DonorMessage } from '@shared/api/schemas/donor';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api';
import { signupFailure } from './signup-outcome';

describe('signupFailure', () => {
  it('puts a server field error on its field', () => {
    const error = new ApiError({
      status: 409,
      code: 'USERNAME_TAKEN',
      field: 'username',
      message: DonorMessage.UsernameTaken,
    });
    expect(signupFailure(error)).toEqual({
      kind: 'field',
      field: 'username',
      message: DonorMessage.UsernameTaken,
    });
    const email = new ApiError({
      status: 409,
      code: 'EMAIL_EXISTS',
      field: 'email',
      message: DonorMessage.EmailTaken,
    });
    expect(signupFailure(email)).toEqual({ kind: 'field', field: 'email', message: DonorMessage.EmailTaken });
  });

  it('shows the network message when there was no answer', () => {
    expect(
      signupFailure(new ApiError({ status: 0, code: 'NETWORK', message: NETWORK_ERROR_MESSAGE })),
    ).toEqual({
      kind: 'form',
      message: 'Network error. Please check your connection and try again.',
    });
  });

  it("shows the wait-an-hour message for our rate limit and for the gateway's own 429", () => {
    const ours = new ApiError({ status: 429, code: 'RATE_LIMITED', isRateLimit: true, message: 'anything' });
    const gateway = new ApiError({ status: 429, code: 'BAD_RESPONSE', message: 'Something went wrong' });
    for (const error of [ours, gateway])
      expect(signupFailure(error)).toEqual({
        kind: 'form',
        message: 'Too many signup attempts. Please wait an hour before trying again from this location.',
      });
  });

  it('shows the server message, or Registration failed, for anything else', () => {
    const unknownField = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      field: 'nickname',
      message: 'Unknown field: nickname',
    });
    expect(signupFailure(unknownField)).toEqual({ kind: 'form', message: 'Unknown field: nickname' });
    expect(signupFailure(new ApiError({ status: 500, code: 'INTERNAL', message: '' }))).toEqual({
      kind: 'form',
      message: 'Registration failed. Please try again.',
    });
    expect(signupFailure(new TypeError('boom'))).toEqual({
      kind: 'form',
      message: 'Registration failed. Please try again.',
    });
  });
});
