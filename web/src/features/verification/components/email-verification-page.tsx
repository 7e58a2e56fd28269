import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { RegisterEmailSuppressedMessage, VerificationMessage } from '@shared/verification';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthPage } from '@/components/charity-area/auth-page';
import { AuthIcon } from '@/components/ui/auth-icon';
import { Notice } from '@/components/ui/notice';
import { NoSessionError, useCharitySession } from '@/features/charity-auth';
import { combineQueries } from '@/lib/query/combine';
import {
  fetchVerificationInfo,
  useVerificationInfoQuery,
  useVerificationProfileQuery,
} from '../api/verification-api';
import { useResend } from '../hooks/use-resend';
import { useVerifyCode } from '../hooks/use-verify-code';
import { formatDateTime } from '../utils/format-time';
import { VerifyText } from '../utils/verification-errors';
import { VerificationCodeForm } from './verification-code-form';
import { SentDetails, VerificationAside } from './verification-details';
import './verification.css';
import { LoadingStatus } from '@/components/ui/loading-status';

/** Milliseconds between the success message and the dashboard (spec, section 9). */
export const VERIFIED_REDIRECT_MS = 2000;

type Message = { tone: 'success' | 'error'; text: string } | null;

/** `/charity/email-verification`: the 6-digit code mailed to the email the register holds for the charity. */
export function EmailVerificationPage() {
  const { session, signOut } = useCharitySession();
  const navigate = useNavigate();
  const signedIn = session.status === 'signed-in';
  const profileQuery = useVerificationProfileQuery(signedIn);
  const infoQuery = useVerificationInfoQuery(signedIn);
  const [message, setMessage] = useState<Message>(null);
  const [lockedByCode, setLocked] = useState(false);
  const { code, setCode, codeError, setCodeError, changeCode, verifying, verified, codeRef, verify } =
    useVerifyCode({ report: setMessage, onLocked: () => setLocked(true) });

  const { resend, resending, secondsLeft, waitFor } = useResend({
    report: setMessage,
    onSent: async () => {
      setCode('');
      const info = await fetchVerificationInfo().catch(() => null);
      if (info) infoQuery.setData(() => info);
      return info;
    },
  });

  const load = combineQueries([profileQuery, infoQuery]);
  const noSession = load.error instanceof NoSessionError;
  const profile = profileQuery.data;
  const alreadyVerified = profile?.verification.verified === true;
  const info = alreadyVerified ? undefined : infoQuery.data;
  const locked = lockedByCode || profile?.verification.locked === true;

  // No session: to sign-in; verified already: to the dashboard.
  useEffect(() => {
    if (noSession) navigate(paths.charity.signIn.getHref(), { replace: true });
    else if (alreadyVerified) navigate(paths.charity.dashboard.getHref(), { replace: true });
  }, [noSession, alreadyVerified, navigate]);

  // The server's wait before the next resend, as the details (first loaded, or after a resend) say.
  const serverWait = info?.resend_wait_seconds;
  useEffect(() => {
    if (serverWait !== undefined) waitFor(serverWait);
  }, [serverWait, waitFor]);

  useEffect(() => {
    if (!verified) return;
    const timer = window.setTimeout(() => navigate(paths.charity.dashboard.getHref()), VERIFIED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [verified, navigate]);

  const meta = {
    title: 'Verify Your Charity',
    description: `Verify your charity's email address to finish setting up ${brand.productName}.`,
    eyebrow: 'Email verification',
    heading: 'Verify your charity email',
  };

  // Back to the dashboard and Sign Out, whatever state the page is in.
  const links = (
    <div className="auth-links">
      <span>
        <Link to={paths.charity.dashboard.getHref()} className="auth-back">
          <AuthIcon name="back" size={18} />
          Back to Dashboard
        </Link>
      </span>
      <span>
        <button type="button" className="link-button auth-back" onClick={() => void signOut()}>
          <AuthIcon name="out" size={18} />
          Sign Out
        </button>
      </span>
    </div>
  );

  if (!profile || !info) {
    return (
      <AuthPage {...meta} size="wide">
        {load.status === 'error' && !noSession ? (
          <div className="live-region">
            <Notice tone="error" role="alert">
              <p>{VerifyText.LoadFailed}</p>
              <p>
                <button type="button" className="link-button" onClick={() => void load.retry()}>
                  Try again
                </button>
              </p>
            </Notice>
          </div>
        ) : (
          <LoadingStatus>Loading verification details...</LoadingStatus>
        )}
        {links}
      </AuthPage>
    );
  }

  const sentTo = info.email_sent_to;
  const manual = profile.verification.needs_manual_verification || !sentTo;
  const sentAt = formatDateTime(info.created_at);
  const expiresAt = formatDateTime(info.expires_at);

  return (
    <AuthPage
      {...meta}
      size="wide"
      lead={
        manual ? null : (
          <p>
            We sent a 6-digit code to the email address the Charity Commission register holds for your
            charity. Enter it below to prove the charity is yours.
          </p>
        )
      }
      aside={
        <VerificationAside
          charityName={profile.charity.charity_name}
          registrationNumber={profile.charity.registration_number}
        />
      }
    >
      {manual ? (
        <div className="live-region">
          <Notice tone="info">
            <p>{VerificationMessage.NoRegisterEmail}</p>
            <p>
              <Link to={paths.charity.support.getHref()}>Contact Support</Link> or email{' '}
              <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>.
            </p>
          </Notice>
        </div>
      ) : (
        <>
          <SentDetails sentTo={sentTo} sentAt={sentAt} expiresAt={expiresAt} />
          {info.register_email_suppressed ? (
            <div className="live-region">
              <Notice tone="error">
                <p>{RegisterEmailSuppressedMessage[info.register_email_suppressed]}</p>
                <p>
                  <Link to={paths.charity.support.getHref()}>Contact Support</Link>
                </p>
              </Notice>
            </div>
          ) : null}
          {locked ? null : (
            <VerificationCodeForm
              inputRef={codeRef}
              code={code}
              codeError={codeError}
              verifying={verifying}
              verified={verified}
              resending={resending}
              secondsLeft={secondsLeft}
              onSubmit={verify}
              onCodeChange={changeCode}
              onResend={() => {
                setMessage(null);
                setCodeError(undefined);
                void resend();
              }}
            />
          )}
        </>
      )}
      <div className="live-region" aria-live="polite" role="status">
        {message ? (
          <Notice tone={message.tone}>
            <p>{message.text}</p>
            {locked && message.tone === 'error' ? (
              <p>
                <Link to={paths.charity.support.getHref()}>Contact Support</Link>
              </p>
            ) : null}
          </Notice>
        ) : null}
      </div>
      {locked && !message ? (
        <div className="live-region">
          <Notice tone="error">
            <p>{VerificationMessage.Locked}</p>
            <p>
              <Link to={paths.charity.support.getHref()}>Contact Support</Link>
            </p>
          </Notice>
        </div>
      ) : null}
      {links}
    </AuthPage>
  );
}
