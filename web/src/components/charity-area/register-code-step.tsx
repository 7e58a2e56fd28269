import { PayoutMessage } from '@shared/payout';
import { type Ref, useState } from 'react';
import { TextField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api';
import './register-code-step.css';

export interface RegisterCodeStepProps {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Under the code field: a wrong, used or expired code, in the API's words. */
  error?: string;
  /** Sends a fresh code to the register's email; answers the line to show. */
  onSend: () => Promise<{ message: string }>;
  inputRef?: Ref<HTMLInputElement>;
  /** The "Send Code" button: the form focuses it when the step appears in place of the button that had focus. */
  sendRef?: Ref<HTMLButtonElement>;
}

/**
 * The register-email code of payout changes (issue 41): a button that mails a fresh 6-digit code to the address
 * the Charity Commission holds for the charity, and the field it is typed into. The surrounding form submits it.
 */
export function RegisterCodeStep({
  id,
  value,
  onValueChange,
  error,
  onSend,
  inputRef,
  sendRef,
}: RegisterCodeStepProps) {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [sendFailure, setSendFailure] = useState<string | null>(null);

  const send = async () => {
    if (sending) return;
    setSending(true);
    setSendFailure(null);
    try {
      setSent((await onSend()).message);
    } catch (caught) {
      setSent(null);
      setSendFailure(
        isApiError(caught) && caught.status < 500
          ? caught.message
          : 'We could not send the code. Please try again.',
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <fieldset className="register-code" aria-describedby={`${id}-why`}>
      <legend className="register-code__legend">Confirm with your charity's email</legend>
      <p id={`${id}-why`} className="pref-note">
        {PayoutMessage.CodeRequired}
      </p>
      <div className="register-code__send">
        <Button
          ref={sendRef}
          type="button"
          variant="secondary"
          onClick={() => void send()}
          disabled={sending}
          aria-busy={sending}
        >
          {sending ? 'Sending...' : sent ? 'Send a New Code' : 'Send Code'}
        </Button>
      </div>
      <div className="live-region" role="status">
        {sent ? <p className="register-code__sent">{sent}</p> : null}
      </div>
      <div className="live-region" role="alert">
        {sendFailure ? <p className="form-field__error">{sendFailure}</p> : null}
      </div>
      <TextField
        id={id}
        label="Code from your charity's email"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={7}
        required
        value={value}
        onValueChange={onValueChange}
        error={error}
        inputRef={inputRef}
      />
    </fieldset>
  );
}
