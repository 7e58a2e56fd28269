import * as z from 'zod';
import { normalizeName } from '../../names';
import { PayoutMessage } from '../../payout';
import {
  DISPLAY_NAME_MAX,
  displayNameError,
  hmrcReferenceError,
  normaliseHmrcReference,
  normalisePreferredEmail,
  PreferenceMessage,
  preferredEmailError,
} from '../../preferences';
import { VERIFICATION_CODE_LENGTH } from '../../verification';
import { CharityOwnRecord } from './charity-account';

/** A change of payout account on hold (decision 04.7): the new account takes over at `effective_at`. */
export const PendingPayoutChange = z.object({
  stripe_account_id: z.string(),
  requested_at: z.string(),
  effective_at: z.string(),
});
export type PendingPayoutChange = z.infer<typeof PendingPayoutChange>;

/** The 6-digit code mailed to the register's email (spaces allowed between digits). */
export const RegisterCode = z
  .string({ error: PayoutMessage.CodeFormat })
  .max(32, PayoutMessage.CodeFormat)
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), PayoutMessage.CodeFormat));

/** Everything the account preference pages show, in one read (the caller's own charity only). */
export const AccountPreferencesResponse = z.object({
  success: z.literal(true),
  /** The official name and the email are read-only here. */
  charity: CharityOwnRecord,
  email_preferences: z.object({
    preferred_email: z.string().nullable(),
    tips_notifications: z.boolean(),
    performance_updates: z.boolean(),
    /** When the preferences were last saved; null when never. */
    updated_at: z.string().nullable(),
  }),
  payments: z.object({
    stripe_account_id: z.string().nullable(),
    /** A Stripe account was created and onboarding begun but not finished. */
    onboarding_started: z.boolean(),
    /** Payment details and the charity's description (a main page) both exist. */
    finished_setting_up_account: z.boolean(),
    /** The payment account can take donations now (Stripe's `charges_enabled`). */
    charges_enabled: z.boolean(),
    /** The HMRC charity reference (Gift Aid is offered to donors once it is set); null when not entered. */
    hmrc_reference: z.string().nullable(),
    /** A change of payout account waiting out its hold; null when none. */
    pending_change: PendingPayoutChange.nullable(),
  }),
});
export type AccountPreferencesResponse = z.infer<typeof AccountPreferencesResponse>;

export const UpdateDisplayNameRequest = z
  .object({
    display_name: z
      .string({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? PreferenceMessage.DisplayNameEmpty
            : 'display_name must be a string',
      })
      // Generous before trimming (spaces around a 100-character name); the rule below counts the trimmed text.
      .max(DISPLAY_NAME_MAX * 4, { error: PreferenceMessage.DisplayNameTooLong })
      .transform((value, ctx) => {
        const problem = displayNameError(value);
        if (problem) {
          ctx.addIssue({ code: 'custom', message: problem });
          return z.NEVER;
        }
        return normalizeName(value);
      }),
  })
  .strict();
export type UpdateDisplayNameRequest = z.input<typeof UpdateDisplayNameRequest>;

export const DisplayNameResponse = z.object({ success: z.literal(true), display_name: z.string() });
export type DisplayNameResponse = z.infer<typeof DisplayNameResponse>;

export const SavePreferredEmailRequest = z
  .object({
    /** Optional: empty (or null) is saved as null. */
    preferred_email: z
      .string({
        error: (issue) =>
          issue.input === undefined ? 'preferred_email is required' : PreferenceMessage.InvalidEmail,
      })
      .max(1000, { error: PreferenceMessage.InvalidEmail })
      .nullable()
      .transform((value, ctx) => {
        const problem = preferredEmailError(value ?? '');
        if (problem) {
          ctx.addIssue({ code: 'custom', message: problem });
          return z.NEVER;
        }
        return normalisePreferredEmail(value);
      }),
  })
  .strict();
export type SavePreferredEmailRequest = z.input<typeof SavePreferredEmailRequest>;

export const PreferredEmailResponse = z.object({
  success: z.literal(true),
  preferred_email: z.string().nullable(),
  updated_at: z.string(),
});
export type PreferredEmailResponse = z.infer<typeof PreferredEmailResponse>;

const Toggle = (name: string) => z.boolean({ error: `${name} must be true or false` });

export const SaveNotificationPreferencesRequest = z
  .object({
    tips_notifications: Toggle('tips_notifications'),
    performance_updates: Toggle('performance_updates'),
  })
  .strict();
