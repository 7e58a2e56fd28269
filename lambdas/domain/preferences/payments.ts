import { ErrorCode } from '@shared/api/error-codes';
import type {
  CompletePaymentOnboardingRequest,
  PaymentAccountResponse,
  StartPaymentOnboardingRequest,
  StartPaymentOnboardingResponse,
} from '@shared/api/schemas/preferences';
import { PayoutMessage } from '@shared/payout';
import { PreferenceMessage, STRIPE_RETURN_PARAM } from '@shared/preferences';
import type { EmailSender } from '../../adapters/email';
import { type PaymentAccountStatus, PaymentsError, type PaymentsPort } from '../../adapters/payments';
import type { CharityData, PayoutChange } from '../../data/charities';
import { NotFoundItemError, NotVettedError, type PreferenceData } from '../../data/preferences';
import type { Table } from '../../data/table';
import { AppError, ConflictError, NotFoundError, ServiceUnavailableError } from '../../lib/http-errors';
import { longDate } from '../charity-accounts/emails';
import type { NotMeLinkDeps } from '../charity-accounts/not-me-link';
import { paymentAccountChangedEmail } from '../security/emails';
import { payoutEffectiveAt, pendingChangeOf, settlePayoutChange } from './payout-change';
import {
  mailHeldChange,
  notVetted,
  type PayoutGuardDeps,
  provePayoutControl,
  spendPayoutProof,
} from './payout-guard';
import { recomputeFinishedSetup } from './setup-status';

/** The signed-in charity as the payment routes see it (the ID token's claims). */
export interface PaymentCaller {
  userId: string;
  email: string | undefined;
  /** The ID token's `iat` (epoch seconds). */
  issuedAt?: number;
}

export interface PaymentDeps {
  prefs: PreferenceData;
  payments: PaymentsPort;
  table: Table;
  /** 403 MFA_REQUIRED unless this session signed in with two-step sign-in (`domain/security/two-step.ts`). */
  requireTwoStep: (caller: PaymentCaller) => Promise<void>;
  /** The change notices (sign-in and register addresses). */
  email: EmailSender;
  profileOf: (
    userId: string,
  ) => Promise<
    | { email: string; register_email: string | null; charity_name: string; stripe_account_id: string | null }
    | undefined
  >;
  clock: { now(): Date };
  warn: (message: string, extra: Record<string, unknown>) => void;
  /** Records whether the account can take charges (kept current by `account.updated` afterwards). */
  setChargesEnabled: (userId: string, accountId: string, enabled: boolean) => Promise<boolean>;
  /** The register-email proof (issue 41) and the held change's writes. */
  guard: PayoutGuardDeps;
  charities: Pick<CharityData, 'holdPayoutChange' | 'applyPayoutChange' | 'getProfile'>;
  notMe: NotMeLinkDeps;
}

/** Where the request came from (the code checks count guesses per source). */
export interface RequestContext {
  sourceIp: string | undefined;
}

const PAYMENTS_PAGE = '/charity/preferences/payments';

const accountMissing = () =>
  new ConflictError(PreferenceMessage.PaymentAccountMissing, { code: ErrorCode.PaymentAccountMissing });
const notFound = () => new NotFoundError(PreferenceMessage.CharityNotFound);

/** Provider failures as our errors: the user sees what to do, never the provider's details (they are logged). */
function providerError(error: unknown): never {
  if (error instanceof AppError) throw error;
  if (error instanceof PaymentsError) {
    if (error.failure === 'not-found') throw accountMissing();
    throw new ServiceUnavailableError(PreferenceMessage.PaymentsUnavailable, error);
  }
  throw error;
}

/**
 * Stores the account as the charity's payment account, then recomputes whether setup is finished. A new account
 * (connected or changed) is mailed to the sign-in address and to the register's address of the charity.
 */
async function link(
  deps: PaymentDeps,
  userId: string,
  accountId: string,
  chargesEnabled: boolean,
): Promise<PaymentAccountResponse> {
  const before = await deps.profileOf(userId);
  try {
    await deps.prefs.setPaymentAccount(userId, accountId);
  } catch (error) {
    if (error instanceof NotFoundItemError) throw notFound();
    if (error instanceof NotVettedError) throw notVetted();
    throw error;
  }
  await deps.setChargesEnabled(userId, accountId, chargesEnabled);
  if (before && before.stripe_account_id !== accountId) {
    const at = deps.clock.now().toISOString();
    const to = [...new Set([before.email, before.register_email].filter((a): a is string => Boolean(a)))];
    await Promise.all(
      to.map((address) =>
        deps.email
          .send(paymentAccountChangedEmail({ to: address, charityName: before.charity_name, accountId, at }))
          .catch((error) => deps.warn('payment account email not sent', { error: (error as Error).name })),
      ),
    );
  }
  const finished = await recomputeFinishedSetup({ table: deps.table }, userId);
  return {
    success: true,
    linked: true,
    stripe_account_id: accountId,
    finished_setting_up_account: finished,
    charges_enabled: chargesEnabled,
  };
}

/**
 * Creates the charity's Express account when it has none being onboarded (remembered on its
 * profile, so a second start continues the same account), then a single-use onboarding link whose return and
 * refresh URLs lead back to the payments page of the site.
 */
