import { formatPence, overCeiling } from '@shared/giving';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { type GivingCharity, useGivingForm } from '../hooks/use-giving-form';
import { describeProblems } from '../utils/giving-form';
import { AboutYouSection } from './about-you-section';
import { AmountSection } from './amount-section';
import { BreakdownSection } from './breakdown-section';
import { GiftAidSection } from './gift-aid-section';
import { OptionsSection } from './options-section';
import { TipSection } from './tip-section';
import './giving.css';

/** The query Stripe Checkout's Cancel link returns with (the server's `cancel_url`). */
export const CANCELLED_PARAM = { name: 'giving', value: 'cancelled' } as const;

/**
 * Back from Checkout's Cancel link (`?giving=cancelled`): once, the box is scrolled to and its note focused,
 * and the address loses the query (a reload is a fresh visit). The choices come back from the tab's storage.
 */
function useCancelledReturn(): boolean {
  const [params, setParams] = useSearchParams();
  const cancelled = useRef(params.get(CANCELLED_PARAM.name) === CANCELLED_PARAM.value);
  useEffect(() => {
    if (!cancelled.current) return;
    // A jump, not a glide: the page has just opened, and the box may be thousands of pixels down.
    const note = document.getElementById('give-cancelled');
    note?.scrollIntoView({ behavior: 'instant', block: 'center' });
    note?.focus({ preventScroll: true });
    setParams(
      (current) => {
        current.delete(CANCELLED_PARAM.name);
        return current;
      },
      { replace: true, state: { keepScroll: true } },
    );
  }, [setParams]);
  return cancelled.current;
}

/**
 * The giving box (issue 32): amount, tip, options, Gift Aid, about you and the breakdown, then Donate, which
 * opens the donation and sends the browser to Stripe Checkout. Loaded lazily by the charity page.
 */
export default function GivingBox({ charity }: { charity: GivingCharity }) {
  const form = useGivingForm(charity);
  const cancelled = useCancelledReturn();
  const { figures } = form;
  const summary = form.attempted ? describeProblems(form.problems) : '';
  return (
    <form
      className="giving-form"
      noValidate
      aria-busy={form.busy}
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      {cancelled ? (
        <p className="giving-note" id="give-cancelled" role="status" tabIndex={-1}>
          You left the payment page, so nothing was taken. Everything you chose is still here.
        </p>
      ) : null}
      <AmountSection form={form} />
      <TipSection form={form} />
      <OptionsSection form={form} charity={charity} />
      {form.giftAidAvailable ? <GiftAidSection form={form} charity={charity} /> : null}
      <AboutYouSection form={form} charity={charity} />
      <BreakdownSection form={form} charity={charity} />
      <div className="giving-form__end">
        <div role="alert">{form.formError ? <p className="red-box">{form.formError}</p> : null}</div>
        <p className="giving-form__problems" aria-live="polite">
          {summary}
        </p>
        <Button
          type="submit"
          size="lg"
          className="giving-form__donate"
          aria-disabled={form.busy || undefined}
          aria-describedby="give-donate-note"
        >
          {form.busy ? (
            <>
              <span className="giving-spinner" aria-hidden="true" />
              Opening secure payment…
            </>
          ) : figures && !overCeiling(figures) ? (
            `Donate ${formatPence(figures.totalPence, { always: true })}`
          ) : (
            'Donate'
          )}
        </Button>
        <p id="give-donate-note" className="giving-form__small">
          You pay on Stripe's secure checkout page. We never see your card details.
        </p>
      </div>
    </form>
  );
}