export type SaveNotificationPreferencesRequest = z.input<typeof SaveNotificationPreferencesRequest>;

export const NotificationPreferencesResponse = z.object({
  success: z.literal(true),
  tips_notifications: z.boolean(),
  performance_updates: z.boolean(),
  updated_at: z.string(),
});
export type NotificationPreferencesResponse = z.infer<typeof NotificationPreferencesResponse>;

export const SetProfileImageRequest = z
  .object({
    /** The key create-media-upload issued for purpose `profile-image`, after the file was sent to it. */
    key: z.string({ error: 'key is required' }).min(1, { error: 'key is required' }).max(512),
  })
  .strict();
export type SetProfileImageRequest = z.input<typeof SetProfileImageRequest>;

export const SetProfileImageResponse = z.object({
  success: z.literal(true),
  profile_image_name: z.string(),
  /** The replaced image, if there was one, and whether its file was deleted (else clean it up later). */
  old_profile_image_name: z.string().nullable(),
  old_image_removed: z.boolean(),
});
export type SetProfileImageResponse = z.infer<typeof SetProfileImageResponse>;

/** Removing the profile image (back to initials): the image removed, if any, and whether its file was deleted. */
export const RemoveProfileImageResponse = z.object({
  success: z.literal(true),
  profile_image_name: z.null(),
  old_profile_image_name: z.string().nullable(),
  old_image_removed: z.boolean(),
});
export type RemoveProfileImageResponse = z.infer<typeof RemoveProfileImageResponse>;

/** The spec's cleanup call: body charityId, oldProfileImageName (the caller's own charity only). */
export const CleanupProfileImageRequest = z
  .object({
    charityId: z.string({ error: 'charityId is required' }).min(1).max(128),
    oldProfileImageName: z
      .string({ error: 'oldProfileImageName is required' })
      .min(1, { error: 'oldProfileImageName is required' })
      .max(256),
  })
  .strict();
export type CleanupProfileImageRequest = z.input<typeof CleanupProfileImageRequest>;

/** start-payment-onboarding: the register-email code (needed unless one was proved in the last hour). */
export const StartPaymentOnboardingRequest = z.object({ registerCode: RegisterCode.optional() }).strict();
export type StartPaymentOnboardingRequest = z.infer<typeof StartPaymentOnboardingRequest>;
export const CompletePaymentOnboardingRequest = z.object({ registerCode: RegisterCode.optional() }).strict();
export type CompletePaymentOnboardingRequest = z.infer<typeof CompletePaymentOnboardingRequest>;

export const StartPaymentOnboardingResponse = z.object({
  success: z.literal(true),
  /** Stripe's single-use onboarding URL (short-lived): send the browser there at once. */
  url: z.string().url(),
});
export type StartPaymentOnboardingResponse = z.infer<typeof StartPaymentOnboardingResponse>;

export const PaymentAccountResponse = z.object({
  success: z.literal(true),
  /** True once the account is stored as the charity's payment account. */
  linked: z.boolean(),
  stripe_account_id: z.string().nullable(),
  finished_setting_up_account: z.boolean(),
  /** The payment account can take donations now (Stripe's `charges_enabled`); false without one. */
  charges_enabled: z.boolean(),
  /** Why it is not linked yet (Stripe still needs details), or that a change is on hold, ready to show. */
  message: z.string().optional(),
  /** A change of payout account waiting out its hold (the connected account still takes donations). */
  pending_change: PendingPayoutChange.nullable().optional(),
});
export type PaymentAccountResponse = z.infer<typeof PaymentAccountResponse>;

/**
 * An HMRC charity reference as HMRC issues them: up to two letters then digits (e.g. `AB12345`, `X1234`), or
 * digits alone; up to 7 characters, spaces ignored, capitals kept. Empty (or null) removes it.
 */
export const SaveHmrcReferenceRequest = z
  .object({
    hmrc_reference: z
      .string({ error: PreferenceMessage.HmrcReferenceFormat })
      .max(40, { error: PreferenceMessage.HmrcReferenceFormat, abort: true })
      .transform((value, ctx) => {
        const problem = hmrcReferenceError(value);
        if (problem) {
          ctx.addIssue({ code: 'custom', message: problem });
          return z.NEVER;
        }
        return normaliseHmrcReference(value);
      })
      .nullable(),
  })
  .strict();
export type SaveHmrcReferenceRequest = z.input<typeof SaveHmrcReferenceRequest>;

export const SaveHmrcReferenceResponse = z.object({
  success: z.literal(true),
  hmrc_reference: z.string().nullable(),
});
