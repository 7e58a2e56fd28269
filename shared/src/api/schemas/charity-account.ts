import * as z from 'zod';
import { PasswordMessage } from '../../password';
import { NotMeMessage, VERIFICATION_CODE_LENGTH } from '../../verification';

/** The charity-account domain names its answers by these; they live with every group's in `common.ts`. */
export type { SuccessMessageResponse, SuccessResponse } from './common';

/** Email fields: required and address-shaped, trimmed and compared in lower case. */
export const EmailField = (required = 'Email is required') =>
  z
    .string({ error: required })
    // Lengths before the shape: a long text stops here, before any regular expression reads it.
    .max(1024, { error: 'Please enter a valid email address', abort: true })
    .trim()
    .min(1, { error: required, abort: true })
    .max(254, { error: 'Please enter a valid email address', abort: true })
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'Please enter a valid email address' })
    .transform((v) => v.toLowerCase());

/** Password fields: presence only here; the rules are checked by the domain with the shared module. */
const PasswordField = (required: string = PasswordMessage.Required) =>
  z
    .string({ error: required })
    .min(1, { error: required })
    .max(256, { error: 'Password must be at most 256 characters' });

export const RegisterCharityRequest = z
  .object({
    email: EmailField(),
    password: PasswordField(),
    charityRegistrationNumber: z
      .string({ error: 'Charity registration number is required' })
      .trim()
      .min(1, { error: 'Charity registration number is required' })
      .max(20, { error: 'Please enter a valid charity registration number' }),
  })
  .strict();
export type RegisterCharityRequest = z.infer<typeof RegisterCharityRequest>;

export const RegisterCharityResponse = z.object({ success: z.literal(true), message: z.string() });
export type RegisterCharityResponse = z.infer<typeof RegisterCharityResponse>;

export const VerificationInfoRequest = z.object({}).strict();
export const VerificationInfoResponse = z.object({
  /** The register's email the code went to; null when the register holds none (the team verifies instead). */
  email_sent_to: z.string().nullable(),
  created_at: z.string().nullable(),
  expires_at: z.string(),
  /** Seconds before the server takes another resend (0: now), by the server's clock. */
  resend_wait_seconds: z.number().int().min(0),
  /**
   * Mail to the register's email is suppressed: `bounce` (undeliverable) or `complaint` (reported as spam);
   * null when codes can be sent. The page says what happened and how to reach support.
   */
  register_email_suppressed: z.enum(['bounce', 'complaint']).nullable(),
});
export type VerificationInfoResponse = z.infer<typeof VerificationInfoResponse>;

export const VerifyCharityCodeRequest = z
  .object({
    verificationCode: z
      .union([z.number(), z.string()], { error: 'Please enter a 6-digit verification code' })
      .transform((v, ctx) => {
        const text =
          typeof v === 'number'
            ? Number.isInteger(v) && v >= 0
              ? String(v).padStart(VERIFICATION_CODE_LENGTH, '0')
              : ''
            : v.trim();
        if (!new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`).test(text)) {
          ctx.addIssue({ code: 'custom', message: 'Please enter a 6-digit verification code' });
          return z.NEVER;
        }
        return text;
      }),
  })
  .strict();
export type VerifyCharityCodeRequest = z.infer<typeof VerifyCharityCodeRequest>;

export const SendPasswordResetRequest = z
  .object({ email: EmailField('Please enter your email address') })
  .strict();
export type SendPasswordResetRequest = z.infer<typeof SendPasswordResetRequest>;

const ResetToken = z
  .string({ error: 'Invalid or expired reset link. Please request a new password reset.' })
  .max(200);

export const ValidateResetTokenRequest = z.object({ token: ResetToken }).strict();
export type ValidateResetTokenRequest = z.infer<typeof ValidateResetTokenRequest>;
export const ValidateResetTokenResponse = z.object({ valid: z.boolean(), error: z.string().optional() });
export type ValidateResetTokenResponse = z.infer<typeof ValidateResetTokenResponse>;

/** "This wasn't me" (issue 30, item 9): the link's token, mailed with each verification code. */
const NotMeToken = z
  .string({ error: NotMeMessage.InvalidLink })
  .min(1, { error: NotMeMessage.InvalidLink })
  .max(200, { error: NotMeMessage.InvalidLink });
export const NotMeLinkRequest = z.object({ token: NotMeToken }).strict();
export type NotMeLinkRequest = z.infer<typeof NotMeLinkRequest>;
/** Whose registration the link would remove, so the page can name it before anything happens. */
export const CheckNotMeLinkResponse = z.object({
  success: z.literal(true),
  charity_name: z.string(),
  registration_number: z.string(),
  /** What the link undoes: a registration (the default) or a change of payout account. */
  purpose: z.enum(['registration', 'payout-change']).optional(),
});
export type CheckNotMeLinkResponse = z.infer<typeof CheckNotMeLinkResponse>;
export const UseNotMeLinkResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  charity_name: z.string(),
  registration_number: z.string(),
});
export type UseNotMeLinkResponse = z.infer<typeof UseNotMeLinkResponse>;

export const ResetPasswordWithTokenRequest = z
  .object({ token: ResetToken, newPassword: PasswordField() })
  .strict();
export type ResetPasswordWithTokenRequest = z.infer<typeof ResetPasswordWithTokenRequest>;

export const ChangePasswordRequest = z
  .object({
    currentPassword: PasswordField('Current password is required'),
    newPassword: PasswordField(),
    confirmPassword: z
      .string({ error: PasswordMessage.ConfirmRequired })
      .min(1, { error: PasswordMessage.ConfirmRequired }),
  })
  .strict();
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** The charity's own names, sign-in email and profile image: the part of its record every own view shows. */
export const CharityOwnRecord = z.object({
  id: z.string(),
  /** The official (registered) name. */
  charity_name: z.string(),
  /** The name donors see; null until chosen (the official name is shown meanwhile). */
  display_name: z.string().nullable(),
  /** The registered sign-in email: private. */
  email: z.string(),
  /** File name of the profile image in the media store under the charity id. */
  profile_image_name: z.string().nullable(),
});

/** The signed-in charity's own record and verification flags (charity-area spec, section 3). */
export const CharityProfileResponse = z.object({
  success: z.literal(true),
  charity: CharityOwnRecord.extend({
    registration_number: z.string(),
    created_at: z.string(),
    live_page_id: z.string().nullable(),
    stripe_account_id: z.string().nullable(),
  }),
  verification: z.object({
    verified: z.boolean(),
    finished_setting_up_account: z.boolean(),
    valid_main_page: z.boolean(),
    valid_explore_page: z.boolean(),
    page_is_liveable: z.boolean(),
    page_is_live: z.boolean(),
    /** Verification is locked after too many wrong codes, until the team unlocks it. */
    locked: z.boolean(),
    /** The register holds no email for this charity: the team verifies it another way. */
    needs_manual_verification: z.boolean(),
  }),
});
export type CharityProfileResponse = z.infer<typeof CharityProfileResponse>;

export const SetCharityLiveRequest = z
  .object({ live: z.boolean({ error: 'live must be true or false' }) })
  .strict();
export type SetCharityLiveRequest = z.infer<typeof SetCharityLiveRequest>;
export const SetCharityLiveResponse = z.object({ success: z.literal(true), live: z.boolean() });
export type SetCharityLiveResponse = z.infer<typeof SetCharityLiveResponse>;

export { isLiveable } from '../../live-status';
