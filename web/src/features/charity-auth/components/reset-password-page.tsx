import { brand } from '@shared/brand';
import { resetPasswordError } from '@shared/password';
import { paths } from '@shared/site/paths';
import { type FocusEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthPage } from '@/components/charity-area/auth-page';
import { isLeavingToSubmit, PasswordField } from '@/components/form/form-field';
import { NewPasswordFields } from '@/components/form/new-password-fields';
import { AuthIcon } from '@/components/ui/auth-icon';
import { Button, ButtonLink } from '@/components/ui/button';
import { LoadingStatus } from '@/components/ui/loading-status';
import { Notice } from '@/components/ui/notice';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { isApiError } from '@/lib/api';
import { changePassword, resetPasswordWithToken, useResetToken } from '../api/account-api';
import {
  configureCharityAuth,
  currentCharityUser,
  renewSessionAfterPasswordChange,
} from '../lib/charity-auth';
import { passwordUpdateFailure } from '../utils/auth-errors';
import { confirmErrorOnLeave, isConfirmProblem } from '../utils/form-validation';

/** Milliseconds between the success message and the next page (spec, section 9). */
export const RESET_REDIRECT_MS = 2000;

export const ResetMessage = {
  InvalidLink: 'Invalid or expired reset link. Please request a new password reset.',
  ValidateFailed: 'Failed to validate reset link. Please try again.',
  UpdateFailed: 'Failed to update password. Please try again or contact support.',
  UpdatedWithToken: 'Password updated successfully! You can now sign in with your new password.',
  UpdatedSignedIn: 'Password updated successfully! Redirecting to dashboard...',
} as const;

type Mode =
  | { kind: 'validating' }
  | { kind: 'invalid'; message: string }
  /** A reset link: new password only. */
  | { kind: 'token'; token: string }
  /** Signed in without a link: the current password proves it is the owner. */
  | { kind: 'signed-in'; email: string };

/** The reset token from the link's fragment (`#token=`); the query string is never read. */
function tokenFromFragment(): string | null {
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') || null;
}

/** What a reset link's check says: still checking, not usable (and why), or usable. */
function linkMode(token: string, link: ReturnType<typeof useResetToken>): Mode {
  if (link.status === 'loading') return { kind: 'validating' };
  if (link.status === 'error') {
    const refused = isApiError(link.error) && link.error.status === 400;
    return { kind: 'invalid', message: refused ? ResetMessage.InvalidLink : ResetMessage.ValidateFailed };
  }
  return link.data?.valid
    ? { kind: 'token', token }
    : { kind: 'invalid', message: link.data?.error ?? ResetMessage.InvalidLink };
}

