import { PreferenceMessage } from '@shared/preferences';
import { messageOf } from '@/lib/api';

/** No session when a save starts: the page says 'User not authenticated' (spec section 6). */
export class NotAuthenticatedError extends Error {
  constructor() {
    super(PreferenceMessage.NotAuthenticated);
    this.name = 'NotAuthenticatedError';
  }
}

/** The current ID token, or NotAuthenticatedError. */
export async function requireToken(getToken: () => Promise<string | null>): Promise<string> {
  const token = await getToken();
  if (!token) throw new NotAuthenticatedError();
  return token;
}

/** The line to show for a failed save: 'User not authenticated', or the page's own failure line. */
export function failureLine(error: unknown, line: (message: string) => string, generic: string): string {
  if (error instanceof NotAuthenticatedError) return PreferenceMessage.NotAuthenticated;
  return error instanceof Error && error.message ? line(messageOf(error)) : generic;
}
