import type { DonationRow } from '@shared/api/schemas/donations';
import { giftAidOn } from '@shared/donations';
import { formatPence } from '@shared/giving';
import { type FormEvent, useRef } from 'react';
import { AuthenticatorCodeField, PasswordField } from '@/components/form/form-field';
import { usePasswordAndCode } from '@/components/form/use-password-and-code';
import { AuthIcon } from '@/components/ui/auth-icon';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LoadingStatus } from '@/components/ui/loading-status';
import { Notice } from '@/components/ui/notice';
import { useRefundDonation, useTwoStepStatusQuery } from '../api/donations-api';
import { ukDayLabel } from '../utils/dates';
import { refundFailure } from '../utils/failures';
import { statusId } from './donations-table';

/** What the refund means for the charity's Gift Aid: out of the next claim, or an adjustment with HMRC. */
function GiftAidNote({ donation }: { donation: DonationRow }) {
  if (!donation.gift_aid) return null;
  return donation.claim_id ? (
    <Notice tone="warning">
      <p>
        This gift&rsquo;s Gift Aid has already been claimed from HMRC. After the refund, take{' '}
        {formatPence(giftAidOn(donation.amount_pence), { always: true })} off your next claim (an adjustment),
        as the gift no longer qualifies.
      </p>
    </Notice>
  ) : (
    <p className="dialog__text">
      Its Gift Aid has not been claimed yet, so it simply leaves your Gift Aid to claim.
    </p>
  );
}

/**
 * The refund of one donation (a genuine mistake): what happens to the money, the Gift Aid note, and with
 * two-step sign-in on, the password and a current code. On success the page shows the server's message and
 * focus lands on the row's new status.
 */
export function RefundDialog({
  donation,
  onClose,
  onRefunded,
}: {
  donation: DonationRow;
  onClose: () => void;
  onRefunded: (message: string) => void;
}) {
  const refund = useRefundDonation();
  const twoStep = useTwoStepStatusQuery();
  const needsCode = twoStep.data?.enabled === true;
  const form = usePasswordAndCode();
  const { values, failure } = form;
  // Read as the dialog unmounts (after the page has closed it): a ref, not state.
  const done = useRef(false);
  const busy = refund.status === 'pending';
  const amount = formatPence(donation.amount_pence, { always: true });

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    form.clearFailure();
    try {
      const answer = await refund.mutate({
        donationId: donation.id,
        confirm: true,
        ...(needsCode ? { password: values.password, code: values.code } : {}),
      });
      done.current = true;
      onRefunded(answer.message);
    } catch (error) {
      form.fail(refundFailure(error));
    }
  };

  const close = () => !busy && onClose();

  return (
    <Dialog
      open
      onClose={close}
      labelledBy="refund-dialog-title"
      describedBy="refund-dialog-text"
      tone="danger"
      returnFocus={() => (done.current ? document.getElementById(statusId(donation.id)) : null)}
    >
      <span className="icon-circle icon-circle--warm dialog__icon">
        <AuthIcon name="back" />
      </span>
      <h2 id="refund-dialog-title" className="dialog__title">
        Refund {amount}?
      </h2>
      <p id="refund-dialog-text" className="dialog__text">
        {donation.donor_name ?? 'The anonymous donor'} gave {amount} on {ukDayLabel(donation.date)}. They get
        everything they paid back on their card (any tip and card fee too), and an email to say so. The{' '}
        {formatPence(donation.net_pence, { always: true })} your charity received is taken back from your
        payment account. A refund cannot be undone.
      </p>
      <GiftAidNote donation={donation} />
      <form className="auth-form refund-form" noValidate onSubmit={confirm} aria-busy={busy}>
        {twoStep.status === 'loading' ? <LoadingStatus>Checking two-step sign-in...</LoadingStatus> : null}
        {needsCode ? (
          <>
            <p className="dialog__text">
              Two-step sign-in is on: enter your password and a current code from your authenticator app.
            </p>
            <PasswordField
              id="refund-password"
              label="Password"
              inputRef={form.passwordRef}
              value={values.password}
              onValueChange={form.change('password')}
              error={form.fieldError('password')}
              autoComplete="current-password"
              maxLength={256}
              required
            />
            <AuthenticatorCodeField
              id="refund-code"
              inputRef={form.codeRef}
              value={values.code}
              onValueChange={form.change('code')}
              error={form.fieldError('code')}
            />
          </>
        ) : null}
        {failure?.field === 'form' ? (
          <Notice tone="error" role="alert">
            <p>{failure.message}</p>
          </Notice>
        ) : null}
        <div className="dialog__actions">
          <Button variant="quiet" onClick={close} disabled={busy}>
            Keep the Donation
          </Button>
          <Button
            type="submit"
            variant="accent"
            disabled={busy || twoStep.status === 'loading'}
            aria-busy={busy}
          >
            {busy ? 'Refunding...' : `Refund ${amount}`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
