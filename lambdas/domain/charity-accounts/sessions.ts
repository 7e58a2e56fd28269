import type { Identity } from '../../adapters/identity';
import type { CharityData } from '../../data/charities';
import type { Clock } from '../../lib/clock';

export interface EndSessionsDeps {
  identity: Pick<Identity, 'signOutEverywhere'>;
  charities: Pick<CharityData, 'revokeTokensBefore'>;
  clock: Clock;
  /** Waits `ms` milliseconds (a real timer unless a test passes its own). */
  wait?: (ms: number) => Promise<void>;
}

const timer = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Ends every session of a charity account (password change, reset, sign-out everywhere), in the only order that
 * leaves no window: Cognito revokes the refresh tokens first (from then on none of them mints a token), then the
 * API's cut-off is recorded, as the whole second after the revocation (token times are whole seconds: an ID
 * token minted just before the revocation, in the same second, is refused too). The answer waits until that
 * second has begun (at most a second), so a sign-in made after it, the browser's own with the new password,
 * is accepted. `username` is what Cognito knows the user by (the email).
 */
export async function endAllSessions(
  deps: EndSessionsDeps,
  user: { userId: string; username: string },
): Promise<void> {
  await deps.identity.signOutEverywhere(user.username);
  const revokedAt = deps.clock.now().getTime();
  const cutOff = new Date((Math.floor(revokedAt / 1000) + 1) * 1000);
  await deps.charities.revokeTokensBefore(user.userId, cutOff);
  const left = cutOff.getTime() - deps.clock.now().getTime();
  if (left > 0) await (deps.wait ?? timer)(left);
}
