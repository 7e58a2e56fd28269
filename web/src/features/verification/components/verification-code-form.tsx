import { VERIFICATION_CODE_LENGTH } from '@shared/verification';
import type { FormEvent, RefObject } from 'react';
import { describedBy } from '@/components/form/form-field';
import { AuthIcon } from '@/components/ui/auth-icon';
import { Button } from '@/components/ui/button';
import { formatCountdown } from '../utils/throttle';

/** The code field, Verify Code and Resend Code, and the countdown to the next resend. */
export function VerificationCodeForm({
  inputRef,
  code,
  codeError,
  verifying,
  verified,
  resending,
  secondsLeft,
  onSubmit,
  onCodeChange,
  onResend,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  code: string;
  codeError: string | undefined;
  verifying: boolean;
  verified: boolean;
  resending: boolean;
  secondsLeft: number;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The field's raw value, as typed. */
  onCodeChange: (value: string) => void;
  onResend: () => void;
}) {
  return (
    <form className="auth-form verify-form" noValidate onSubmit={onSubmit} aria-busy={verifying}>
      <div className={`form-field${codeError ? ' form-field--invalid' : ''}`}>
        <label className="form-field__label" htmlFor="verification-code">
          Verification code
        </label>
        <p className="form-field__hint" id="verification-code-hint">
          The 6 digits from the email.
        </p>
        <input
          ref={inputRef}
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
          onChange={(event) => onCodeChange(event.target.value)}
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
          onClick={onResend}
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
  );
}
