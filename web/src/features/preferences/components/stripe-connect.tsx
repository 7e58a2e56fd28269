import { ErrorCode } from '@shared/api/error-codes';
import type { AccountPreferencesResponse, PaymentAccountResponse } from '@shared/api/schemas/preferences';
import { PAYOUT_CHANGE_HOLD_HOURS } from '@shared/payout';
import { PreferenceSuccess, STRIPE_RETURN_PARAM } from '@shared/preferences';
import { paths } from '@shared/site/paths';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { RegisterCodeStep } from '@/components/charity-area/register-code-step';
import { SavedMessage, SaveRow } from '@/components/charity-area/save-row';
import { Button } from '@/components/ui/button';
import { LoadingStatus } from '@/components/ui/loading-status';
import { Notice } from '@/components/ui/notice';
import { isApiError } from '@/lib/api';
import { completePaymentOnboarding, sendPayoutCode, startPaymentOnboarding } from '../api/preferences-api';
import { useFlash } from '../hooks/use-flash';
import { failureLine } from '../utils/save-error';
import { needsTwoStep } from './two-step-needed';

type Payments = AccountPreferencesResponse['payments'];

/** What connecting the payment account needs from the page. */
export interface StripeConnectProps {
  payments: Payments;
  onLinked: (saved: PaymentAccountResponse) => void;
  /** The API answered MFA_REQUIRED: the page explains two-step sign-in. */
  onNeedsTwoStep: () => void;
}

/** What waits for the register-email code: opening Stripe, or completing on the way back. */
type Waiting = 'start' | 'complete';

const CODE_ERRORS: readonly string[] = [
  ErrorCode.CodeInvalid,
  ErrorCode.CodeVoid,
  ErrorCode.CodeExpired,
  ErrorCode.CodeUsed,
];
const needsRegisterCode = (error: unknown) =>
  isApiError(error) && error.code === ErrorCode.RegisterCodeRequired;
const codeProblem = (error: unknown) =>
  isApiError(error) && (error.field === 'registerCode' || CODE_ERRORS.includes(error.code))
    ? error.message
    : null;

/**
 * Connect or update the payout account through Stripe's pages. Each start (and a completion whose proof ran out)
 * asks for a code sent to the register's email; a change to another account waits 72 hours (the page says so).
 */
export function StripeConnect({ payments, onLinked, onNeedsTwoStep }: StripeConnectProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'opening' | 'checking' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const codeRef = useRef<HTMLInputElement>(null);
  const sendRef = useRef<HTMLButtonElement>(null);
  const [saved, flash] = useFlash();
  const handled = useRef(false);

  /** A refusal that the code step answers: true when handled here. */
  const codeRefusal = useCallback((caught: unknown, action: Waiting) => {
    if (needsRegisterCode(caught)) {
      setWaiting(action);
      return true;
    }
    const problem = codeProblem(caught);
    if (problem) {
      setWaiting(action);
      setCodeError(problem);
      codeRef.current?.focus();
      return true;
    }
    return false;
  }, []);

  const open = useCallback(
    async (registerCode?: string) => {
      setBusy('opening');
      setFailure(null);
      setCodeError(undefined);
      try {
        const { url } = await startPaymentOnboarding(registerCode ? { registerCode } : {});
        window.location.assign(url);
      } catch (caught) {
        if (!codeRefusal(caught, 'start')) {
          if (needsTwoStep(caught)) onNeedsTwoStep();
          setFailure(failureLine(caught, (m) => m, 'Failed to open Stripe. Please try again.'));
        }
        setBusy(null);
      }
    },
    [onNeedsTwoStep, codeRefusal],
  );

  const check = useCallback(
    async (registerCode?: string) => {
      setBusy('checking');
      setFailure(null);
      setCodeError(undefined);
      try {
        const answer = await completePaymentOnboarding(registerCode ? { registerCode } : {});
        setWaiting(null);
        setCode('');
        onLinked(answer);
        if (answer.linked) flash(PreferenceSuccess.PaymentsLinked);
        else setPending(answer.pending_change ? null : (answer.message ?? null));
        if (answer.pending_change && answer.message) flash(answer.message);
      } catch (caught) {
        if (!codeRefusal(caught, 'complete')) {
          if (needsTwoStep(caught)) onNeedsTwoStep();
          setFailure(failureLine(caught, (m) => m, 'Failed to check your Stripe account. Please try again.'));
        }
      } finally {
        setBusy(null);
      }
    },
    [onLinked, flash, onNeedsTwoStep, codeRefusal],
  );

  // Back from Stripe: `return` checks the account; `refresh` (the link expired) opens a fresh link.
  useEffect(() => {
    if (handled.current) return;
    const back = new URLSearchParams(location.search).get(STRIPE_RETURN_PARAM);
    if (back !== 'return' && back !== 'refresh') return;
    handled.current = true;
    navigate(paths.charity.preferences.payments.getHref(), { replace: true });
    if (back === 'refresh') void open();
    else void check();
    // Once, on arrival (the ref keeps later renders out).
  }, [location.search, navigate, open, check]);

  // The code step replaces the button that had focus: its first control, Send Code, takes it.
  useEffect(() => {
    if (waiting) sendRef.current?.focus();
  }, [waiting]);

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!waiting || busy) return;
    if (waiting === 'start') void open(code);
    else void check(code);
  };

  const connected = payments.stripe_account_id !== null;
  const label = connected
    ? 'Update Details with Stripe'
    : payments.onboarding_started || pending
      ? 'Continue with Stripe'
      : 'Connect with Stripe';

  return (
    <>
      {busy === 'checking' ? <LoadingStatus>Checking your Stripe account...</LoadingStatus> : null}
      {pending ? (
        <Notice tone="warning">
          <p>{pending}</p>
        </Notice>
      ) : null}
      {waiting ? (
        <form className="auth-form" noValidate onSubmit={submitCode} aria-busy={busy !== null}>
          <RegisterCodeStep
            id="payout-register-code"
            value={code}
            onValueChange={setCode}
            error={codeError}
            onSend={sendPayoutCode}
            inputRef={codeRef}
            sendRef={sendRef}
          />
          <SaveRow failure={failure}>
            <Button type="submit" disabled={busy !== null}>
              {busy ? 'Checking...' : waiting === 'start' ? 'Continue to Stripe' : 'Confirm'}
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => setWaiting(null)}
              disabled={busy !== null}
            >
              Cancel
            </Button>
          </SaveRow>
        </form>
      ) : (
        <SaveRow failure={failure}>
          <Button onClick={() => void open()} disabled={busy !== null}>
            {busy === 'opening' ? 'Opening Stripe...' : label}
          </Button>
        </SaveRow>
      )}
      <p className="pref-note">
        Stripe, our payment provider, verifies your charity and its bank account on its own secure pages, then
        brings you back here. A change to another account takes effect {PAYOUT_CHANGE_HOLD_HOURS} hours after
        you make it.
      </p>
      <SavedMessage saved={saved} />
    </>
  );
}
