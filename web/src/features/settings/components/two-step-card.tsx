import { ErrorCode } from '@shared/api/error-codes';
import { brand } from '@shared/brand';
import { paths, type SettingsSection } from '@shared/site/paths';
import { groupedSecret } from '@shared/two-step';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { RegisterCodeStep } from '@/components/charity-area/register-code-step';
import { SavedMessage, SaveRow } from '@/components/charity-area/save-row';
import { AreaCard } from '@/components/charity-area/signed-in-page';
import { AuthenticatorCodeField, PasswordField } from '@/components/form/form-field';
import { usePasswordAndCode } from '@/components/form/use-password-and-code';
import { Button } from '@/components/ui/button';
import { LoadingStatus } from '@/components/ui/loading-status';
import { QrCode } from '@/components/ui/qr-code';
import { StatusPill } from '@/components/ui/status-pill';
import { signOutCharity } from '@/features/charity-auth';
import { isApiError } from '@/lib/api';
import {
  sendPayoutCode,
  startTwoStepSetup,
  turnOffTwoStep,
  turnOnTwoStep,
  useTwoStepStatusQuery,
} from '../api/settings-api';
import { twoStepFailure } from '../utils/settings-rules';

type Setup = { secret: string; otpauthUri: string };

/**
 * Settings, "Two-step sign-in": turning TOTP on (a QR code with the typed key beside it, confirmed with a
 * code; every session ends and the user signs in again with a code) or off (password and a current code).
 * The app's routes do the Cognito calls; the browser only hands over its own access token.
 */
export function TwoStepCard() {
  const navigate = useNavigate();
  const status = useTwoStepStatusQuery();
  const enabled = status.data?.enabled ?? null;
  const [setup, setSetup] = useState<Setup | null>(null);
  const form = usePasswordAndCode();
  const { values, codeRef } = form;
  const failure = form.failure ?? (status.status === 'error' ? twoStepFailure(status.error) : null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // With a payout account connected, turning off also needs a code from the register's email (issue 41).
  const [registerNeeded, setRegisterNeeded] = useState(false);
  const [registerCode, setRegisterCode] = useState('');
  const [registerError, setRegisterError] = useState<string | undefined>();

  // The QR code and the code field replace the button that had focus: the field takes it.
  useEffect(() => {
    if (setup) codeRef.current?.focus();
  }, [setup, codeRef]);

  /** Runs one call with the card busy; a failure goes under its field (focused) or under the form. */
  const run = async (action: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    form.clearFailure();
    setDone(null);
    try {
      await action();
    } catch (caught) {
      form.fail(twoStepFailure(caught));
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    run(async () => {
      const answer = await startTwoStepSetup();
      setSetup({ secret: answer.secret, otpauthUri: answer.otpauthUri });
    });

  const turnOn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      const answer = await turnOnTwoStep(values.code);
      // Every session has ended, this one too: to sign-in first (this page's session watch, which would
      // redirect without the notice, goes with it), then this device's tokens are cleared.
      navigate(paths.charity.signIn.getHref(), { replace: true, state: { notice: answer.message } });
      await signOutCharity();
    });
  };

  const turnOff = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRegisterError(undefined);
    void run(async () => {
      try {
        const answer = await turnOffTwoStep({
          ...values,
          ...(registerNeeded && registerCode ? { registerCode } : {}),
        });
        form.clearValues();
        setRegisterNeeded(false);
        setRegisterCode('');
        status.setData((data) => ({ ...data, enabled: false }));
        setDone(answer.message);
      } catch (caught) {
        // The reason is said under the form (an alert), and the code step appears above the button.
        if (isApiError(caught) && caught.code === ErrorCode.RegisterCodeRequired) {
          setRegisterNeeded(true);
          throw caught;
        }
        if (isApiError(caught) && caught.field === 'registerCode') {
          setRegisterError(caught.message);
          return;
        }
        throw caught;
      }
    });
  };

  const fieldError = (field: 'code' | 'password') => form.fieldError(field, failure);
  const codeField = (
    <AuthenticatorCodeField
      id="two-step-code"
      inputRef={codeRef}
      value={values.code}
      onValueChange={form.change('code')}
      error={fieldError('code')}
    />
  );
  const formFailure = failure?.field === 'form' ? failure.message : null;

  return (
    <AreaCard id={'two-step' satisfies SettingsSection} title="Two-Step Sign-In">
      <p>
        Two-step sign-in asks for a code from an authenticator app on your phone as well as your password. It
        is needed to connect or change the account {brand.productName} pays donations into.
      </p>
      {enabled === null && !failure ? <LoadingStatus>Checking two-step sign-in...</LoadingStatus> : null}
      {enabled !== null ? (
        <p>
          <StatusPill done={enabled}>{enabled ? 'On' : 'Off'}</StatusPill>
        </p>
      ) : null}
      {enabled === false && !setup ? (
        <SaveRow failure={formFailure} className="">
          <Button onClick={() => void start()} disabled={busy}>
            {busy ? 'Preparing...' : 'Turn On Two-Step Sign-In'}
          </Button>
        </SaveRow>
      ) : null}
      {enabled === false && setup ? (
        <form className="auth-form" noValidate onSubmit={turnOn} aria-busy={busy}>
          <ol className="two-step__steps">
            <li>Open an authenticator app on your phone and add an account by scanning this code.</li>
          </ol>
          <QrCode value={setup.otpauthUri} label="QR code to add your account to an authenticator app" />
          <p>
            Cannot scan it? Enter this key in the app instead (time-based):{' '}
            <code className="two-step__key">{groupedSecret(setup.secret)}</code>
          </p>
          <ol className="two-step__steps" start={2}>
            <li>Enter the 6-digit code the app now shows. You will then sign in again with a code.</li>
          </ol>
          {codeField}
          <SaveRow failure={formFailure} className="">
            <Button type="submit" disabled={busy}>
              {busy ? 'Turning On...' : 'Confirm and Turn On'}
            </Button>
          </SaveRow>
        </form>
      ) : null}
      {enabled === true ? (
        <form className="auth-form" noValidate onSubmit={turnOff} aria-busy={busy}>
          <p>To turn it off, enter your password and a current code from your app.</p>
          <PasswordField
            id="two-step-password"
            label="Current Password"
            inputRef={form.passwordRef}
            value={values.password}
            onValueChange={form.change('password')}
            error={fieldError('password')}
            autoComplete="current-password"
            maxLength={256}
            required
          />
          {codeField}
          {registerNeeded ? (
            <RegisterCodeStep
              id="two-step-register-code"
              value={registerCode}
              onValueChange={setRegisterCode}
              error={registerError}
              onSend={sendPayoutCode}
            />
          ) : null}
          <SaveRow failure={formFailure} className="">
            <Button type="submit" variant="secondary" disabled={busy}>
              {busy ? 'Turning Off...' : 'Turn Off Two-Step Sign-In'}
            </Button>
          </SaveRow>
        </form>
      ) : null}
      <SavedMessage saved={done} />
      {enabled === null && failure?.field === 'form' ? (
        <SaveRow failure={failure.message} className="">
          {null}
        </SaveRow>
      ) : null}
    </AreaCard>
  );
}
