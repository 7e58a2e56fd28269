import { NoSessionError, requireToken } from './session-token';

describe('requireToken', () => {
  it('answers the current token', async () => {
    await expect(requireToken(async () => 'id-token', 'Signed out')).resolves.toBe('id-token');
  });

  it('throws a NoSessionError with the page wording when there is no session', async () => {
    const failure = await requireToken(async () => null, 'User not authenticated').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NoSessionError);
    expect((failure as Error).message).toBe('User not authenticated');
    expect((failure as Error).name).toBe('NoSessionError');
  });
});
