import { brand } from '@shared/brand';
import { evaluatePassword } from '@shared/password';
import { paths } from '@shared/site/paths';
import { type FocusEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AsidePoint, AuthPage } from '@/components/charity-area/auth-page';
import { isLeavingToSubmit, TextField } from '@/components/form/form-field';
import { NewPasswordFields } from '@/components/form/new-password-fields';
import { AuthIcon } from '@/components/ui/auth-icon';
import { Button, ButtonLink } from '@/components/ui/button';
import { Dialog, DialogIntro } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { registerCharity } from '../api/account-api';
import { useCharityAuthConfig } from '../hooks/use-charity-session';
import { signInCharity } from '../lib/charity-auth';
import { RegistrationMessage, registrationOutcome } from '../utils/auth-errors';
import {
  clearFieldError,
  type FieldErrors,
  hasErrors,
  type RegistrationField,
  type RegistrationValues,
  validateRegistration,
} from '../utils/form-validation';

/** Milliseconds between the success message and the dashboard (spec, section 9). */
export const REGISTER_REDIRECT_MS = 1500;

const empty: RegistrationValues = {
  charityRegistrationNumber: '',
  email: '',
  password: '',
  confirmPassword: '',
};

type Phase =
  | { kind: 'editing' }
  | { kind: 'submitting' }
  | { kind: 'signing-in'; message: string }
  | { kind: 'done'; message: string }
  | { kind: 'sign-in-needed'; message: string };

const fieldOrder: RegistrationField[] = ['charityRegistrationNumber', 'email', 'password', 'confirmPassword'];

const registerButton = () => document.getElementById('register-submit');

