import type { UnsubscribeResponse } from '@shared/api/schemas/following';
import { FollowMessage, withCharity } from '@shared/following';
import { paths } from '@shared/site/paths';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { unsubscribeFollow } from '../api/following-api';
import { LinkPage, linkProblem, NoToken } from './link-page';
import { useLinkToken } from './link-token';

const TITLE = 'Unsubscribe';

/**
 * `/following/unsubscribe#token=…`: a follow mail's unsubscribe link. One button stops that charity's mail (a page
 * opened by a mail scanner changes nothing); a second use answers the same.
 */
export function UnsubscribePage() {
  const token = useLinkToken();
  const [done, setDone] = useState<UnsubscribeResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done]);

  if (!token) {
    return (
      <LinkPage title={TITLE} heading="This link cannot be used">
        <NoToken />
      </LinkPage>
    );
  }
  const manage = (
    <p className="following-card__text">
      <Link to={paths.following.manage.getHref(token)}>Manage everything you follow</Link>
    </p>
  );
  if (done) {
    return (
      <LinkPage title={TITLE} heading="You have unsubscribed" headingRef={heading}>
        <div className="live-region">
          <Notice tone="success" role="status">
            <p>{withCharity(FollowMessage.Unsubscribed, done.charity_name)}</p>
          </Notice>
        </div>
        <p className="following-card__text">
          Changed your mind? You can follow {done.charity_name} again from{' '}
          <Link to={paths.charityPage.getHref(done.registration_number)}>its page</Link>.
        </p>
        {manage}
      </LinkPage>
    );
  }

  const unsubscribe = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      setDone(await unsubscribeFollow(token));
    } catch (failure) {
      setError(linkProblem(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <LinkPage title={TITLE} heading="Unsubscribe from a charity's updates">
      <p className="following-card__text">
        Press the button and we will stop emailing you this charity's updates. Nothing else changes.
      </p>
      <div className="live-region" role="alert">
        {error ? (
          <Notice tone="error">
            <p>{error}</p>
          </Notice>
        ) : null}
      </div>
      <p className="following-card__actions">
        <Button size="lg" onClick={() => void unsubscribe()} disabled={busy} aria-busy={busy}>
          {busy ? 'Unsubscribing…' : 'Unsubscribe'}
        </Button>
      </p>
      {manage}
    </LinkPage>
  );
}
