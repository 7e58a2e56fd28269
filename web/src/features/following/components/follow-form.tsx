import type { FollowFrequency } from '@shared/following';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { TextField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { isApiError, messageOf } from '@/lib/api';
import { useMutation } from '@/lib/query';
import { followCharity } from '../api/following-api';
import { FrequencyChoice } from './frequency-choice';
import './following.css';

interface FollowFormProps {
  registrationNumber: string;
  charityName: string;
  /** Prefix of the fields' ids: two forms on one page never share one. */
  id: string;
  /** The address already known (the gift's, on the thank-you page). */
  initialEmail?: string;
  /** Focus the email field once shown (the page's Follow button opened the form). */
  autoFocus?: boolean;
}

/** An API failure as the form shows it: on the email field, or above the button. */
function problemOf(error: unknown): { field?: 'email'; message: string } {
  return {
    field: isApiError(error) && error.field === 'email' ? 'email' : undefined,
    message: messageOf(error),
  };
}

/**
 * Follow a charity (issue 44): an email address, each post or a weekly digest, and a button. Every accepted
 * request gets the same neutral answer (a confirmation link is on its way), which takes the form's place.
 */
export function FollowForm({
  registrationNumber,
  charityName,
  id,
  initialEmail = '',
  autoFocus,
}: FollowFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [frequency, setFrequency] = useState<FollowFrequency>('each');
  const follow = useMutation(followCharity);
  const [answer, setAnswer] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const answerRef = useRef<HTMLDivElement>(null);
  const problem = follow.status === 'error' ? problemOf(follow.error) : null;

  useEffect(() => {
    if (autoFocus) emailRef.current?.focus();
  }, [autoFocus]);
  useEffect(() => {
    if (answer) answerRef.current?.focus();
  }, [answer]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (follow.status === 'pending') return;
    try {
      const done = await follow.mutate({ registrationNumber, email: email.trim(), frequency });
      setAnswer(done.message);
    } catch (error) {
      if (problemOf(error).field === 'email') emailRef.current?.focus();
    }
  };

  if (answer) {
    return (
      <div ref={answerRef} tabIndex={-1} className="follow-answer">
        <Notice tone="success" role="status">
          <p>{answer}</p>
        </Notice>
      </div>
    );
  }
  const pending = follow.status === 'pending';
  return (
    <form className="follow-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        id={`${id}-email`}
        label="Email address"
        type="email"
        autoComplete="email"
        spellCheck={false}
        value={email}
        onValueChange={setEmail}
        inputRef={emailRef}
        error={problem?.field === 'email' ? problem.message : undefined}
      />
      <FrequencyChoice id={`${id}-frequency`} value={frequency} onChange={setFrequency} />
      <div className="live-region" role="alert">
        {problem && !problem.field ? (
          <Notice tone="error">
            <p>{problem.message}</p>
          </Notice>
        ) : null}
      </div>
      <p className="follow-form__note">
        We will email you a link to confirm. Updates from {charityName} come from us, and every email has a
        one-click unsubscribe.
      </p>
      <Button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? 'Sending…' : `Follow ${charityName}`}
      </Button>
    </form>
  );
}
