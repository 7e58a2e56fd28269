import * as z from 'zod';
import { FOLLOW_FREQUENCIES } from '../../following';
import { EmailField } from './charity-account';
import { CanonicalRegistrationNumber } from './common';

const RegistrationNumber = CanonicalRegistrationNumber({
  required: 'registrationNumber is required',
  format: 'registrationNumber must be digits only',
});
const Frequency = z.enum(FOLLOW_FREQUENCIES, { error: 'Please choose each post or a weekly digest.' });
/** A link's token: 43 base64url characters (32 random bytes). */
const Token = z
  .string({ error: 'token is required' })
  .max(100, { error: 'This link is not valid.' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This link is not valid.' });

export const FollowCharityRequest = z
  .object({ registrationNumber: RegistrationNumber, email: EmailField(), frequency: Frequency })
  .strict();
export type FollowCharityRequest = z.infer<typeof FollowCharityRequest>;
export const FollowCharityResponse = z.object({ success: z.literal(true), message: z.string() });
export type FollowCharityResponse = z.infer<typeof FollowCharityResponse>;

export const TokenRequest = z.object({ token: Token }).strict();
export type TokenRequest = z.infer<typeof TokenRequest>;

export const ConfirmFollowResponse = z.object({
  success: z.literal(true),
  charity_name: z.string(),
  registration_number: z.string(),
  frequency: Frequency,
});
export type ConfirmFollowResponse = z.infer<typeof ConfirmFollowResponse>;

/** RFC 8058's one-click POST: the token in the query string, the body (`List-Unsubscribe=One-Click`) ignored. */
export const UnsubscribeResponse = z.object({
  success: z.literal(true),
  charity_name: z.string(),
  registration_number: z.string(),
});
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;

export const FollowSummary = z.object({
  registration_number: z.string(),
  charity_name: z.string(),
  frequency: Frequency,
});
export const ListFollowsResponse = z.object({ success: z.literal(true), follows: z.array(FollowSummary) });
export type ListFollowsResponse = z.infer<typeof ListFollowsResponse>;

export const UpdateFollowRequest = z
  .object({
    token: Token,
    registrationNumber: RegistrationNumber,
    /** A new frequency, or `null` to stop following. */
    frequency: Frequency.nullable(),
  })
  .strict();
export type UpdateFollowRequest = z.infer<typeof UpdateFollowRequest>;
