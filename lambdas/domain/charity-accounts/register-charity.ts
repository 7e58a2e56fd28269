import { randomUUID } from 'node:crypto';
import type { Logger } from '@aws-lambda-powertools/logger';
import { ErrorCode } from '@shared/api/error-codes';
import type { RegisterCharityRequest, RegisterCharityResponse } from '@shared/api/schemas/charity-account';
import { UserType } from '@shared/identity';
import { evaluatePassword, PasswordMessage } from '@shared/password';
import { normaliseRegistrationNumber } from '@shared/register';
import { CODE_VALID_DAYS, REGISTRATIONS_PER_NUMBER } from '@shared/verification';
import type { EmailSender } from '../../adapters/email';
import { EmailTakenError, type Identity, PasswordRejectedError } from '../../adapters/identity';
import { type RegisterPort, RegisterUnavailableError } from '../../adapters/register/port';
import { type CharityData, newVerificationFlags, type VerificationCode } from '../../data/charities';
import type { RateLimits } from '../../data/rate-limits';
import type { VerificationBudgetData } from '../../data/verification-budget';
import type { Clock } from '../../lib/clock';
import {
  ConflictError,
  RateLimitError,
  ServiceUnavailableError,
  ValidationError,
} from '../../lib/http-errors';
import { recordMetric } from '../../lib/metrics';
import { type BreachedCheck, refuseBreachedPassword } from '../../lib/password-screen';
import { hashCode, newVerificationCode } from '../../lib/secrets';
import { verificationCodeEmail } from './emails';
import { RegistrationMessage } from './messages';
import { issueNotMeLink, type NotMeLinkDeps } from './not-me-link';

/**
 * Registrations per email per day ("try again tomorrow"), per client address (IPv6: its /64) per hour, and
 * per client address per UTC day: each is a new unverified account and a code mailed to a charity.
 */
export const REGISTRATION_LIMITS = {
  perEmailPerDay: 5,
  perAddressPerHour: 20,
  perAddressPerDay: 30,
} as const;
/** The rate counters registration keeps (scopes of `rates.hit`); fixtures spend them through the same names. */
export const REGISTRATION_RATE_SCOPE = {
  email: 'register-email',
  address: 'register-ip',
  addressDay: 'register-ip-day',
  number: 'register-number',
} as const;
/** Registrations of one number: at most 3 in each fixed 30-day window. */
export const REGISTRATIONS_PER_NUMBER_RULE = {
  window: REGISTRATIONS_PER_NUMBER.windowDays * 86_400,
  limit: REGISTRATIONS_PER_NUMBER.limit,
} as const;

export interface RegisterCharityDeps {
  register: RegisterPort;
  charities: Pick<CharityData, 'marker' | 'reserveNumber' | 'releaseNumber' | 'createAccount'>;
  identity: Pick<Identity, 'findUser' | 'createUser' | 'deleteUser'>;
  email: EmailSender;
  rates: RateLimits;
  budget: Pick<VerificationBudgetData, 'get'>;
  notMe: NotMeLinkDeps;
  clock: Clock;
  logger: Pick<Logger, 'warn' | 'info'>;
  breached: BreachedCheck;
}

/**
 * Registers a charity: the number must be a registered main charity on the register; one account per number
 * (a conditional marker under any number of parallel attempts); the Cognito user is created by the backend
 * as a charity; a 6-digit code goes to the email the register holds (or a case is opened for the team).
 */
