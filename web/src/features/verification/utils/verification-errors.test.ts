import { VerificationMessage } from '@shared/verification';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api';
import { resendFailure, VerifyText, verifyFailure } from './verification-errors';

const api = (status: number, message = 'server', code: ApiError['code'] = 'VALIDATION_FAILED') =>
  new ApiError({ status, code, message });

describe('verifyFailure', () => {
  it('shows the server message for a wrong, expired or void code', () => {
    expect(verifyFailure(api(400, 'Invalid verification code'))).toEqual({
      message: 'Invalid verification code',
    });
    expect(verifyFailure(api(400, VerificationMessage.CodeVoid)).message).toBe(VerificationMessage.CodeVoid);
    expect(verifyFailure(api(400, '')).message).toBe(VerifyText.Invalid);
  });

  it('words throttles and locks', () => {
    expect(verifyFailure(api(429, VerificationMessage.WaitBeforeRetry)).message).toBe(
      'Please wait a moment before trying again',
    );
    expect(verifyFailure(api(429, 'Too many requests')).message).toBe(VerifyText.TooMany);
    expect(verifyFailure(api(423, VerificationMessage.Locked, 'VERIFICATION_LOCKED'))).toEqual({
      message: VerificationMessage.Locked,
      locked: true,
    });
  });

  it('words sign-in, network, server and unexpected failures', () => {
    expect(verifyFailure(api(401)).message).toBe(VerifyText.SignInToVerify);
    expect(verifyFailure(api(0, 'x', 'NETWORK')).message).toBe(NETWORK_ERROR_MESSAGE);
    expect(verifyFailure(api(500)).message).toBe(VerifyText.Failed);
    expect(verifyFailure(new TypeError('boom')).message).toBe(VerifyText.Exception);
  });
});

describe('resendFailure', () => {
  it.each([
    [api(401), VerifyText.SignInToResend],
    [api(429, 'Please wait 30 seconds before requesting another code'), VerifyText.ResendTooMany],
    [api(503), VerifyText.ResendFailed],
    [api(400, 'Your charity is already verified.'), 'Your charity is already verified.'],
    [api(400, ''), VerifyText.ResendDefault],
    [new Error('x'), VerifyText.ResendFailed],
  ])('%#', (error, message) => {
    expect(resendFailure(error)).toBe(message);
  });
});