/** `/charity/register`. */
export function RegisterPage() {
  useCharityAuthConfig();
  const { environment } = useRuntimeConfig();
  const navigate = useNavigate();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors<RegistrationField>>({});
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const [charityModal, setCharityModal] = useState<string | null>(null);
  const [emailModal, setEmailModal] = useState(false);
  const refs = {
    charityRegistrationNumber: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };

  useEffect(() => {
    if (phase.kind !== 'done') return;
    const timer = window.setTimeout(() => navigate(paths.charity.dashboard.getHref()), REGISTER_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [phase, navigate]);

  const busy = phase.kind !== 'editing';
  const passwordValid = evaluatePassword(values.password).valid;

  const change = (field: RegistrationField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => clearFieldError(e, field));
    edited.current.add(field);
  };

  // Email and number are checked as the user leaves them (once typed in), not only when the form is sent.
  const edited = useRef(new Set<RegistrationField>());
  const leave = (field: 'email' | 'charityRegistrationNumber') => (event: FocusEvent<HTMLInputElement>) => {
    if (!edited.current.has(field) || isLeavingToSubmit(event)) return;
    const message = validateRegistration(values)[field];
    if (message) setErrors((e) => ({ ...e, [field]: message }));
  };

  const showErrors = (next: FieldErrors<RegistrationField>) => {
    setErrors(next);
    const first = fieldOrder.find((f) => next[f]);
    if (first) refs[first].current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = validateRegistration(values);
    if (hasErrors(found)) return showErrors(found);
    setPhase({ kind: 'submitting' });
    let message: string;
    try {
      const answer = await registerCharity({
        email: values.email.trim(),
        password: values.password,
        charityRegistrationNumber: values.charityRegistrationNumber.trim(),
      });
      message = answer.message;
    } catch (error) {
      setPhase({ kind: 'editing' });
      const outcome = registrationOutcome(error);
      if (outcome.kind === 'charity-registered') setCharityModal(outcome.charityName);
      else if (outcome.kind === 'email-registered') setEmailModal(true);
      else showErrors({ [outcome.field]: outcome.message });
      return;
    }
    setPhase({ kind: 'signing-in', message });
    const signedIn = await signInCharity(values.email, values.password);
    setPhase(
      signedIn.ok
        ? { kind: 'done', message }
        : { kind: 'sign-in-needed', message: RegistrationMessage.SignInToContinue },
    );
  };

  const numberHint =
    environment === 'production'
      ? 'Digits only, as shown on the Charity Commission register, for example 1123456.'
      : 'Test mode: checked against the test copy of the Charity Commission register. Digits only, for example 1123456.';

  return (
    <AuthPage
      title="Register Your Charity"
      description={`Register your charity with ${brand.productName}: free to join, vetted against the Charity Commission register.`}
      eyebrow="For charities"
      heading="Register your charity"
      lead={<p>Create your free account. We check your number against the Charity Commission register.</p>}
      aside={
        <>
          <h2>Why charities join {brand.productName}</h2>
          <ul className="auth-aside__points">
            <AsidePoint icon="heart" title="No fees, ever">
              100% of every donation goes to you, apart from the card provider's fee.
            </AsidePoint>
            <AsidePoint icon="sprout" title="Effortless setup">
              Tell your story with photos and updates in a few minutes.
            </AsidePoint>
            <AsidePoint icon="people" title="Reach new donors">
              People looking for small local causes find you by what you do and where.
            </AsidePoint>
          </ul>
          <p className="auth-aside__footnote">
            After registering we email a 6-digit code to the address the register holds for your charity.{' '}
            <Link to={paths.verificationInfo.getHref()}>How verification works</Link>
          </p>
        </>
      }
    >
      {phase.kind === 'editing' || phase.kind === 'submitting' ? (
        <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy}>
          <TextField
            id="register-number"
            label="Charity registration number"
            hint={numberHint}
            inputRef={refs.charityRegistrationNumber}
            value={values.charityRegistrationNumber}
            onValueChange={change('charityRegistrationNumber')}
            onBlur={leave('charityRegistrationNumber')}
            error={errors.charityRegistrationNumber}
            autoComplete="off"
            inputMode="numeric"
            maxLength={20}
            required
          />
          <TextField
            id="register-email"
            label="Email"
            hint="You'll sign in with this address."
            type="email"
            inputRef={refs.email}
            value={values.email}
            onValueChange={change('email')}
            onBlur={leave('email')}
            error={errors.email}
            autoComplete="email"
            maxLength={254}
            required
          />
          <NewPasswordFields
            idPrefix="register"
            password={{
              label: 'Password',
              inputRef: refs.password,
              value: values.password,
              onValueChange: change('password'),
              error: errors.password,
            }}
            confirm={{
              label: 'Confirm password',
              inputRef: refs.confirmPassword,
              value: values.confirmPassword,
              onValueChange: change('confirmPassword'),
              error: errors.confirmPassword,
            }}
          />
          <Button
            id="register-submit"
            type="submit"
            size="lg"
            className="auth-form__submit"
            disabled={busy || !passwordValid}
          >
            {busy ? 'Registering...' : 'Register'}
          </Button>
        </form>
      ) : null}
      <div className="live-region" aria-live="polite">
        {phase.kind === 'signing-in' || phase.kind === 'done' ? (
          <Notice tone="success">
            <p>
              <strong>{phase.message}</strong>
            </p>
            <p>
              {phase.kind === 'signing-in'
                ? RegistrationMessage.SigningIn
                : 'Taking you to your dashboard...'}
            </p>
          </Notice>
        ) : null}
        {phase.kind === 'sign-in-needed' ? (
          <Notice tone="info">
            <p>{phase.message}</p>
            <p>
              <Link to={paths.charity.signIn.getHref()}>Sign in to your charity account</Link>
            </p>
          </Notice>
        ) : null}
      </div>
      <p className="auth-links">
        <span>
          Already registered? <Link to={paths.charity.signIn.getHref()}>Sign in</Link>
        </span>
      </p>

      <Dialog
        open={charityModal !== null}
        onClose={() => setCharityModal(null)}
        returnFocus={registerButton}
        labelledBy="charity-registered-title"
        describedBy="charity-registered-text"
      >
        <DialogIntro
          id="charity-registered"
          icon={<AuthIcon name="shield" />}
          title="Charity already registered"
        >
          <strong>{charityModal}</strong> already has an account on {brand.productName}. Each charity can have
          one account. If you think this is a mistake, or you need access to it, our support team can help.
        </DialogIntro>
        <div className="dialog__actions">
          <Button variant="secondary" onClick={() => setCharityModal(null)}>
            Close
          </Button>
          <ButtonLink to={paths.charity.support.getHref()}>Contact Support</ButtonLink>
        </div>
      </Dialog>

      <Dialog
        open={emailModal}
        onClose={() => setEmailModal(false)}
        returnFocus={registerButton}
        labelledBy="email-registered-title"
        describedBy="email-registered-text"
      >
        <DialogIntro id="email-registered" icon={<AuthIcon name="mail" />} title="Email already registered">
          This email address is already registered with a charity account on {brand.productName}. Sign in
          instead, or contact support if you need help with the account.
        </DialogIntro>
        <div className="dialog__actions">
          <Button variant="secondary" onClick={() => setEmailModal(false)}>
            Close
          </Button>
          <ButtonLink to={paths.charity.support.getHref()} variant="secondary">
            Contact Support
          </ButtonLink>
          <ButtonLink to={paths.charity.signIn.getHref()}>Sign In</ButtonLink>
        </div>
      </Dialog>
    </AuthPage>
  );
}
