import { PreferenceMessage } from '@shared/preferences';
import { messageOf } from '@/lib/api';
import { type GetToken, NoSessionError, requireToken } from '@/lib/session-token';

/** The current ID token, or a NoSessionError saying 'User not authenticated' (spec section 6). */
export const preferenceToken = (getToken: GetToken) =>
  requireToken(getToken, PreferenceMessage.NotAuthenticated);

/** The line to show for a failed save: 'User not authenticated', or the page's own failure line. */
export function failureLine(error: unknown, line: (message: string) => string, generic: string): string {
  if (error instanceof NoSessionError) return error.message;
  return error instanceof Error && error.message ? line(messageOf(error)) : generic;
}
