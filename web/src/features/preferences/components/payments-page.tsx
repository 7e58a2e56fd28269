import type { AccountPreferencesResponse } from '@shared/api/schemas/preferences';
import { brand } from '@shared/brand';
import { PaymentFacts, PreferenceSuccess, STRIPE_RETURN_PARAM } from '@shared/preferences';
import { paths } from '@shared/site/paths';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PrefIcon } from '@/components/charity-area/pref-icon';
import { PrefCard, PreferencesLayout } from '@/components/charity-area/preferences-layout';
import { SavedMessage, SaveRow } from '@/components/charity-area/save-row';
import { Button } from '@/components/ui/button';
import { LoadingStatus } from '@/components/ui/loading-status';
import { Notice } from '@/components/ui/notice';
import { completePaymentOnboarding, startPaymentOnboarding } from '../api/preferences-api';
import { useFlash } from '../hooks/use-flash';
import { usePreferences } from '../hooks/use-preferences';
import { failureLine } from '../utils/save-error';
import { HmrcReferenceCard } from './hmrc-reference-card';
import { needsTwoStep, TwoStepNeeded } from './two-step-needed';

type Payments = AccountPreferencesResponse['payments'];
type Saved = Pick<Payments, 'stripe_account_id' | 'finished_setting_up_account' | 'charges_enabled'>;

const failed = (message: string) => message;

function SetupStatus({ payments }: { payments: Payments }) {
  if (payments.finished_setting_up_account) {
    return (
      <Notice tone="success">
        <p>
          <strong>Account setup complete.</strong> Your payment details and your charity's description are in.
        </p>
      </Notice>
    );
  }
  if (!payments.stripe_account_id) return null;
  return (
    <Notice tone="info">
      <p>
        <strong>Next: create your main page.</strong> Its mission statement is your charity's description, and
        with your payment details it completes your account setup.
      </p>
      <p>
        <Link to={paths.charity.dashboard.getHref()}>Go to your dashboard</Link>
      </p>
    </Notice>
  );
}

/** What connecting the payment account needs from the page. */
interface LinkAccountProps {
  payments: Payments;
  onLinked: (saved: Saved) => void;
  /** The API answered MFA_REQUIRED: the page explains two-step sign-in. */
  onNeedsTwoStep: () => void;
}

function StripeConnect({ payments, onLinked, onNeedsTwoStep }: LinkAccountProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'opening' | 'checking' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [saved, flash] = useFlash();
  const handled = useRef(false);

  const open = useCallback(async () => {
    setBusy('opening');
    setFailure(null);
    try {
      const { url } = await startPaymentOnboarding();
      window.location.assign(url);
    } catch (caught) {
      if (needsTwoStep(caught)) onNeedsTwoStep();
      setFailure(failureLine(caught, failed, 'Failed to open Stripe. Please try again.'));
      setBusy(null);
    }
  }, [onNeedsTwoStep]);

  // Back from Stripe: `return` checks the account; `refresh` (the link expired) opens a fresh link.
  useEffect(() => {
    if (handled.current) return;
    const back = new URLSearchParams(location.search).get(STRIPE_RETURN_PARAM);
    if (back !== 'return' && back !== 'refresh') return;
    handled.current = true;
    navigate(paths.charity.preferences.payments.getHref(), { replace: true });
    if (back === 'refresh') {
      void open();
      return;
    }
    setBusy('checking');
    (async () => {
      try {
        const answer = await completePaymentOnboarding();
        onLinked(answer);
        if (answer.linked) flash(PreferenceSuccess.PaymentsLinked);
        else setPending(answer.message ?? null);
      } catch (caught) {
        if (needsTwoStep(caught)) onNeedsTwoStep();
        setFailure(failureLine(caught, failed, 'Failed to check your Stripe account. Please try again.'));
      } finally {
        setBusy(null);
      }
    })();
    // Once, on arrival (the ref keeps later renders out).
  }, [location.search, navigate, onLinked, flash, open, onNeedsTwoStep]);

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
      <SaveRow failure={failure}>
        <Button onClick={() => void open()} disabled={busy !== null}>
          {busy === 'opening' ? 'Opening Stripe...' : label}
        </Button>
      </SaveRow>
      <p className="pref-note">
        Stripe, our payment provider, verifies your charity and its bank account on its own secure pages, then
        brings you back here.
      </p>
      <SavedMessage saved={saved} />
    </>
  );
}

/** Whether the connected account can take donations (Stripe's `charges_enabled`, kept current by its events). */
function ChargesStatus({ payments }: { payments: Payments }) {
  if (!payments.stripe_account_id) return null;
  if (payments.charges_enabled) {
    return (
      <span className="status-pill status-pill--done">
        <PrefIcon name="check" size={16} /> Taking donations
      </span>
    );
  }
  return <span className="status-pill status-pill--todo">Not taking donations yet</span>;
}

/** `/charity/preferences/payments`: connect the charity's own payment account (needed to go live). */
export function PaymentsPage() {
  const { load, prefs, signOut, update } = usePreferences();
  const [twoStepNeeded, setTwoStepNeeded] = useState(false);
  const onNeedsTwoStep = useCallback(() => setTwoStepNeeded(true), []);
  const onLinked = (saved: Saved) =>
    update((p) => ({
      ...p,
      payments: {
        ...p.payments,
        stripe_account_id: saved.stripe_account_id,
        finished_setting_up_account: saved.finished_setting_up_account,
        charges_enabled: saved.charges_enabled,
        onboarding_started: saved.stripe_account_id ? false : p.payments.onboarding_started,
      },
    }));
  return (
    <PreferencesLayout
      title="Setup Payments"
      description={`Connect your charity's payment account on ${brand.productName}.`}
      heading="Setup Payments"
      lead={<p>Donations go straight to your charity's own account. You need payment details to go live.</p>}
      onSignOut={() => void signOut()}
      load={load}
    >
      {prefs ? (
        <>
          <PrefCard id="payment-account-title" title="Your payment account" icon="card" tour="payments">
            <div className="pref-status">
              {prefs.payments.stripe_account_id ? (
                <>
                  <span className="status-pill status-pill--done">
                    <PrefIcon name="check" size={16} /> Connected
                  </span>
                  <ChargesStatus payments={prefs.payments} />
                  <span className="pref-status__account">
                    Account <code>{prefs.payments.stripe_account_id}</code>
                  </span>
                </>
              ) : (
                <span className="status-pill status-pill--todo">Not connected</span>
              )}
            </div>
            {prefs.payments.stripe_account_id && !prefs.payments.charges_enabled ? (
              <Notice tone="warning">
                <p>
                  <strong>Stripe has not turned on donations for this account yet.</strong> It may still be
                  checking your details. Choose Update Details with Stripe to see whether it needs anything
                  else.
                </p>
              </Notice>
            ) : null}
            <SetupStatus payments={prefs.payments} />
            {twoStepNeeded ? <TwoStepNeeded /> : null}
            <StripeConnect {...{ onLinked, onNeedsTwoStep }} payments={prefs.payments} />
          </PrefCard>
          <HmrcReferenceCard
            reference={prefs.payments.hmrc_reference}
            onSaved={(reference) =>
              update((p) => ({ ...p, payments: { ...p.payments, hmrc_reference: reference } }))
            }
          />
          <PrefCard id="fees-title" title="What donations cost" icon="lock">
            <ul className="pref-facts">
              <li>{PaymentFacts.platformFee}</li>
              <li>{PaymentFacts.processing}</li>
              <li>{PaymentFacts.ownAccount}</li>
            </ul>
          </PrefCard>
        </>
      ) : null}
    </PreferencesLayout>
  );
}
