import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { Link } from 'react-router';
import { AuthIcon } from '@/components/ui/auth-icon';
import { Notice } from '@/components/ui/notice';

/** The side panel: the charity, why we verify, and where to get help. */
export function VerificationAside({
  charityName,
  registrationNumber,
}: {
  charityName: string;
  registrationNumber: string;
}) {
  return (
    <>
      <h2>Your charity</h2>
      <dl className="charity-facts">
        <div>
          <dt>Name</dt>
          <dd>{charityName}</dd>
        </div>
        <div>
          <dt>Registration number</dt>
          <dd>{registrationNumber}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className="status-pill status-pill--pending">Pending Verification</span>
          </dd>
        </div>
      </dl>
      <h2 className="auth-aside__subheading">Why We Verify</h2>
      <p>
        Donors trust that every charity on {brand.productName} is real. Confirming the email on the register
        shows that someone authorised by the charity set up this account, so nobody can collect donations in
        your name.
      </p>
      <h2 className="auth-aside__subheading">Need a hand?</h2>
      <p>
        <Link to={paths.charity.support.getHref()}>Contact Support</Link> or email{' '}
        <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>. We reply within 24 hours on
        business days.
      </p>
    </>
  );
}

/** Where and when the code was sent, and the deadline to verify by. */
export function SentDetails({
  sentTo,
  sentAt,
  expiresAt,
}: {
  sentTo: string;
  sentAt: string | null;
  expiresAt: string | null;
}) {
  return (
    <>
      <div className="sent-details">
        <p className="sent-details__to">
          <AuthIcon name="mail" className="sent-details__icon" />
          <span>
            Code sent to <strong>{sentTo}</strong>
          </span>
        </p>
        <dl className="sent-details__times">
          <div>
            <dt>Sent</dt>
            <dd>{sentAt ?? 'Not available'}</dd>
          </div>
          <div>
            <dt>Expires</dt>
            <dd>{expiresAt ?? 'Not available'}</dd>
          </div>
        </dl>
        <p className="sent-details__hint">Can't see it? Check your junk or spam folder.</p>
      </div>
      <Notice tone="warning">
        <p>
          <strong>Verify by {expiresAt ?? 'the expiry date'}.</strong> If your charity is not verified by
          then, the account is deleted automatically and you will need to register again.
        </p>
      </Notice>
    </>
  );
}
