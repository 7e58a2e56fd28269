import { ErrorCode } from '@shared/api/error-codes';
import { paths } from '@shared/site/paths';
import { Link } from 'react-router';
import { Notice } from '@/components/ui/notice';
import { isApiError } from '@/lib/api';

/** The API refused a payment change because this session did not sign in with two-step sign-in. */
export const needsTwoStep = (error: unknown) => isApiError(error) && error.code === ErrorCode.MfaRequired;

/** Why the payment account cannot be changed yet, and where to turn two-step sign-in on. */
export function TwoStepNeeded() {
  return (
    <Notice tone="warning" role="alert">
      <p>
        <strong>Two-step sign-in is needed.</strong> To protect where donations are paid, the payment account
        can only be connected or changed after signing in with a code from an authenticator app.
      </p>
      <p>
        <Link to={paths.charity.settings.getHref('two-step')}>Turn on two-step sign-in in Settings</Link>,
        then sign in again with a code and come back here.
      </p>
    </Notice>
  );
}
