import * as z from 'zod';
import { TWO_STEP_CODE_DIGITS, TwoStepMessage } from '../../two-step';
import { RegisterCode } from './preferences';

/** A 6-digit code as typed (spaces allowed between digits). */
const Code = z
  .string({ error: TwoStepMessage.CodeFormat })
  .max(32, TwoStepMessage.CodeFormat)
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${TWO_STEP_CODE_DIGITS}}$`), TwoStepMessage.CodeFormat));

/** The browser's Cognito access token: only the functions may use it for the token-authorised MFA calls. */
const AccessToken = z.string().min(1).max(8192);

export const TwoStepStatusResponse = z.object({ success: z.literal(true), enabled: z.boolean() });
export type TwoStepStatusResponse = z.infer<typeof TwoStepStatusResponse>;

export const StartTwoStepSetupRequest = z.object({ accessToken: AccessToken }).strict();
export const StartTwoStepSetupResponse = z.object({
  success: z.literal(true),
  /** The shared secret (base32), for people who type it rather than scan. */
  secret: z.string(),
  /** otpauth:// URI for the QR code. */
  otpauthUri: z.string(),
});
export type StartTwoStepSetupResponse = z.infer<typeof StartTwoStepSetupResponse>;

export const TurnOnTwoStepRequest = z.object({ accessToken: AccessToken, code: Code }).strict();
export type TurnOnTwoStepRequest = z.infer<typeof TurnOnTwoStepRequest>;

export const TurnOffTwoStepRequest = z
  .object({
    password: z.string().min(1, TwoStepMessage.PasswordRequired).max(256),
    code: Code,
    /** The register-email code: needed while a payout account is connected. */
    registerCode: RegisterCode.optional(),
  })
  .strict();
export type TurnOffTwoStepRequest = z.infer<typeof TurnOffTwoStepRequest>;
