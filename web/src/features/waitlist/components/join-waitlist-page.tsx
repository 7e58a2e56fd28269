import { brand } from '@shared/brand';
import { GENDER_LABELS, GENDERS, ukToday } from '@shared/donor';
import { paths } from '@shared/site/paths';
import { type FormEvent, type RefObject, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PasswordField, SelectField, TextField } from '@/components/form/form-field';
import { PasswordStrength } from '@/components/form/password-strength';
import { useDocumentMeta } from '@/components/seo/use-document-meta';
import { Button } from '@/components/ui/button';
import { registerDonor } from '../api/register-donor';
import {
  describeMissing,
  dobBounds,
  EMPTY_SIGNUP,
  firstInvalid,
  NAME_MAX_LENGTH,
  type SignupErrors,
  type SignupField,
  toRequest,
  validateSignup,
} from '../utils/signup-form';
import { signupFailure } from '../utils/signup-outcome';
import { WaitlistIcon } from './waitlist-icon';
import { WaitlistPoint, type WaitlistPointItem } from './waitlist-point';
import type { ThankYouState } from './waitlist-thank-you-page';
import './waitlist.css';

const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }));

const benefits: WaitlistPointItem[] = [
  {
    icon: 'bell',
    title: 'Be first through the door',
    text: `We'll let you know the moment ${brand.productName} opens for donations, so you can give from day one, with no platform fee taken from your gift.`,
  },
  {
    icon: 'home',
    title: 'Meet the charities next door',
    text: 'Early introductions to small, vetted charities near you: the food bank, the youth club, the hospice volunteers who keep your community going.',
  },
  {
    icon: 'key',
    title: 'Your account, ready and waiting',
    text: `The account you create today is the one you'll use in the ${brand.productName} app, so there's nothing more to fill in when we launch.`,
  },
];

