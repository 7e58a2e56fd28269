import { messageOf } from '@/lib/api';
import { NoSessionError } from '@/lib/no-session';

/** The line to show for a failed save: 'User not authenticated', or the page's own failure line. */
export function failureLine(error: unknown, line: (message: string) => string, generic: string): string {
  if (error instanceof NoSessionError) return error.message;
  return error instanceof Error && error.message ? line(messageOf(error)) : generic;
}
