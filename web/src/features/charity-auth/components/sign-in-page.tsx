import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AsidePoint, AuthPage } from '@/components/charity-area/auth-page';
import { PasswordField, TextField } from '@/components/form/form-field';
import { AuthIcon } from '@/components/ui/auth-icon';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useCharityAuthConfig } from '../hooks/use-charity-session';
import { signInCharity } from '../lib/charity-auth';
import { clearFieldError, type FieldErrors, hasErrors, validateSignIn } from '../utils/form-validation';
import { SignInCodeForm } from './sign-in-code-form';

type Field = 'email' | 'password';

/** `/charity/signin`: every sign-in error shows under the email field (spec, section 8). */
export function SignInPage() {
  useCharityAuthConfig();
  const navigate = useNavigate();
  // A page that ended the session may say why (turning two-step sign-in on).
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const [values, setValues] = useState({ email: '', password: '' });
  const [needsCode, setNeedsCode] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const change = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => clearFieldError(e, field));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const found = validateSignIn(values);
    if (hasErrors(found)) {
      setErrors(found);
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setSubmitting(true);
    const result = await signInCharity(values.email, values.password);
    if (result.ok) {
      navigate(paths.charity.dashboard.getHref());
      return;
    }
    setSubmitting(false);
    if ('needsCode' in result) {
      setNeedsCode(true);
      return;
    }
    setErrors({ email: result.message });
    emailRef.current?.focus();
  };

  return (
    <AuthPage
      title="Charity Sign In"
      description={`Sign in to your ${brand.productName} charity account.`}
      eyebrow="For charities"
      heading="Welcome back"
      lead={<p>Sign in to manage your charity's page on {brand.productName}.</p>}
      aside={
        <>
          <h2>New to {brand.productName}?</h2>
          <p>Small charities join free and keep every penny donated, apart from the card fee.</p>
          <ul className="auth-aside__points">
            <AsidePoint icon="shield" title="Vetted charities only">
              Every account is checked against the Charity Commission register.
            </AsidePoint>
            <AsidePoint icon="heart" title="Donors welcome too">
              Donors use the donor app; this portal is for registered charities.
            </AsidePoint>
          </ul>
          <p className="auth-aside__footnote">
            <Link to={paths.charity.register.getHref()}>Register your charity</Link>
          </p>
        </>
      }
    >
      {typeof notice === 'string' && !needsCode ? (
        <Notice tone="info" role="status">
          <p>{notice}</p>
        </Notice>
      ) : null}
      {needsCode ? (
        <SignInCodeForm
          onSignedIn={() => navigate(paths.charity.dashboard.getHref())}
          onRestart={(message) => {
            setNeedsCode(false);
            setValues((v) => ({ ...v, password: '' }));
            setErrors({ email: message });
            requestAnimationFrame(() => emailRef.current?.focus());
          }}
        />
      ) : (
        <form className="auth-form" noValidate onSubmit={submit} aria-busy={submitting}>
          <TextField
            id="signin-email"
            label="Email"
            type="email"
            inputRef={emailRef}
            value={values.email}
            onValueChange={change('email')}
            error={errors.email}
            autoComplete="username"
            maxLength={254}
            required
          />
          <PasswordField
            id="signin-password"
            label="Password"
            inputRef={passwordRef}
            value={values.password}
            onValueChange={change('password')}
            error={errors.password}
            autoComplete="current-password"
            maxLength={256}
            required
          />
          <div className="auth-form__row">
            <Link to={paths.charity.forgotPassword.getHref()}>Forgot your password?</Link>
          </div>
          <Button type="submit" size="lg" className="auth-form__submit" disabled={submitting}>
            {submitting ? 'Signing In...' : 'Sign In'}
          </Button>
        </form>
      )}
      <div className="auth-links">
        <span>
          No account yet? <Link to={paths.charity.register.getHref()}>Register your charity</Link>
        </span>
        <span>
          <Link to={paths.home.getHref()} className="auth-back">
            <AuthIcon name="back" size={18} />
            Back to home
          </Link>
        </span>
      </div>
    </AuthPage>
  );
}
