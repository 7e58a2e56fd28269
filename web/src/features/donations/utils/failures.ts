import { DonationsMessage } from '@shared/donations';
import type { PlacedFailure } from '@/components/form/use-password-and-code';
import { ClientErrorCode, isApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api';

/** The page's words when a call fails without a message of its own (a 500, an unexpected answer). */
export const EXPORT_FAILED = 'The file could not be made just now. Nothing was changed: please try again.';
export const REFUND_FAILED: string = DonationsMessage.RefundFailed;
export const LOAD_FAILED = 'Your donations could not be loaded just now. Please try again.';

/** A failure in the page's words: the server's own message for a 4xx, else `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  if (!isApiError(error)) return error instanceof Error && error.message ? error.message : fallback;
  if (error.code === ClientErrorCode.Network) return NETWORK_ERROR_MESSAGE;
  if (error.status >= 500 || error.code === ClientErrorCode.BadResponse) return fallback;
  return error.message || fallback;
}

/** Where a failed refund's message goes: under the password or code field, or under the dialog's text. */
export function refundFailure(error: unknown): PlacedFailure {
  if (isApiError(error) && (error.field === 'password' || error.field === 'code'))
    return { field: error.field, message: error.message };
  return { field: 'form', message: failureText(error, REFUND_FAILED) };
}
