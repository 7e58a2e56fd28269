import type { Logger } from '@aws-lambda-powertools/logger';
import { cognitoIdentity } from '../adapters/identity';
import { s3MediaStore } from '../adapters/media-store';
import { createRegister, RegisterEnv } from '../adapters/register/create-register';
import { charityData } from '../data/charities';
import { followersData } from '../data/followers';
import { notMeTokens } from '../data/not-me-tokens';
import { rateLimits } from '../data/rate-limits';
import { resetTokens } from '../data/reset-tokens';
import { suppressionData } from '../data/suppressions';
import { createTable } from '../data/table';
import { verificationBudgetData } from '../data/verification-budget';
import type {
  changeCharityPassword,
  deleteCharityAccount,
  setCharityLive,
  signOutEverywhere,
} from '../domain/charity-accounts/account';
import type { checkNotMeLink, removeByNotMeLink } from '../domain/charity-accounts/not-me';
import type {
  resetPasswordWithToken,
  sendPasswordReset,
  validateResetToken,
} from '../domain/charity-accounts/password-reset';
import type { registerCharity } from '../domain/charity-accounts/register-charity';
import type { getVerificationInfo } from '../domain/charity-accounts/verification';
import { systemClock } from '../lib/clock';
import { AccountEnv, BaseEnv, readEnv } from '../lib/env';
import type { BreachedCheck } from '../lib/password-screen';
import { type DepsOf, readEnvAndTable, warnTo } from './compose';
import { mailSender } from './mail';

/** get-charity-profile, get-verification-info, set-charity-live: the table only. */
export function accountDeps(): DepsOf<typeof setCharityLive> {
  return { charities: charityData(createTable(readEnv(BaseEnv).TABLE_NAME)), clock: systemClock };
}

/** get-verification-info: the account and whether mail to its register address is suppressed. */
export function verificationInfoDeps(): DepsOf<typeof getVerificationInfo> {
  const table = createTable(readEnv(BaseEnv).TABLE_NAME);
  return { charities: charityData(table), suppressions: suppressionData(table), clock: systemClock };
}

/** sign-out-everywhere: the table and Cognito's admin global sign-out. */
export function signOutDeps(): DepsOf<typeof signOutEverywhere> {
  const { env, table } = readEnvAndTable(AccountEnv);
  return { charities: charityData(table), identity: cognitoIdentity(env.USER_POOL_ID), clock: systemClock };
}

/** `breached`: the handler passes `breachedPassword` (`wiring/passwords.ts`), so only it carries the filter. */
export function changePasswordDeps(
  breached: BreachedCheck,
): (logger: Logger) => DepsOf<typeof changeCharityPassword> {
  const { env, table } = readEnvAndTable(AccountEnv);
  const base = {
    identity: cognitoIdentity(env.USER_POOL_ID),
    rates: rateLimits(table),
    clock: systemClock,
    charityClientId: env.CHARITY_CLIENT_ID,
    charities: charityData(table),
    email: mailSender(env, table),
    breached,
    resets: resetTokens(table),
  };
  return (logger) => ({ ...base, warn: warnTo(logger) });
}

export function deleteAccountDeps(): Omit<DepsOf<typeof deleteCharityAccount>, 'requireTwoStep'> {
  const { env, table } = readEnvAndTable(AccountEnv);
  return {
    charities: charityData(table),
    identity: cognitoIdentity(env.USER_POOL_ID),
    media: s3MediaStore(env.MEDIA_BUCKET),
    resets: resetTokens(table),
    followers: followersData(table),
    clock: systemClock,
  };
}

export function registerCharityDeps(
  breached: BreachedCheck,
): (logger: Logger) => DepsOf<typeof registerCharity> {
  const { env, table } = readEnvAndTable(AccountEnv);
  const base = {
    register: createRegister(readEnv(RegisterEnv)),
    charities: charityData(table),
    identity: cognitoIdentity(env.USER_POOL_ID),
    email: mailSender(env, table),
    rates: rateLimits(table),
    budget: verificationBudgetData(table),
    notMe: { tokens: notMeTokens(table), siteUrl: env.SITE_URL },
    clock: systemClock,
    breached,
  };
  return (logger) => ({ ...base, logger });
}

/** check-not-me-link: the token store and the per-address counter. */
export function checkNotMeLinkDeps(): DepsOf<typeof checkNotMeLink> {
  const table = createTable(readEnv(BaseEnv).TABLE_NAME);
  return { tokens: notMeTokens(table), rates: rateLimits(table), clock: systemClock };
}

/** use-not-me-link: the deletion path's dependencies, the token store, the budget and the counters. */
export function removeByNotMeLinkDeps(): DepsOf<typeof removeByNotMeLink> {
  const env = readEnv(AccountEnv);
  const table = createTable(env.TABLE_NAME);
  return {
    tokens: notMeTokens(table),
    charities: charityData(table),
    identity: cognitoIdentity(env.USER_POOL_ID),
    media: s3MediaStore(env.MEDIA_BUCKET),
    resets: resetTokens(table),
    followers: followersData(table),
    budget: verificationBudgetData(table),
    rates: rateLimits(table),
    clock: systemClock,
  };
}

export function sendPasswordResetDeps(): (logger: Logger) => DepsOf<typeof sendPasswordReset> {
  const { env, table } = readEnvAndTable(AccountEnv);
  const base = {
    identity: cognitoIdentity(env.USER_POOL_ID),
    tokens: resetTokens(table),
    email: mailSender(env, table),
    rates: rateLimits(table),
    clock: systemClock,
    siteUrl: env.SITE_URL,
  };
  return (logger) => ({ ...base, logger });
}

export function resetPasswordDeps(breached: BreachedCheck): DepsOf<typeof resetPasswordWithToken> {
  const { env, table } = readEnvAndTable(AccountEnv);
  return {
    tokens: resetTokens(table),
    charities: charityData(table),
    identity: cognitoIdentity(env.USER_POOL_ID),
    clock: systemClock,
    breached,
  };
}

export function validateResetTokenDeps(): DepsOf<typeof validateResetToken> {
  return { tokens: resetTokens(createTable(readEnv(BaseEnv).TABLE_NAME)), clock: systemClock };
}
