import { NoSessionError } from './no-session';

describe('NoSessionError', () => {
  it('carries the page’s message and its own name', () => {
    const error = new NoSessionError('User not authenticated');
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('User not authenticated');
    expect(error.name).toBe('NoSessionError');
  });
});