export async function registerCharity(
  deps: RegisterCharityDeps,
  input: RegisterCharityRequest,
  ctx: { sourceIp: string | undefined },
): Promise<RegisterCharityResponse> {
  if (!evaluatePassword(input.password).valid)
    throw new ValidationError(PasswordMessage.WeakOnServer, 'password');
  await refuseBreachedPassword(deps.breached, input.password, 'password');
  const number = normaliseRegistrationNumber(input.charityRegistrationNumber);
  if (number === null)
    throw new ValidationError(RegistrationMessage.NumberFormat, 'charityRegistrationNumber');

  const now = deps.clock.now();
  const byEmail = await deps.rates.hit(
    REGISTRATION_RATE_SCOPE.email,
    input.email,
    { window: 'day', limit: REGISTRATION_LIMITS.perEmailPerDay },
    now,
  );
  if (!byEmail.allowed) {
    throw new RateLimitError(RegistrationMessage.RateLimitedEmail, {
      rateLimitType: 'email',
      waitTime: byEmail.retryAfterSeconds,
    });
  }
  const byAddress = await deps.rates.hit(
    REGISTRATION_RATE_SCOPE.address,
    ctx.sourceIp ?? 'unknown',
    { window: 3600, limit: REGISTRATION_LIMITS.perAddressPerHour },
    now,
  );
  if (!byAddress.allowed) {
    throw new RateLimitError(RegistrationMessage.RateLimitedOther, {
      rateLimitType: 'other',
      waitTime: byAddress.retryAfterSeconds,
    });
  }
  let charity: Awaited<ReturnType<RegisterPort['getDetails']>>;
  try {
    charity = await deps.register.getDetails(number);
  } catch (error) {
    if (error instanceof RegisterUnavailableError)
      throw new ServiceUnavailableError(RegistrationMessage.Unavailable, error);
    throw error;
  }
  if (!charity) throw new ValidationError(RegistrationMessage.NotOnRegister, 'charityRegistrationNumber');
  if (!charity.isActive) throw new ValidationError(RegistrationMessage.Removed, 'charityRegistrationNumber');

  const duplicateCharity = () =>
    new ConflictError(RegistrationMessage.AlreadyRegistered, {
      code: ErrorCode.CharityAlreadyRegistered,
      field: 'charityRegistrationNumber',
      flags: { isDuplicate: true, charityName: charity.name },
    });
  const emailTaken = () =>
    new ConflictError(RegistrationMessage.EmailTaken, { code: ErrorCode.EmailExists, field: 'email' });

  const existing = await deps.charities.marker(number);
  if (existing && !existing.pending) throw duplicateCharity();
  if (await deps.identity.findUser(input.email)) throw emailTaken();
  // A number whose guess budget is spent stays locked for any new account (see verification-budget).
  const budget = await deps.budget.get(number);

  const requestId = randomUUID();
  if (!(await deps.charities.reserveNumber(number, requestId, now))) throw duplicateCharity();
  // New accounts per address per UTC day: counted, like the number's cap below, only for a registration that
  // would make an account (a typo, an unknown number or a duplicate costs nothing).
  const byAddressToday = await deps.rates.hit(
    REGISTRATION_RATE_SCOPE.addressDay,
    ctx.sourceIp ?? 'unknown',
    { window: 'day', limit: REGISTRATION_LIMITS.perAddressPerDay },
    now,
  );
  if (!byAddressToday.allowed) {
    await deps.charities.releaseNumber(number, requestId).catch(() => undefined);
    // "Tomorrow": the web words a wait of more than an hour so, whatever the type.
    throw new RateLimitError(RegistrationMessage.RateLimitedEmail, {
      rateLimitType: 'other',
      waitTime: byAddressToday.retryAfterSeconds,
    });
  }
  // Each registration sends the register's inbox a code: a number is registered at most 3 times in 30 days,
  // whoever registers it and whatever became of the earlier accounts. Counted once the number is held, so
  // parallel attempts that lose the hold are duplicates, not spent registrations.
  const byNumber = await deps.rates.hit(
    REGISTRATION_RATE_SCOPE.number,
    number,
    REGISTRATIONS_PER_NUMBER_RULE,
    now,
  );
  if (!byNumber.allowed) {
    await deps.charities.releaseNumber(number, requestId).catch(() => undefined);
    throw new RateLimitError(
      RegistrationMessage.RateLimitedNumber,
      { rateLimitType: 'other', waitTime: byNumber.retryAfterSeconds },
      ErrorCode.RegistrationCapReached,
    );
  }

  let userId: string | undefined;
  try {
    try {
      userId = await deps.identity.createUser(input.email, input.password, UserType.Charity);
    } catch (error) {
      if (error instanceof EmailTakenError) throw emailTaken();
      if (error instanceof PasswordRejectedError)
        throw new ValidationError(PasswordMessage.WeakOnServer, 'password');
      throw error;
    }
    const createdAt = now.toISOString();
    const expiresAt = new Date(now.getTime() + CODE_VALID_DAYS * 86_400_000).toISOString();
    const registerEmail = charity.email?.trim().toLowerCase() || null;
    const code = registerEmail ? newVerificationCode() : null;
    const codeItem: VerificationCode | null =
      code && registerEmail
        ? {
            code_hash: await hashCode(code),
            email_sent_to: registerEmail,
            created_at: createdAt,
            expires_at: expiresAt,
            failures: 0,
            last_attempt_at: 0,
            last_sent_at: now.getTime(),
            sends: 1,
          }
        : null;
    await deps.charities.createAccount({
      requestId,
      profile: {
        id: userId,
        charity_name: charity.name,
        display_name: null,
        email: input.email,
        registration_number: number,
        created_at: createdAt,
        profile_image_name: null,
        live_page_id: null,
        stripe_account_id: null,
        register_email: registerEmail,
      },
      verification: newVerificationFlags(expiresAt, {
        total_failures: budget.total_failures,
        locked: budget.locked,
        needs_manual_verification: !registerEmail,
      }),
      code: codeItem,
    });
    let codeNotSent = false;
    if (code && registerEmail) {
      // The account stands even if this mail fails: the charity is told, and can ask for a new code.
      const accountId = userId;
      await issueNotMeLink(deps.notMe, {
        userId: accountId,
        registrationNumber: number,
        charityName: charity.name,
        expiresAt,
      })
        .then((notMeLink) =>
          deps.email.send(
            verificationCodeEmail({
              to: registerEmail,
              code,
              charityName: charity.name,
              signInEmail: input.email,
              expiresAt,
              notMeLink,
            }),
          ),
        )
        .then(() => recordMetric('CodesSent'))
        .catch((error) => {
          // The send path counted it (MailFailures, alarmed); the charity is told and can resend.
          deps.logger.warn('verification email not sent', { error });
          codeNotSent = true;
        });
    } else {
      deps.logger.info('charity needs manual verification: no email on the register', {
        registrationNumber: number,
      });
    }
    recordMetric('Registrations');
    return {
      success: true,
      message: !registerEmail
        ? RegistrationMessage.SuccessNoRegisterEmail
        : codeNotSent
          ? RegistrationMessage.SuccessCodeNotSent
          : RegistrationMessage.Success,
    };
  } catch (error) {
    // Undo what was done, so a failed attempt leaves no half account and frees the number.
    if (userId) await deps.identity.deleteUser(input.email).catch(() => undefined);
    await deps.charities.releaseNumber(number, requestId).catch(() => undefined);
    throw error;
  }
}
