import { DonorMessage } from '@shared/donor';
import { ClientErrorCode, isApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api';
import { SIGNUP_FIELDS, type SignupField } from './signup-form';

/** What a failed signup shows: a message on one field, or one message for the whole form. */
export type SignupFailure =
  | { kind: 'field'; field: SignupField; message: string }
  | { kind: 'form'; message: string };

const isSignupField = (field: unknown): field is SignupField =>
  typeof field === 'string' && (SIGNUP_FIELDS as readonly string[]).includes(field);

/**
 * Maps what `register-donor` threw to the spec's donor-signup messages (section 8): a server field error on
 * its field; no answer: the network message; a rate limit (ours, or the gateway's own 429): the wait-an-hour
 * message; any other failure: the server's message, or "Registration failed".
 */
export function signupFailure(error: unknown): SignupFailure {
  if (!isApiError(error)) return { kind: 'form', message: DonorMessage.Failed };
  if (error.code === ClientErrorCode.Network) return { kind: 'form', message: NETWORK_ERROR_MESSAGE };
  if (isSignupField(error.field) && error.message)
    return { kind: 'field', field: error.field, message: error.message };
  if (error.isRateLimit || error.status === 429) return { kind: 'form', message: DonorMessage.RateLimited };
  return { kind: 'form', message: error.message || DonorMessage.Failed };
}
