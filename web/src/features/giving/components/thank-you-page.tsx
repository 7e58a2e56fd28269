import { brand } from '@shared/brand';
import { formatPence } from '@shared/giving';
import { paths } from '@shared/site/paths';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentMeta } from '@/components/seo/use-document-meta';
import { Button, ButtonLink } from '@/components/ui/button';
import { FollowOffer } from '@/features/following';
import { isApiError } from '@/lib/api';
import { type Donation, useDonationStatus } from '../hooks/use-donation-status';
import { forgetChoices, loadChoices } from '../utils/saved-choices';
import './thank-you.css';

const money = (pence: number) => formatPence(pence, { always: true });

/** What the page says, and its heading: one phase of the donation at a time. */
type Phase = 'confirming' | 'paid' | 'not-taken' | 'checking' | 'refunded' | 'unknown' | 'unreachable';

function phaseOf(view: ReturnType<typeof useDonationStatus>): Phase {
  if (view.state === 'invalid') return 'unknown';
  if (view.state === 'loading') return 'confirming';
  if (view.state === 'error')
    return isApiError(view.error) && view.error.status === 404 ? 'unknown' : 'unreachable';
  switch (view.donation.status) {
    case 'pending':
      return 'confirming';
    case 'paid':
    // Issue 33 (ledger): the donor's bank disputed it; the payment was taken, as far as this page goes.
    case 'disputed':
    // Issue 41: the refund did not reach the donor's card, so the gift stands (support arranges the rest).
    case 'refund_failed':
      return 'paid';
    case 'failed':
    case 'expired':
      return 'not-taken';
    case 'flagged':
      return 'checking';
    case 'refunded':
      return 'refunded';
  }
}

const HEADINGS: Record<Phase, string> = {
  confirming: 'Confirming your payment…',
  paid: 'Thank you!',
  'not-taken': "Your payment didn't go through",
  checking: "We're taking a closer look at this payment",
  refunded: 'This donation has been refunded',
  unknown: "We couldn't find this donation",
  unreachable: "We couldn't check your payment just now",
};

function Summary({ donation }: { donation: Donation }) {
  return (
    <dl className="thanks-summary">
      <div>
        <dt>Your donation to {donation.charity_name}</dt>
        <dd>{money(donation.donation_pence)}</dd>
      </div>
      <div>
        <dt>Tip to {brand.productName}</dt>
        <dd>{donation.tip_pence ? money(donation.tip_pence) : 'No tip'}</dd>
      </div>
      <div>
        <dt>Gift Aid</dt>
        <dd>{donation.gift_aid ? 'Yes' : 'No'}</dd>
      </div>
      <div className="thanks-summary__total">
        <dt>Total charged</dt>
        <dd>{money(donation.total_pence)}</dd>
      </div>
    </dl>
  );
}

/**
 * `/charities/<number>/thank-you?donation=<id>`, where Stripe Checkout returns a donor who paid: "Confirming your
 * payment…" while the payment is pending, then the thank-you with the figures; a payment that did not go through
 * says so and leads back to the charity. Not prerendered, noindex.
 */
export function ThankYouPage({ registrationNumber }: { registrationNumber: string }) {
  const [params] = useSearchParams();
  const view = useDonationStatus(params.get('donation'));
  const phase = phaseOf(view);
  const donation = view.state === 'ready' ? view.donation : null;
  // The gift's address, from the box's choices this tab kept (read before they are forgotten): the follow offer's.
  const [giftEmail] = useState(() => loadChoices(registrationNumber)?.email ?? '');
  useDocumentMeta({
    title: phase === 'paid' ? 'Thank you for your donation' : 'Your donation',
    description: `Your donation through ${brand.productName}.`,
    noindex: true,
  });

  const heading = useRef<HTMLHeadingElement>(null);
  const firstPhase = useRef(phase);
  useEffect(() => {
    // A new answer is announced by moving focus to its heading (not on arrival: the page is read from the top).
    if (phase !== firstPhase.current) heading.current?.focus();
    if (phase === 'paid' && donation) forgetChoices(donation.registration_number);
  }, [phase, donation]);

  const number = donation?.registration_number ?? registrationNumber;
  const charityName = donation?.charity_name;
  const back = (
    <ButtonLink
      to={paths.charityPage.getHref(number)}
      variant={phase === 'paid' ? 'secondary' : 'primary'}
      size="lg"
    >
      {charityName ? `Back to ${charityName}` : "Back to the charity's page"}
    </ButtonLink>
  );

  let body: ReactNode;
  if (phase === 'confirming') {
    const takingLong = view.state === 'ready' && view.takingLong;
    body = (
      <p className="thanks-lead" role="status">
        {takingLong ? (
          <>
            Still confirming. This is taking longer than usual, but there's nothing more you need to do: your
            receipt will arrive by email as soon as your bank confirms the payment. You can close this page.
          </>
        ) : (
          <>
            <span className="thanks-spinner" aria-hidden="true" />
            This usually takes a few seconds. Please keep this page open.
          </>
        )}
      </p>
    );
  } else if (phase === 'paid' && donation) {
    body = (
      <>
        <p className="thanks-lead">
          Your donation of {money(donation.donation_pence)} to {donation.charity_name} is confirmed. Your
          receipt is on its way to your inbox.
        </p>
        <Summary donation={donation} />
        {donation.gift_aid ? (
          <p className="thanks-note">
            With Gift Aid, {donation.charity_name} can claim an extra 25p from HMRC for every £1 you gave.
          </p>
        ) : null}
        <FollowOffer
          registrationNumber={donation.registration_number}
          charityName={donation.charity_name}
          email={giftEmail}
        />
        <p className="thanks-actions">{back}</p>
      </>
    );
  } else if (phase === 'not-taken') {
    body = (
      <>
        <p className="thanks-lead">
          Nothing was taken from your card. You can go back to {charityName ?? 'the charity'} and try again,
          with another card if you like.
        </p>
        <p className="thanks-actions">{back}</p>
      </>
    );
  } else if (phase === 'checking') {
    body = (
      <>
        <p className="thanks-lead">
          This happens now and then, to keep donors and charities safe. There's nothing you need to do: we'll
          email you as soon as it's done.
        </p>
        <p className="thanks-actions">{back}</p>
      </>
    );
  } else if (phase === 'refunded') {
    body = (
      <>
        <p className="thanks-lead">The money has gone back to the card you paid with.</p>
        <p className="thanks-actions">{back}</p>
      </>
    );
  } else if (phase === 'unreachable' && view.state === 'error') {
    body = (
      <>
        <p className="thanks-lead" role="alert">
          Please check your connection and try again. If you completed your payment, your receipt will still
          arrive by email.
        </p>
        <p className="thanks-actions">
          <Button size="lg" onClick={() => void view.retry()}>
            Try again
          </Button>
        </p>
      </>
    );
  } else {
    body = (
      <>
        <p className="thanks-lead">
          The link may be incomplete. If you gave, your receipt is on its way by email; if anything looks
          wrong, email us at <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>.
        </p>
        <p className="thanks-actions">{back}</p>
      </>
    );
  }

  return (
    <div className="warm-band thanks-page">
      <div className="container">
        <section className="card card--raised thanks-card" aria-labelledby="thanks-heading">
          {phase === 'paid' ? (
            <span className="thanks-badge" aria-hidden="true">
              ✓
            </span>
          ) : null}
          <h1 id="thanks-heading" ref={heading} tabIndex={-1} className="thanks-title">
            {HEADINGS[phase]}
          </h1>
          {body}
        </section>
      </div>
    </div>
  );
}
