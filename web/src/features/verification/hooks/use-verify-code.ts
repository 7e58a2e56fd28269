import { VERIFICATION_CODE_LENGTH, VerificationMessage } from '@shared/verification';
import { type FormEvent, useRef, useState } from 'react';
import { NoSessionError } from '@/features/charity-auth';
import { verifyCharityCode } from '../api/verification-api';
import { recordAttempt, sanitiseCode, deviceStorage as storage, throttleRemaining } from '../utils/throttle';
import { VerifyText, verifyFailure } from '../utils/verification-errors';
import type { ResendReport } from './use-resend';

/**
 * Verify Code: the code field's value and problem, the device's retry throttle, the call, and what it answered
 * (verified, a problem with the code, or the charity locked out).
 */
export function useVerifyCode({
  report,
  onLocked,
}: {
  /** The page's message: cleared on each try, then success or a failure that is not about the code. */
  report: (message: ResendReport | null) => void;
  onLocked: () => void;
}) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [verifying, setVerifying] = useState(false);
  const [verified, setVerified] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  const changeCode = (value: string) => {
    setCode(sanitiseCode(value));
    setCodeError(undefined);
  };

  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verifying || verified) return;
    report(null);
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
    recordAttempt(storage(), 'verify', now);
    setVerifying(true);
    try {
      const answer = await verifyCharityCode(code);
      setVerified(true);
      report({ tone: 'success', text: answer.message || VerificationMessage.Verified });
    } catch (error) {
      if (error instanceof NoSessionError) {
        report({ tone: 'error', text: VerifyText.SignInToVerify });
        return;
      }
      const failure = verifyFailure(error);
      if (failure.locked) {
        onLocked();
        report({ tone: 'error', text: failure.message });
      } else {
        setCodeError(failure.message);
        codeRef.current?.focus();
      }
    } finally {
      setVerifying(false);
    }
  };

  return { code, setCode, codeError, setCodeError, changeCode, verifying, verified, codeRef, verify };
}
