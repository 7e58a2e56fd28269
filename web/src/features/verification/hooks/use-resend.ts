import type { VerificationInfoResponse } from '@shared/api/schemas/charity-account';
import { RESEND_THROTTLE_SECONDS, VerificationMessage } from '@shared/verification';
import { useCallback, useEffect, useState } from 'react';
import { NoSessionError } from '@/features/charity-auth';
import { isApiError } from '@/lib/api';
import { resendVerificationCode } from '../api/verification-api';
import { deviceStorage, recordAttempt, throttleRemaining } from '../utils/throttle';
import { resendFailure, VerifyText } from '../utils/verification-errors';

export type ResendReport = { tone: 'success' | 'error'; text: string };

/**
 * Seconds left before the next resend, counting down once a second. The server's throttle is the truth: the
 * wait comes from what it says (get-verification-info's `resend_wait_seconds`, a 429's `waitTime`), and the
 * device's own flag (`lastResendAttempt`, 30 s) only ever lengthens it.
 */
function useCountdown() {
  const [readyAt, setReadyAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((readyAt - now) / 1000));
  const counting = secondsLeft > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [counting]);
  const waitFor = useCallback((serverSeconds: number) => {
    const at = Date.now();
    const local = throttleRemaining(deviceStorage(), 'resend', at);
    setNow(at);
    setReadyAt((current) => Math.max(current, at + serverSeconds * 1000, at + local));
  }, []);
  return { secondsLeft, waitFor };
}

/** Resend Code: the call, its messages and the countdown to the next one. */
export function useResend({
  report,
  onSent,
}: {
  report: (message: ResendReport) => void;
  /** After a resend: the fresh verification info (new sent time, the server's next wait), or null. */
  onSent: () => Promise<VerificationInfoResponse | null>;
}) {
  const { secondsLeft, waitFor } = useCountdown();
  const [resending, setResending] = useState(false);

  const resend = async () => {
    if (resending) return;
    const now = Date.now();
    if (secondsLeft > 0 || throttleRemaining(deviceStorage(), 'resend', now) > 0) {
      waitFor(0);
      report({ tone: 'error', text: VerificationMessage.WaitBeforeResend });
      return;
    }
    recordAttempt(deviceStorage(), 'resend', now);
    setResending(true);
    try {
      await resendVerificationCode();
      report({ tone: 'success', text: VerificationMessage.Resent });
      const info = await onSent();
      waitFor(info ? info.resend_wait_seconds : RESEND_THROTTLE_SECONDS);
    } catch (error) {
      if (isApiError(error) && error.status === 429 && error.waitTime) waitFor(error.waitTime);
      const noSession = error instanceof NoSessionError;
      report({ tone: 'error', text: noSession ? VerifyText.SignInToResend : resendFailure(error) });
    } finally {
      setResending(false);
    }
  };

  return { resend, resending, secondsLeft, waitFor };
}