/** `/charity/reset-password`: a reset link (`#token=`) or, with no token, a signed-in recovery session. */
export function ResetPasswordPage() {
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const [token] = useState(tokenFromFragment);
  const link = useResetToken(token);
  // Without a link: whether a signed-in recovery session is here.
  const [account, setAccount] = useState<Mode>({ kind: 'validating' });
  const mode: Mode = token ? linkMode(token, link) : account;
  const [values, setValues] = useState({ current: '', password: '', confirm: '' });
  const [error, setError] = useState<{
    field: 'current' | 'password' | 'confirm' | 'form';
    message: string;
  } | null>(null);
  const [updating, setUpdating] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const currentRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  // The token leaves the address bar (and so history, bookmarks and screenshots) as soon as it is read.
  useEffect(() => {
    if (window.location.hash)
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
  }, []);

  useEffect(() => {
    if (token) return;
    let active = true;
    configureCharityAuth(config);
    currentCharityUser().then((user) => {
      if (active)
        setAccount(
          user
            ? { kind: 'signed-in', email: user.email }
            : { kind: 'invalid', message: ResetMessage.InvalidLink },
        );
    });
    return () => {
      active = false;
    };
  }, [token, config]);

  useEffect(() => {
    if (!success) return;
    const next =
      mode.kind === 'signed-in' ? paths.charity.dashboard.getHref() : paths.charity.signIn.getHref();
    const timer = window.setTimeout(() => navigate(next), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [success, mode.kind, navigate]);

  const change = (field: 'current' | 'password' | 'confirm') => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setError(null);
  };

  const leaveConfirm = (event: FocusEvent<HTMLInputElement>) => {
    if (isLeavingToSubmit(event)) return;
    const message = confirmErrorOnLeave(values.password, values.confirm);
    if (message) setError((e) => e ?? { field: 'confirm', message });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (updating) return;
    const invalid = resetPasswordError(values.password, values.confirm);
    if (invalid) {
      const field = isConfirmProblem(invalid) ? 'confirm' : 'password';
      setError({ field, message: invalid });
      (field === 'confirm' ? confirmRef : passwordRef).current?.focus();
      return;
    }
    setUpdating(true);
    try {
      if (mode.kind === 'token') {
        await resetPasswordWithToken(mode.token, values.password);
        setSuccess(ResetMessage.UpdatedWithToken);
      } else if (mode.kind === 'signed-in') {
        await changePassword({
          currentPassword: values.current,
          newPassword: values.password,
          confirmPassword: values.confirm,
        });
        // The change signed out every session, this one too: stay signed in with the new password.
        if (!(await renewSessionAfterPasswordChange(mode.email, values.password))) {
          navigate(paths.charity.signIn.getHref());
          return;
        }
        setSuccess(ResetMessage.UpdatedSignedIn);
      }
    } catch (failure) {
      const placed = passwordUpdateFailure(failure, ResetMessage.UpdateFailed);
      setError(placed);
      if (placed.field !== 'form') (placed.field === 'current' ? currentRef : passwordRef).current?.focus();
    } finally {
      setUpdating(false);
    }
  };

  const meta = {
    title: 'Reset Password',
    description: `Choose a new password for your ${brand.productName} charity account.`,
    eyebrow: 'Charity account',
  };

  if (mode.kind === 'validating') {
    return (
      <AuthPage {...meta} heading="Reset Your Password">
        <LoadingStatus>Validating reset link...</LoadingStatus>
      </AuthPage>
    );
  }

  if (mode.kind === 'invalid') {
    return (
      <AuthPage {...meta} heading="Invalid Reset Link">
        <div className="live-region">
          <Notice tone="error">
            <p>{mode.message}</p>
          </Notice>
        </div>
        <div className="auth-form">
          <ButtonLink to={paths.charity.forgotPassword.getHref()} size="lg">
            Request New Reset Link
          </ButtonLink>
          <ButtonLink to={paths.charity.signIn.getHref()} variant="secondary" size="lg">
            Back to Sign In
          </ButtonLink>
        </div>
      </AuthPage>
    );
  }

  const signedIn = mode.kind === 'signed-in';
  const canSubmit =
    !updating &&
    Boolean(values.password) &&
    Boolean(values.confirm) &&
    (!signedIn || Boolean(values.current));

  return (
    <AuthPage
      {...meta}
      heading="Reset Your Password"
      lead={<p>Choose a new password of at least 12 characters that you don't use anywhere else.</p>}
    >
      {success ? (
        <div className="live-region">
          <Notice tone="success" role="status">
            <p>
              <strong>{success}</strong>
            </p>
          </Notice>
        </div>
      ) : (
        <form className="auth-form" noValidate onSubmit={submit} aria-busy={updating}>
          {signedIn ? (
            <PasswordField
              id="reset-current"
              label="Current Password"
              inputRef={currentRef}
              value={values.current}
              onValueChange={change('current')}
              error={error?.field === 'current' ? error.message : undefined}
              autoComplete="current-password"
              maxLength={256}
              required
            />
          ) : null}
          <NewPasswordFields
            idPrefix="reset"
            password={{
              label: 'New Password',
              inputRef: passwordRef,
              value: values.password,
              onValueChange: change('password'),
              error: error?.field === 'password' ? error.message : undefined,
            }}
            confirm={{
              label: 'Confirm New Password',
              inputRef: confirmRef,
              value: values.confirm,
              onValueChange: change('confirm'),
              onBlur: leaveConfirm,
              error: error?.field === 'confirm' ? error.message : undefined,
            }}
          />
          {error?.field === 'form' ? (
            <Notice tone="error" role="alert">
              <p>{error.message}</p>
            </Notice>
          ) : null}
          <Button type="submit" size="lg" className="auth-form__submit" disabled={!canSubmit}>
            {updating ? 'Updating Password...' : 'Update Password'}
          </Button>
        </form>
      )}
      <section className="auth-card__section security-notice" aria-labelledby="security-notice-title">
        <h2 id="security-notice-title">
          <AuthIcon name="shield" className="security-notice__icon" /> Security Notice
        </h2>
        <ul className="fact-list">
          {signedIn ? (
            <li>You need your current password to set a new one.</li>
          ) : (
            <li>A reset link works once and expires one hour after it was sent.</li>
          )}
          <li>Updating your password signs you out on your other devices.</li>
          <li>We will never ask for your password by email or phone.</li>
          <li>
            If you did not ask for this, contact{' '}
            <a href={`mailto:${brand.securityEmail}`}>{brand.securityEmail}</a>.
          </li>
        </ul>
      </section>
      <div className="auth-links">
        <span>
          <Link
            to={signedIn ? paths.charity.dashboard.getHref() : paths.charity.signIn.getHref()}
            className="auth-back"
          >
            <AuthIcon name="back" size={18} />
            {signedIn ? 'Back to Dashboard' : 'Back to Sign In'}
          </Link>
        </span>
      </div>
    </AuthPage>
  );
}
