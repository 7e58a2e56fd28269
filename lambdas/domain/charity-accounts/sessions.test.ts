import { endAllSessions } from './sessions';

/** The order that leaves a stolen refresh token no window, with a fake clock and fake ports. */
describe('endAllSessions', () => {
  function world(startMs: number) {
    let now = startMs;
    const steps: string[] = [];
    const deps = {
      clock: { now: () => new Date(now) },
      identity: {
        async signOutEverywhere(username: string) {
          steps.push(`revoke ${username} at ${now}`);
          now += 40; // Cognito's answer takes a moment.
        },
      },
      charities: {
        async revokeTokensBefore(userId: string, at: Date) {
          steps.push(`cut-off ${userId} ${at.getTime()}`);
          now += 10;
          return true;
        },
      },
      wait: async (ms: number) => {
        steps.push(`wait ${ms}`);
        now += ms;
      },
    };
    return { deps, steps, now: () => now };
  }

  it('revokes the refresh tokens first, then records the cut-off as the second after the revocation', async () => {
    const w = world(1_700_000_000_250);
    await endAllSessions(w.deps, { userId: 'u1', username: 'owner@example.org' });
    expect(w.steps).toEqual([
      'revoke owner@example.org at 1700000000250',
      // A token minted at 1700000000.290 (iat 1700000000), just before the revocation landed, is refused.
      'cut-off u1 1700000001000',
      'wait 700',
    ]);
    // Revoked late in a second: a refresh in flight may mint in the next one, which is refused too.
    const late = world(1_700_000_000_800);
    await endAllSessions(late.deps, { userId: 'u1', username: 'owner@example.org' });
    expect(late.steps.slice(1)).toEqual(['cut-off u1 1700000002000', 'wait 1150']);
    // The answer comes once the cut-off second has begun: a sign-in after it is accepted.
    expect(w.now()).toBeGreaterThanOrEqual(1_700_000_001_000);
  });

  it('records nothing when the revocation fails (the caller sees the error; nothing half done)', async () => {
    const w = world(1_700_000_000_000);
    w.deps.identity.signOutEverywhere = async () => {
      throw new Error('cognito down');
    };
    await expect(endAllSessions(w.deps, { userId: 'u1', username: 'x@example.org' })).rejects.toThrow(
      'cognito down',
    );
    expect(w.steps).toEqual([]);
  });
});
