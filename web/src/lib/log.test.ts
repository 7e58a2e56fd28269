import { ApiError } from './api';
import { isAuthFailure, logFailure } from './log';

describe('isAuthFailure', () => {
  it('is true for refused sessions and Cognito refusals', () => {
    expect(isAuthFailure(new ApiError({ status: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' }))).toBe(
      true,
    );
    expect(isAuthFailure(new ApiError({ status: 403, code: 'FORBIDDEN', message: 'Forbidden' }))).toBe(true);
    const cognito = Object.assign(new Error('Incorrect username or password.'), {
      name: 'NotAuthorizedException',
    });
    expect(isAuthFailure(cognito)).toBe(true);
  });

  it('is false for other failures', () => {
    expect(isAuthFailure(new ApiError({ status: 500, code: 'INTERNAL', message: 'Internal error' }))).toBe(
      false,
    );
    expect(isAuthFailure(new Error('boom'))).toBe(false);
    expect(isAuthFailure(null)).toBe(false);
    expect(isAuthFailure('NotAuthorizedException')).toBe(false);
  });
});

describe('logFailure', () => {
  it('prints other failures and keeps auth failures quiet', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      logFailure(
        'Failed to load',
        new ApiError({ status: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' }),
      );
      expect(spy).not.toHaveBeenCalled();
      const failure = new Error('boom');
      logFailure('Failed to load', failure);
      expect(spy).toHaveBeenCalledWith('Failed to load', failure);
    } finally {
      spy.mockRestore();
    }
  });
});
