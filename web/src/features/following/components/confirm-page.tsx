import type { ConfirmFollowResponse } from '@shared/api/schemas/following';
import { FOLLOW_FREQUENCY_LABELS, FollowMessage, withCharity } from '@shared/following';
import { paths } from '@shared/site/paths';
import { useEffect, useRef, useState } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { LoadingStatus } from '@/components/ui/loading-status';
import { Notice } from '@/components/ui/notice';
import { confirmFollow } from '../api/following-api';
import { LinkPage, linkProblem, NoToken } from './link-page';
import { useLinkToken } from './link-token';

type Result =
  | { state: 'checking' }
  | { state: 'done'; follow: ConfirmFollowResponse }
  | { state: 'failed'; message: string };

/**
 * `/following/confirm#token=…`: the confirmation mail's link. Opening it confirms the follow (the mail says "To
 * confirm, open this link"), once; a used, expired or unknown link says so.
 */
export function ConfirmFollowPage() {
  const token = useLinkToken();
  const [result, setResult] = useState<Result>({ state: 'checking' });
  const asked = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    confirmFollow(token).then(
      (follow) => setResult({ state: 'done', follow }),
      (error: unknown) => setResult({ state: 'failed', message: linkProblem(error) }),
    );
  }, [token]);
  useEffect(() => {
    if (result.state !== 'checking') heading.current?.focus();
  }, [result.state]);

  if (!token) {
    return (
      <LinkPage title="Confirm your follow" heading="This link cannot be used">
        <NoToken />
      </LinkPage>
    );
  }
  if (result.state === 'checking') {
    return (
      <LinkPage title="Confirm your follow" heading="Confirming your follow…" headingRef={heading}>
        <LoadingStatus>Confirming your follow…</LoadingStatus>
      </LinkPage>
    );
  }
  if (result.state === 'failed') {
    return (
      <LinkPage title="Confirm your follow" heading="This link cannot be used" headingRef={heading}>
        <div className="live-region">
          <Notice tone="error" role="alert">
            <p>{result.message}</p>
          </Notice>
        </div>
      </LinkPage>
    );
  }
  const { follow } = result;
  return (
    <LinkPage title="Follow confirmed" heading="Follow confirmed" headingRef={heading}>
      <div className="live-region">
        <Notice tone="success" role="status">
          <p>{withCharity(FollowMessage.Confirmed, follow.charity_name)}</p>
        </Notice>
      </div>
      <p className="following-card__text">
        You chose: {FOLLOW_FREQUENCY_LABELS[follow.frequency].toLowerCase()}. Every email has a link to
        unsubscribe in one click, and one to change how often you hear from each charity.
      </p>
      <p className="following-card__actions">
        <ButtonLink to={paths.charityPage.getHref(follow.registration_number)} variant="secondary">
          Visit {follow.charity_name}
        </ButtonLink>
      </p>
    </LinkPage>
  );
}
