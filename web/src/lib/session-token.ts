/** Reads the signed-in charity's current ID token: `null` when there is no session. */
export type GetToken = () => Promise<string | null>;

/**
 * There was no session when an action started. The message is the page's own wording for it ('User not
 * authenticated' on the preference and location pages, 'Your session has ended...' elsewhere).
 */
export class NoSessionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoSessionError';
  }
}

/** The current ID token, or a NoSessionError carrying the page's message. */
export async function requireToken(getToken: GetToken, message: string): Promise<string> {
  const token = await getToken();
  if (!token) throw new NoSessionError(message);
  return token;
}
