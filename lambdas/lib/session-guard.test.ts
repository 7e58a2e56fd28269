import { assertSessionValid, type SessionReader } from './session-guard';

const reader =
  (state: { exists: boolean; tokensValidAfter: number }): SessionReader =>
  async () =>
    state;

describe('assertSessionValid', () => {
  it('accepts a token of an existing account without a cut-off', async () => {
    await expect(
      assertSessionValid(reader({ exists: true, tokensValidAfter: 0 }), 'u1', 1_700_000_000),
    ).resolves.toBeUndefined();
  });

  it('refuses any token once the account is gone', async () => {
    await expect(
      assertSessionValid(reader({ exists: false, tokensValidAfter: 0 }), 'u1', 1_700_000_000),
    ).rejects.toMatchObject({ statusCode: 401, code: 'SESSION_ENDED' });
  });

  it('refuses tokens issued before the cut-off and accepts those issued at or after it', async () => {
    const read = reader({ exists: true, tokensValidAfter: 1_700_000_100 });
    await expect(assertSessionValid(read, 'u1', 1_700_000_099)).rejects.toMatchObject({ statusCode: 401 });
    await expect(assertSessionValid(read, 'u1', undefined)).rejects.toMatchObject({ statusCode: 401 });
    await expect(assertSessionValid(read, 'u1', 1_700_000_100)).resolves.toBeUndefined();
    await expect(assertSessionValid(read, 'u1', 1_700_000_500)).resolves.toBeUndefined();
  });
});
