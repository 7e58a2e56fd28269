import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@shared/api/error-codes';
import type { RegisterDonorRequest, RegisterDonorResponse } from '@shared/api/schemas/donor';
import { ageOn, DONOR_MIN_AGE, DonorMessage, ukToday } from '@shared/donor';
import { UserType } from '@shared/identity';
import { evaluatePassword, PasswordMessage } from '@shared/password';
import { EmailTakenError, type Identity, PasswordRejectedError } from '../../adapters/identity';
import type { DonorData } from '../../data/donors';
import type { RateLimits } from '../../data/rate-limits';
import type { Clock } from '../../lib/clock';
import { ConflictError, RateLimitError, ValidationError } from '../../lib/http-errors';
import { recordMetric } from '../../lib/metrics';
import { type BreachedCheck, refuseBreachedPassword } from '../../lib/password-screen';

/** Signups per client address per hour. */
export const DONOR_SIGNUPS_PER_ADDRESS_PER_HOUR = 10;

/**
 * Joins the donor waitlist: every rule the form checks, checked again here; the username is unique whatever
 * its case (a marker finalised in the same transaction as the profile); the Cognito user is a donor.
 */
export async function registerDonor(
  deps: { donors: DonorData; identity: Identity; rates: RateLimits; clock: Clock; breached: BreachedCheck },
  input: RegisterDonorRequest,
  ctx: { sourceIp: string | undefined },
): Promise<RegisterDonorResponse> {
  const now = deps.clock.now();
  const age = ageOn(input.dob, ukToday(now));
  if (age === null || age > 120) throw new ValidationError(DonorMessage.DobInvalid, 'dob');
  if (age < DONOR_MIN_AGE) throw new ValidationError(DonorMessage.TooYoung, 'dob');
  if (!evaluatePassword(input.password).valid)
    throw new ValidationError(PasswordMessage.DoesNotMeetRequirements, 'password');
  if (input.password !== input.confirmPassword)
    throw new ValidationError(PasswordMessage.Mismatch, 'confirmPassword');
  await refuseBreachedPassword(deps.breached, input.password, 'password');

  const limit = await deps.rates.hit(
    'donor-signup-ip',
    ctx.sourceIp ?? 'unknown',
    { window: 3600, limit: DONOR_SIGNUPS_PER_ADDRESS_PER_HOUR },
    now,
  );
  if (!limit.allowed)
    throw new RateLimitError(DonorMessage.RateLimited, {
      rateLimitType: 'other',
      waitTime: limit.retryAfterSeconds,
    });

  if (await deps.identity.findUser(input.email))
    throw new ConflictError(DonorMessage.EmailTaken, { code: ErrorCode.EmailExists, field: 'email' });
  const requestId = randomUUID();
  if (!(await deps.donors.reserveUsername(input.username, requestId, now))) {
    throw new ConflictError(DonorMessage.UsernameTaken, { code: ErrorCode.UsernameTaken, field: 'username' });
  }
  let created = false;
  try {
    let userId: string;
    try {
      userId = await deps.identity.createUser(input.email, input.password, UserType.Donor);
      created = true;
    } catch (error) {
      if (error instanceof EmailTakenError)
        throw new ConflictError(DonorMessage.EmailTaken, { code: ErrorCode.EmailExists, field: 'email' });
      if (error instanceof PasswordRejectedError)
        throw new ValidationError(PasswordMessage.DoesNotMeetRequirements, 'password');
      throw error;
    }
    await deps.donors.createDonor(
      {
        id: userId,
        email: input.email,
        username: input.username,
        forename: input.forename,
        surname: input.surname,
        dob: input.dob,
        gender: input.gender,
        created_at: now.toISOString(),
      },
      requestId,
    );
    recordMetric('Registrations');
    return { success: true };
  } catch (error) {
    if (created) await deps.identity.deleteUser(input.email).catch(() => undefined);
    await deps.donors.releaseUsername(input.username, requestId).catch(() => undefined);
    throw error;
  }
}
