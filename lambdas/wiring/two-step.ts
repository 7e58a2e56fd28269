import type { Logger } from '@aws-lambda-powertools/logger';
import { cognitoIdentity } from '../adapters/identity';
import { cognitoTwoStep } from '../adapters/two-step';
import { charityData } from '../data/charities';
import { rateLimits } from '../data/rate-limits';
import type {
  getTwoStepStatus,
  requireTwoStepSession,
  turnOffTwoStep,
  turnOnTwoStep,
} from '../domain/security/two-step';
import { systemClock } from '../lib/clock';
import { AccountEnv, BaseEnv, readEnv } from '../lib/env';
import { type DepsOf, readEnvAndTable, warnTo } from './compose';
import { mailSender } from './mail';
import { payoutGuardDeps } from './payout-guard';

const PoolEnv = BaseEnv.extend({ USER_POOL_ID: AccountEnv.shape.USER_POOL_ID });

/** get-two-step-status and start-two-step-setup: Cognito only. */
export function twoStepReadDeps(): DepsOf<typeof getTwoStepStatus> {
  return { twoStep: cognitoTwoStep(readEnv(PoolEnv).USER_POOL_ID) };
}

/** The check of the payment routes and of deleting an account that has a payment account. */
export function twoStepGuardDeps(): DepsOf<typeof requireTwoStepSession> {
  const { env, table } = readEnvAndTable(PoolEnv);
  return { twoStep: cognitoTwoStep(env.USER_POOL_ID), charities: charityData(table) };
}

export function turnOnTwoStepDeps(): (logger: Logger) => DepsOf<typeof turnOnTwoStep> {
  const { env, table } = readEnvAndTable(AccountEnv);
  const base = {
    twoStep: cognitoTwoStep(env.USER_POOL_ID),
    identity: cognitoIdentity(env.USER_POOL_ID),
    charities: charityData(table),
    email: mailSender(env, table),
    clock: systemClock,
  };
  return (logger) => ({ ...base, warn: warnTo(logger) });
}

export function turnOffTwoStepDeps(): (logger: Logger) => DepsOf<typeof turnOffTwoStep> {
  const { env, table } = readEnvAndTable(AccountEnv);
  const base = {
    twoStep: cognitoTwoStep(env.USER_POOL_ID),
    charities: charityData(table),
    rates: rateLimits(table),
    email: mailSender(env, table),
    clock: systemClock,
    charityClientId: env.CHARITY_CLIENT_ID,
    payoutGuard: payoutGuardDeps(table),
  };
  return (logger) => ({ ...base, warn: warnTo(logger) });
}
