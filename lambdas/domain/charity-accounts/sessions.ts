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

/** How long a refresh that passed its check just before the revocation may still take to mint its tokens. */
export const IN_FLIGHT_MS = 500;

/**
 * Ends every session of a charity account (password change, reset, sign-out everywhere), in the only order that
 * leaves no window: Cognito revokes the refresh tokens first (from then on none of them mints a token), then the
 * API's cut-off is recorded: the first whole second after the revocation plus {@link IN_FLIGHT_MS} (token times
 * are whole seconds: an ID token minted just before the revocation, in the same second, or by a refresh still
 * in flight, is refused too). The answer waits until that second has begun (1.5 s at most), so a sign-in made
 * after it, the browser's own with the new password, is accepted. `username` is what Cognito knows the user by
 * (the email).
 */
export async function endAllSessions(
  deps: EndSessionsDeps,
  user: { userId: string; username: string },
): Promise<void> {
  await deps.identity.signOutEverywhere(user.username);
  const revokedAt = deps.clock.now().getTime();
  const cutOff = new Date((Math.floor((revokedAt + IN_FLIGHT_MS) / 1000) + 1) * 1000);
  await deps.charities.revokeTokensBefore(user.userId, cutOff);
  const left = cutOff.getTime() - deps.clock.now().getTime();
  if (left > 0) await (deps.wait ?? timer)(left);
}
