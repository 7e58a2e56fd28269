import * as z from 'zod';
import { DonorMessage, GENDERS, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '../../donor';
import { PasswordMessage } from '../../password';
import { EmailField } from './charity-account';

export {
  ageOn,
  DONOR_MIN_AGE,
  DonorMessage,
  GENDER_LABELS,
  GENDERS,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  ukToday,
} from '../../donor';

const Name = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(50, { error: 'Please use at most 50 characters' });

export const RegisterDonorRequest = z
  .object({
    email: EmailField('Please enter a valid email address'),
    username: z
      .string({ error: DonorMessage.UsernameRequired })
      .trim()
      .min(1, { error: DonorMessage.UsernameRequired })
      .min(USERNAME_MIN_LENGTH, { error: DonorMessage.UsernameTooShort })
      .max(USERNAME_MAX_LENGTH, { error: DonorMessage.UsernameTooLong, abort: true })
      .regex(/^[A-Za-z0-9._-]+$/, { error: DonorMessage.UsernameCharacters }),
    forename: Name(DonorMessage.FirstNameRequired),
    surname: Name(DonorMessage.LastNameRequired),
    dob: z
      .string({ error: DonorMessage.DobRequired })
      .trim()
      .min(1, { error: DonorMessage.DobRequired, abort: true })
      .max(10, { error: DonorMessage.DobInvalid, abort: true })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DonorMessage.DobInvalid }),
    gender: z.enum(GENDERS, { error: DonorMessage.GenderRequired }),
    password: z
      .string({ error: PasswordMessage.Required })
      .min(1, { error: PasswordMessage.Required })
      .max(256),
    confirmPassword: z
      .string({ error: PasswordMessage.ConfirmRequired })
      .min(1, { error: PasswordMessage.ConfirmRequired })
      .max(256),
  })
  .strict();
export type RegisterDonorRequest = z.infer<typeof RegisterDonorRequest>;

export const RegisterDonorResponse = z.object({ success: z.literal(true) });
export type RegisterDonorResponse = z.infer<typeof RegisterDonorResponse>;
