import type { AccountPreferencesResponse, PaymentAccountResponse } from '@shared/api/schemas/preferences';
import { brand } from '@shared/brand';
import { PaymentFacts } from '@shared/preferences';
import { paths } from '@shared/site/paths';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { PrefIcon } from '@/components/charity-area/pref-icon';
import { PrefCard, PreferencesLayout } from '@/components/charity-area/preferences-layout';
import { Notice } from '@/components/ui/notice';
import { formatDateTime } from '@/lib/format';
import { usePreferences } from '../hooks/use-preferences';
import { HmrcReferenceCard } from './hmrc-reference-card';
import { StripeConnect } from './stripe-connect';
import { TwoStepNeeded } from './two-step-needed';

type Payments = AccountPreferencesResponse['payments'];

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

/** A change of payout account waiting out its 72 hours: which account takes over, and when. */
function PendingChange({ payments }: { payments: Payments }) {
  const change = payments.pending_change;
  if (!change) return null;
  return (
    <Notice tone="info" id="payout-change">
      <p>
        <strong>Payout account change on hold.</strong> The account <code>{change.stripe_account_id}</code>{' '}
        takes over on <strong>{formatDateTime(change.effective_at)}</strong>. Until then, donations keep going
        to {payments.stripe_account_id ? <code>{payments.stripe_account_id}</code> : 'your current account'}.
      </p>
      <p>
        We have emailed your sign-in address and the address the Charity Commission holds for your charity. If
        nobody at your charity asked for this, use the link in either email to cancel it.
      </p>
    </Notice>
  );
}

/** `/charity/preferences/payments`: connect the charity's own payment account (needed to go live). */
export function PaymentsPage() {
  const { load, prefs, signOut, update } = usePreferences();
  const [twoStepNeeded, setTwoStepNeeded] = useState(false);
  const onNeedsTwoStep = useCallback(() => setTwoStepNeeded(true), []);
  const onLinked = (saved: PaymentAccountResponse) =>
    update((p) => ({
      ...p,
      payments: {
        ...p.payments,
        stripe_account_id: saved.stripe_account_id,
        finished_setting_up_account: saved.finished_setting_up_account,
        charges_enabled: saved.charges_enabled,
        onboarding_started: saved.stripe_account_id ? false : p.payments.onboarding_started,
        pending_change: saved.pending_change === undefined ? p.payments.pending_change : saved.pending_change,
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
            <PendingChange payments={prefs.payments} />
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