export async function startPaymentOnboarding(
  deps: Pick<PaymentDeps, 'prefs' | 'payments' | 'requireTwoStep' | 'guard'> & { siteUrl: string },
  auth: PaymentCaller,
  input: StartPaymentOnboardingRequest = {},
  ctx: RequestContext = { sourceIp: undefined },
): Promise<StartPaymentOnboardingResponse> {
  const [profile, vetted] = await Promise.all([
    deps.prefs.getProfileFields(auth.userId),
    deps.prefs.isVetted(auth.userId),
  ]);
  if (!profile) throw notFound();
  // No provider account is created for a charity that has not proved it controls the register's email.
  if (!vetted) throw notVetted();
  await deps.requireTwoStep(auth);
  // Stripe's pages change where donations are paid (also the bank details of the connected account): every
  // start proves control of the register's email (a proof stands for an hour: Stripe, then back).
  await provePayoutControl(deps.guard, auth.userId, {
    registerCode: input.registerCode,
    sourceIp: ctx.sourceIp,
  });
  const page = `${deps.siteUrl.replace(/\/+$/, '')}${PAYMENTS_PAGE}`;
  const request = (existingAccountId: string | null) =>
    deps.payments.startOnboarding({
      charityId: auth.userId,
      email: auth.email ?? profile.email,
      existingAccountId,
      returnUrl: `${page}?${STRIPE_RETURN_PARAM}=return`,
      refreshUrl: `${page}?${STRIPE_RETURN_PARAM}=refresh`,
    });
  try {
    const existing = profile.stripe_onboarding_account_id ?? profile.stripe_account_id ?? null;
    let started = await request(existing);
    if (!existing) {
      const kept = await deps.prefs.rememberOnboardingAccount(auth.userId, started.accountId);
      // Another start won the race with a different account: continue that one instead.
      if (kept !== started.accountId) started = await request(kept);
    }
    return { success: true, url: started.url };
  } catch (error) {
    if (error instanceof NotFoundItemError) throw notFound();
    if (error instanceof NotVettedError) throw notVetted();
    return providerError(error);
  }
}

/**
 * Back from onboarding: asks Stripe about the account and stores it as the payment account once the charity has
 * submitted its details; otherwise says what is still needed. The account must be the one Stripe holds for this
 * charity (`metadata.charity_id`, set when it was created): another charity's account is never linked, whatever
 * id the profile holds.
 */
export async function completePaymentOnboarding(
  deps: PaymentDeps,
  auth: PaymentCaller,
  input: CompletePaymentOnboardingRequest = {},
  ctx: RequestContext = { sourceIp: undefined },
): Promise<PaymentAccountResponse> {
  const { userId } = auth;
  const profile = await settlePayoutChange(deps, userId, await deps.charities.getProfile(userId));
  if (!profile) throw notFound();
  if (!(await deps.prefs.isVetted(userId))) throw notVetted();
  await deps.requireTwoStep(auth);
  const accountId = profile.stripe_onboarding_account_id ?? profile.stripe_account_id ?? null;
  if (!accountId)
    throw new ConflictError(PreferenceMessage.NoOnboardingStarted, { code: ErrorCode.NoOnboarding });
  let account: PaymentAccountStatus;
  try {
    account = await deps.payments.getAccount(accountId);
  } catch (error) {
    return providerError(error);
  }
  if (account.charityId !== userId) {
    deps.warn('payment account belongs to another charity', { accountId, owner: account.charityId });
    throw accountMissing();
  }
  if (account.detailsSubmitted) {
    const current = profile.stripe_account_id ?? null;
    // The connected account itself (details updated): nothing changes hands.
    if (current === accountId) return link(deps, userId, accountId, account.chargesEnabled);
    const held = profile.payout_change;
    if (held?.account_id === accountId) return heldAnswer(deps, userId, current, held);
    // A first account, or a change of one: the register's email is proved, and the proof used up.
    await provePayoutControl(deps.guard, userId, {
      registerCode: input.registerCode,
      sourceIp: ctx.sourceIp,
    });
    await spendPayoutProof(deps.guard, userId);
    if (!current) return link(deps, userId, accountId, account.chargesEnabled);
    const now = deps.clock.now();
    const change: PayoutChange = {
      account_id: accountId,
      requested_at: now.toISOString(),
      effective_at: payoutEffectiveAt(now),
      charges_enabled: account.chargesEnabled,
    };
    if (!(await deps.charities.holdPayoutChange(userId, change))) throw notFound();
    await mailHeldChange(deps, profile, change);
    return heldAnswer(deps, userId, current, change);
  }
  return {
    success: true,
    linked: false,
    stripe_account_id: profile.stripe_account_id ?? null,
    finished_setting_up_account: await deps.prefs.finishedSetup(userId),
    charges_enabled: Boolean(profile.stripe_account_id && profile.stripe_charges_enabled),
    message: PreferenceMessage.StripeNeedsDetails,
  };
}

/** The answer while a change waits: the connected account still takes donations; when the new one takes over. */
async function heldAnswer(
  deps: PaymentDeps,
  userId: string,
  current: string | null,
  change: PayoutChange,
): Promise<PaymentAccountResponse> {
  const profile = await deps.prefs.getProfileFields(userId);
  return {
    success: true,
    linked: false,
    stripe_account_id: current,
    finished_setting_up_account: await deps.prefs.finishedSetup(userId),
    charges_enabled: Boolean(current && profile?.stripe_charges_enabled),
    message: PayoutMessage.ChangeHeld(longDate(change.effective_at)),
    pending_change: pendingChangeOf(change),
  };
}