/** `/join-waitlist`: the donor signup form beside three reasons to join. */
export function JoinWaitlistPage() {
  useDocumentMeta({
    title: 'Join the Waitlist',
    description: `Create your ${brand.productName} account and be among the first to give to small, vetted UK charities when we launch in Autumn 2025.`,
  });
  const navigate = useNavigate();
  const today = useMemo(() => ukToday(new Date()), []);
  const bounds = useMemo(() => dobBounds(today), [today]);
  const [values, setValues] = useState(EMPTY_SIGNUP);
  const [touched, setTouched] = useState<Partial<Record<SignupField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<SignupErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refs: Record<SignupField, RefObject<HTMLInputElement | HTMLSelectElement | null>> = {
    email: useRef<HTMLInputElement>(null),
    username: useRef<HTMLInputElement>(null),
    forename: useRef<HTMLInputElement>(null),
    surname: useRef<HTMLInputElement>(null),
    dob: useRef<HTMLInputElement>(null),
    gender: useRef<HTMLSelectElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };

  const clientErrors = validateSignup(values, today);
  const ready = firstInvalid(clientErrors) === undefined;
  // A field's own rule shows once the person has left it (or picked a date); a server answer shows at once.
  const errorOf = (field: SignupField) =>
    serverErrors[field] ?? (touched[field] ? clientErrors[field] : undefined);

  const change = (field: SignupField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
    setFormError(null);
    // A native date input reports a value only once the date is complete: check it straight away.
    if (field === 'dob' && value) setTouched((t) => ({ ...t, dob: true }));
  };
  const leave = (field: SignupField) => () => {
    if (values[field]) setTouched((t) => ({ ...t, [field]: true }));
  };
  const field = (name: SignupField) => ({
    value: values[name],
    onValueChange: change(name),
    onBlur: leave(name),
    error: errorOf(name),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const first = firstInvalid(clientErrors);
    if (first) {
      setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])));
      refs[first].current?.focus();
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      await registerDonor(toRequest(values));
    } catch (error) {
      setBusy(false);
      const failure = signupFailure(error);
      if (failure.kind === 'field') {
        setServerErrors({ [failure.field]: failure.message });
        refs[failure.field].current?.focus();
      } else {
        setFormError(failure.message);
      }
      return;
    }
    const state: ThankYouState = { forename: values.forename.trim() };
    navigate(paths.waitlistThankYou.getHref(), { state });
  };

  const missing = describeMissing(clientErrors);

  return (
    <div className="warm-band waitlist-page">
      <div className="container waitlist-page__inner">
        <header className="waitlist-intro">
          <p className="eyebrow">Donor waitlist · Launching Autumn 2025</p>
          <h1 className="waitlist-title">Join the Waitlist</h1>
          <p className="waitlist-lead">
            Create your {brand.productName} account now and you'll be ready to give to small UK charities the
            day we open. It takes about two minutes.
          </p>
        </header>

        <section className="card card--raised waitlist-page__form" aria-labelledby="signup-heading">
          <h2 id="signup-heading" className="waitlist-card__title">
            Create your account
          </h2>
          <p className="waitlist-card__note">All fields are required.</p>
          <form className="waitlist-form" noValidate onSubmit={submit} aria-busy={busy}>
            <TextField
              id="signup-email"
              label="Email"
              hint="We'll tell you here when we launch, and you'll sign in with it."
              type="email"
              inputRef={refs.email as RefObject<HTMLInputElement>}
              autoComplete="email"
              maxLength={254}
              required
              {...field('email')}
            />
            <TextField
              id="signup-username"
              label="Username"
              hint="At least 3 characters: letters, numbers, dots, hyphens or underscores."
              inputRef={refs.username as RefObject<HTMLInputElement>}
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={30}
              required
              {...field('username')}
            />
            <div className="waitlist-form__pair">
              <TextField
                id="signup-forename"
                label="First name"
                inputRef={refs.forename as RefObject<HTMLInputElement>}
                autoComplete="given-name"
                maxLength={NAME_MAX_LENGTH}
                required
                {...field('forename')}
              />
              <TextField
                id="signup-surname"
                label="Last name"
                inputRef={refs.surname as RefObject<HTMLInputElement>}
                autoComplete="family-name"
                maxLength={NAME_MAX_LENGTH}
                required
                {...field('surname')}
              />
            </div>
            <div className="waitlist-form__pair">
              <TextField
                id="signup-dob"
                label="Date of birth"
                hint="You need to be 18 or over to join."
                type="date"
                inputRef={refs.dob as RefObject<HTMLInputElement>}
                autoComplete="bday"
                min={bounds.min}
                max={bounds.max}
                required
                {...field('dob')}
              />
              <SelectField
                id="signup-gender"
                label="Gender"
                hint="Or choose “Prefer not to say”."
                selectRef={refs.gender as RefObject<HTMLSelectElement>}
                options={GENDER_OPTIONS}
                placeholder="Select…"
                required
                {...field('gender')}
              />
            </div>
            <PasswordField
              id="signup-password"
              label="Password"
              inputRef={refs.password as RefObject<HTMLInputElement>}
              autoComplete="new-password"
              maxLength={256}
              describedById="signup-password-rules"
              required
              {...field('password')}
            >
              <PasswordStrength id="signup-password-rules" password={values.password} />
            </PasswordField>
            <PasswordField
              id="signup-confirm"
              label="Confirm password"
              inputRef={refs.confirmPassword as RefObject<HTMLInputElement>}
              autoComplete="new-password"
              maxLength={256}
              required
              {...field('confirmPassword')}
            />

            <div className="waitlist-form__alert" role="alert">
              {formError ? (
                <p className="waitlist-alert">
                  <WaitlistIcon name="alert" size={20} className="waitlist-alert__icon" />
                  <span>{formError}</span>
                </p>
              ) : null}
            </div>

            <div className="waitlist-form__actions">
              <Button
                type="submit"
                size="lg"
                className={`waitlist-form__submit${busy ? ' is-busy' : ''}`}
                disabled={!ready}
                aria-disabled={busy || undefined}
                aria-describedby="signup-submit-help"
              >
                {busy ? (
                  <>
                    <span className="waitlist-spinner" aria-hidden="true" />
                    Creating your account…
                  </>
                ) : (
                  'Join the Waitlist'
                )}
              </Button>
              <p id="signup-submit-help" className="waitlist-form__help">
                {busy
                  ? 'Please wait while we set up your account.'
                  : ready
                    ? 'Everything looks good.'
                    : `To join, please complete: ${missing}.`}
              </p>
            </div>
            <p className="waitlist-form__legal">
              By joining you agree to our <Link to={paths.termsOfService.getHref()}>Terms of Service</Link>{' '}
              and <Link to={paths.privacyPolicy.getHref()}>Privacy Policy</Link>.
            </p>
          </form>
        </section>

        <section className="waitlist-page__benefits" aria-labelledby="benefits-heading">
          <h2 id="benefits-heading" className="waitlist-benefits__title">
            Why join now
          </h2>
          <ul className="waitlist-benefits">
            {benefits.map((benefit) => (
              <WaitlistPoint key={benefit.title} point={benefit} className="card waitlist-benefit" />
            ))}
          </ul>
          <p className="waitlist-benefits__footnote">
            Free for donors. No spam, and you can leave at any time.
          </p>
        </section>
      </div>
    </div>
  );
}
