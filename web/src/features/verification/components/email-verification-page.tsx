import type { CharityProfileResponse, VerificationInfoResponse } from '@shared/api/schemas/charity-account';
import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { VERIFICATION_CODE_LENGTH, VerificationMessage } from '@shared/verification';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthPage } from '@/components/charity-area/auth-page';
import { describedBy } from '@/components/form/form-field';
import { AuthIcon } from '@/components/ui/auth-icon';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useCharitySession } from '@/features/charity-auth';
import { callApi } from '@/lib/api';
import { useResend } from '../hooks/use-resend';
import { formatDateTime } from '../utils/format-time';
import {
  formatCountdown,
  recordAttempt,
  sanitiseCode,
  deviceStorage as storage,
  throttleRemaining,
} from '../utils/throttle';
import { VerifyText, verifyFailure } from '../utils/verification-errors';
import { SentDetails, VerificationAside } from './verification-details';
import './verification.css';
import { LoadingStatus } from '@/components/ui/loading-status';

/** Milliseconds between the success message and the dashboard (spec, section 9). */
export const VERIFIED_REDIRECT_MS = 2000;

type Load =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'ready'; profile: CharityProfileResponse; info: VerificationInfoResponse };

type Message = { tone: 'success' | 'error'; text: string } | null;

/** `/charity/email-verification`: the 6-digit code mailed to the email the register holds for the charity. */
export function EmailVerificationPage() {
  const { session, getToken, signOut } = useCharitySession();
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [message, setMessage] = useState<Message>(null);
  const [locked, setLocked] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [verified, setVerified] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  const signedIn = session.status === 'signed-in';
  const { resend, resending, secondsLeft, waitFor } = useResend({
    getToken,
    report: setMessage,
    onSent: async (token) => {
      setCode('');
      const info = await callApi('get-verification-info', {}, { token }).catch(() => null);
      if (info) setLoad((current) => (current.kind === 'ready' ? { ...current, info } : current));
      return info;
    },
  });

  const loadData = useCallback(async () => {
    const token = await getToken();
    if (!token) {
      navigate(paths.charity.signIn.getHref(), { replace: true });
      return;
    }
    try {
      const [profile, info] = await Promise.all([
        callApi('get-charity-profile', {}, { token }),
        callApi('get-verification-info', {}, { token }),
      ]);
      if (profile.verification.verified) {
        navigate(paths.charity.dashboard.getHref(), { replace: true });
        return;
      }
      setLocked(profile.verification.locked);
      setLoad({ kind: 'ready', profile, info });
      waitFor(info.resend_wait_seconds);
    } catch {
      setLoad({ kind: 'error' });
    }
  }, [getToken, navigate, waitFor]);

  useEffect(() => {
    if (signedIn) void loadData();
  }, [signedIn, loadData]);

  useEffect(() => {
    if (!verified) return;
    const timer = window.setTimeout(() => navigate(paths.charity.dashboard.getHref()), VERIFIED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [verified, navigate]);

  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verifying || verified) return;
    setMessage(null);
    if (code.length !== VERIFICATION_CODE_LENGTH) {
      setCodeError(VerificationMessage.CodeFormat);
      codeRef.current?.focus();
      return;
    }
    const now = Date.now();
    if (throttleRemaining(storage(), 'verify', now) > 0) {
      setCodeError(VerificationMessage.WaitBeforeRetry);
      return;
    }
    const token = await getToken();
    if (!token) {
      setMessage({ tone: 'error', text: VerifyText.SignInToVerify });
      return;
    }
    recordAttempt(storage(), 'verify', now);
    setVerifying(true);
    try {
      const answer = await callApi('verify-charity-code', { verificationCode: code }, { token });
      setVerified(true);
      setMessage({ tone: 'success', text: answer.message || VerificationMessage.Verified });
    } catch (error) {
      const failure = verifyFailure(error);
      if (failure.locked) {
        setLocked(true);
        setMessage({ tone: 'error', text: failure.message });
      } else {
        setCodeError(failure.message);
        codeRef.current?.focus();
      }
    } finally {
      setVerifying(false);
    }
  };

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

  if (load.kind !== 'ready') {
    return (
      <AuthPage {...meta} size="wide">
        {load.kind === 'error' ? (
          <div className="live-region">
            <Notice tone="error" role="alert">
              <p>{VerifyText.LoadFailed}</p>
              <p>
                <button type="button" className="link-button" onClick={() => void loadData()}>
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

  const { profile, info } = load;
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
          {locked ? null : (
            <form className="auth-form verify-form" noValidate onSubmit={verify} aria-busy={verifying}>
              <div className={`form-field${codeError ? ' form-field--invalid' : ''}`}>
                <label className="form-field__label" htmlFor="verification-code">
                  Verification code
                </label>
                <p className="form-field__hint" id="verification-code-hint">
                  The 6 digits from the email.
                </p>
                <input
                  ref={codeRef}
                  id="verification-code"
                  className="form-field__input verify-form__code"
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]*"
                  maxLength={VERIFICATION_CODE_LENGTH}
                  value={code}
                  aria-invalid={codeError ? true : undefined}
                  aria-describedby={describedBy('verification-code', true, codeError)}
                  onChange={(event) => {
                    setCode(sanitiseCode(event.target.value));
                    setCodeError(undefined);
                  }}
                  disabled={verified}
                />
                {codeError ? (
                  <p className="form-field__error" id="verification-code-error">
                    <AuthIcon name="alert" size={16} className="form-field__error-icon" />
                    <span>{codeError}</span>
                  </p>
                ) : null}
              </div>
              <div className="verify-form__actions">
                <Button type="submit" size="lg" disabled={verifying || verified}>
                  {verifying ? 'Verifying...' : 'Verify Code'}
                </Button>
                <Button
                  variant="secondary"
                  size="lg"
                  onClick={() => {
                    setMessage(null);
                    setCodeError(undefined);
                    void resend();
                  }}
                  disabled={resending || verified || secondsLeft > 0}
                  aria-describedby={secondsLeft > 0 ? 'resend-countdown' : undefined}
                >
                  {resending ? 'Sending...' : 'Resend Code'}
                </Button>
              </div>
              {secondsLeft > 0 && !verified ? (
                <p id="resend-countdown" className="verify-form__countdown">
                  You can request a new code in{' '}
                  <span className="verify-form__clock">{formatCountdown(secondsLeft)}</span>.
                </p>
              ) : null}
            </form>
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
