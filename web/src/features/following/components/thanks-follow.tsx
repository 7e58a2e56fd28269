import { useState } from 'react';
import { useUpdatesOpen } from '../api/following-api';
import { FollowForm } from './follow-form';
import './following.css';

/**
 * "Follow <charity>'s updates by email", unticked: ticking it shows the address from the gift and the choice of
 * each post or a weekly digest; nothing is asked until the donor presses Follow.
 */
export function ThanksFollow({
  registrationNumber,
  charityName,
  email,
}: {
  registrationNumber: string;
  charityName: string;
  email: string;
}) {
  const open = useUpdatesOpen(registrationNumber);
  const [wanted, setWanted] = useState(false);
  if (!open) return null;
  return (
    <div className="follow-offer">
      <div className="follow-offer__check">
        <input
          id="follow-offer"
          type="checkbox"
          checked={wanted}
          onChange={(event) => setWanted(event.target.checked)}
        />
        <label htmlFor="follow-offer">Follow {charityName}'s updates by email</label>
      </div>
      <div id="follow-offer-form" hidden={!wanted}>
        {wanted ? (
          <FollowForm
            id="follow-thanks"
            registrationNumber={registrationNumber}
            charityName={charityName}
            initialEmail={email}
          />
        ) : null}
      </div>
    </div>
  );
}
