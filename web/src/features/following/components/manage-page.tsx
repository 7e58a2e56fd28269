import { FOLLOW_FREQUENCY_LABELS, type FollowFrequency } from '@shared/following';
import { paths } from '@shared/site/paths';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadingStatus } from '@/components/ui/loading-status';
import { Notice } from '@/components/ui/notice';
import { useFollowsList, useUpdateFollow } from '../api/following-api';
import { FrequencyChoice } from './frequency-choice';
import { LinkPage, linkProblem, NoToken } from './link-page';
import { useLinkToken } from './link-token';

const TITLE = 'Manage what you follow';

type Said = { tone: 'success' | 'error'; text: string; at: number };

/**
 * `/following/manage#token=…`: a follow mail's manage link. The address's follows, each with its frequency (saved
 * when chosen) and an Unfollow button; what changed is said in a live region, which takes the focus after an
 * unfollow (the row is gone).
 */
export function ManageFollowsPage() {
  const token = useLinkToken();
  const list = useFollowsList(token);
  const update = useUpdateFollow();
  const [said, setSaid] = useState<Said | null>(null);
  const [busyWith, setBusyWith] = useState<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const focusStatus = useRef(false);

  useEffect(() => {
    if (said && focusStatus.current) statusRef.current?.focus();
    focusStatus.current = false;
  }, [said]);

  if (!token) {
    return (
      <LinkPage title={TITLE} heading="This link cannot be used">
        <NoToken />
      </LinkPage>
    );
  }
  if (list.status === 'error' && !list.data) {
    return (
      <LinkPage title={TITLE} heading="This link cannot be used">
        <div className="live-region">
          <Notice tone="error" role="alert">
            <p>{linkProblem(list.error)}</p>
          </Notice>
        </div>
      </LinkPage>
    );
  }
  if (!list.data) {
    return (
      <LinkPage title={TITLE} heading={TITLE}>
        <LoadingStatus>Loading what you follow…</LoadingStatus>
      </LinkPage>
    );
  }

  const change = async (registrationNumber: string, name: string, frequency: FollowFrequency | null) => {
    if (busyWith) return;
    setBusyWith(registrationNumber);
    try {
      await update.mutate({ token, registrationNumber, frequency });
      focusStatus.current = frequency === null;
      setSaid({
        tone: 'success',
        text:
          frequency === null
            ? `You no longer follow ${name}.`
            : `Saved: ${FOLLOW_FREQUENCY_LABELS[frequency].toLowerCase()} from ${name}.`,
        at: Date.now(),
      });
    } catch (error) {
      setSaid({ tone: 'error', text: linkProblem(error), at: Date.now() });
    } finally {
      setBusyWith(null);
    }
  };

  const follows = list.data.follows;
  return (
    <LinkPage title={TITLE} heading={TITLE}>
      <div ref={statusRef} tabIndex={-1} className="live-region following-status" role="status">
        {said ? (
          <Notice key={said.at} tone={said.tone}>
            <p>{said.text}</p>
          </Notice>
        ) : null}
      </div>
      {follows.length === 0 ? (
        <p className="following-card__text">This address follows no charities. We will send it no updates.</p>
      ) : (
        <ul className="following-list">
          {follows.map((follow) => {
            const busy = busyWith === follow.registration_number;
            return (
              <li key={follow.registration_number} className="following-item">
                <h2 className="following-item__name">
                  <Link to={paths.charityPage.getHref(follow.registration_number)}>
                    {follow.charity_name}
                  </Link>
                </h2>
                <FrequencyChoice
                  id={`frequency-${follow.registration_number}`}
                  legend={`How often to email you about ${follow.charity_name}`}
                  value={follow.frequency}
                  disabled={busy}
                  onChange={(frequency) =>
                    void change(follow.registration_number, follow.charity_name, frequency)
                  }
                />
                <Button
                  variant="quiet"
                  disabled={busy}
                  onClick={() => void change(follow.registration_number, follow.charity_name, null)}
                >
                  Unfollow {follow.charity_name}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </LinkPage>
  );
}
