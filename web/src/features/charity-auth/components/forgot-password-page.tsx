import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AuthPage } from '@/components/charity-area/auth-page';
import { TextField } from '@/components/form/form-field';
import { AuthIcon } from '@/components/ui/auth-icon';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { isApiError } from '@/lib/api';
import { sendPasswordReset } from '../api/account-api';
import { validateForgotPassword } from '../utils/form-validation';

export const FORGOT_PASSWORD_FAILED =
  'Failed to send password reset email. Please try again or contact support if the problem persists.';

/** `/charity/forgot-password`: the same answer whether or not the address has an account. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const invalid = validateForgotPassword(email);
    if (invalid) {
      setError(invalid);
      inputRef.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const answer = await sendPasswordReset(email.trim());
      setSent(answer.message);
    } catch (failure) {
      const fieldMessage = isApiError(failure) && failure.field === 'email' ? failure.message : undefined;
      const rateLimited = isApiError(failure) && failure.status === 429 ? failure.message : undefined;
      setError(fieldMessage ?? rateLimited ?? FORGOT_PASSWORD_FAILED);
      inputRef.current?.focus();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthPage
      title="Forgot Password"
      description={`Reset the password of your ${brand.productName} charity account.`}
      eyebrow="Charity account"
      heading="Forgot your password?"
      lead={<p>Enter the email you sign in with and we'll send you a link to choose a new password.</p>}
    >
      <div className="live-region" aria-live="polite">
        {sent ? (
          <Notice tone="success">
            <p>
              <strong>{sent}</strong>
            </p>
            <p>
              The link works once and expires after one hour. Check your junk folder if it hasn't arrived.
            </p>
          </Notice>
        ) : null}
      </div>
      {sent ? null : (
        <form className="auth-form" noValidate onSubmit={submit} aria-busy={submitting}>
          <TextField
            id="forgot-email"
            label="Email"
            type="email"
            inputRef={inputRef}
            value={email}
            onValueChange={(value) => {
              setEmail(value);
              setError(undefined);
            }}
            error={error}
            autoComplete="email"
            maxLength={254}
            required
          />
          <Button type="submit" size="lg" className="auth-form__submit" disabled={submitting}>
            {submitting ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </form>
      )}
      <div className="auth-links">
        <span>
          <Link to={paths.charity.signIn.getHref()} className="auth-back">
            <AuthIcon name="back" size={18} />
            Back to Sign In
          </Link>
        </span>
        <span>
          Need help? Email <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
        </span>
      </div>
    </AuthPage>
  );
}
