import { brand } from '@shared/brand';
import { TwoStepMessage } from '@shared/two-step';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { AuthenticatorCodeField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { type CodeResult, confirmSignInCode } from '../lib/charity-auth';

/**
 * The second step of a sign-in with two-step sign-in on: the 6-digit code from the authenticator app. A wrong
 * or used code is said under the field and can be tried again; an expired challenge starts the sign-in again.
 */
export function SignInCodeForm({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: () => void;
  onRestart: (message: string) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => inputRef.current?.focus(), []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const typed = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setError(TwoStepMessage.CodeFormat);
      inputRef.current?.focus();
      return;
    }
    setSubmitting(true);
    const result: CodeResult = await confirmSignInCode(typed);
    if (result.ok) {
      onSignedIn();
      return;
    }
    setSubmitting(false);
    if (result.restart) {
      onRestart(result.message);
      return;
    }
    setError(result.message);
    setCode('');
    inputRef.current?.focus();
  };

  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={submitting}>
      <p id="signin-code-intro">
        Two-step sign-in is on for this account. Open your authenticator app and enter the 6-digit code it
        shows for {brand.productName}.
      </p>
      <AuthenticatorCodeField
        id="signin-code"
        inputRef={inputRef}
        value={code}
        onValueChange={(value) => {
          setCode(value);
          setError(undefined);
        }}
        error={error}
      />
      <Button type="submit" size="lg" className="auth-form__submit" disabled={submitting}>
        {submitting ? 'Checking Code...' : 'Confirm Code'}
      </Button>
    </form>
  );
}
