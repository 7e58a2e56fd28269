import { SessionEndedError } from './http-errors';

/**
 * The charity-session check every charity route runs before its logic: the account must still exist and the
 * ID token must not predate its `tokens_valid_after` (set by password change, reset and deletion). Writes
 * check the account again in their own transactions (`accountExists`), so a deletion between this read and
 * the write still stores nothing.
 */
export interface SessionState {
  exists: boolean;
  tokensValidAfter: number;
}

export type SessionReader = (userId: string) => Promise<SessionState>;

/** Refuses (401) a token whose account is gone or which was issued before the account's cut-off. */
export async function assertSessionValid(
  read: SessionReader,
  userId: string,
  issuedAt: number | undefined,
): Promise<void> {
  const session = await read(userId);
  if (!session.exists) throw new SessionEndedError();
  if (session.tokensValidAfter > 0 && (issuedAt === undefined || issuedAt < session.tokensValidAfter))
    throw new SessionEndedError();
}
