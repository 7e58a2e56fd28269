import type { AccountPreferencesResponse } from '@shared/api/schemas/preferences';
import { brand } from '@shared/brand';
import { PreferenceFailure, PreferenceSuccess, preferredEmailError } from '@shared/preferences';
import { type FormEvent, useRef, useState } from 'react';
import { PrefCard, PreferencesLayout } from '@/components/charity-area/preferences-layout';
import { SavedMessage, SaveRow } from '@/components/charity-area/save-row';
import { FieldFrame, TextField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { NoSessionError } from '@/lib/no-session';
import { useUnsavedChanges } from '@/lib/unsaved/use-unsaved-changes';
import { saveNotifications, savePreferredEmail } from '../api/preferences-api';
import { useFlash } from '../hooks/use-flash';
import { usePreferences } from '../hooks/use-preferences';
import { failureLine } from '../utils/save-error';

/** A labelled on/off switch (a checkbox with the switch role: Space toggles it). */
function Toggle({
  id,
  label,
  description,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="pref-toggle">
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={checked}
        className="pref-toggle__input"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-text`}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="pref-toggle__label">
        <span className="pref-toggle__track" aria-hidden="true">
          <span className="pref-toggle__thumb" />
        </span>
        <span className="pref-toggle__name">{label}</span>
      </label>
      <p id={`${id}-text`} className="pref-toggle__text">
        {description}
      </p>
    </div>
  );
}

/** Toggles shown before the preferences load: on, as the spec says. */
const DEFAULT_TOGGLES = { tips_notifications: true, performance_updates: true };

function EmailForm({
  prefs,
  onSaved,
}: {
  prefs: AccountPreferencesResponse | null;
  onSaved: (change: AccountPreferencesResponse['email_preferences']) => void;
}) {
  const loaded = prefs?.email_preferences;
  const [preferred, setPreferred] = useState(loaded?.preferred_email ?? '');
  const [toggles, setToggles] = useState(
    loaded
      ? { tips_notifications: loaded.tips_notifications, performance_updates: loaded.performance_updates }
      : DEFAULT_TOGGLES,
  );
  const [emailError, setEmailError] = useState<string | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [saved, flash] = useFlash();
  const emailRef = useRef<HTMLInputElement>(null);
  useUnsavedChanges(
    !!loaded &&
      (preferred !== (loaded.preferred_email ?? '') ||
        toggles.tips_notifications !== loaded.tips_notifications ||
        toggles.performance_updates !== loaded.performance_updates),
  );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || !prefs) return;
    const problem = preferredEmailError(preferred);
    setEmailError(problem);
    if (problem) {
      emailRef.current?.focus();
      return;
    }
    setSaving(true);
    setFailures([]);
    flash(null);
    const problems: string[] = [];
    // The spec's two upserts: the preferred email, then the notification toggles.
    let savedEmail = loaded?.preferred_email ?? null;
    let updatedAt = loaded?.updated_at ?? null;
    try {
      const answer = await savePreferredEmail(preferred);
      savedEmail = answer.preferred_email;
      updatedAt = answer.updated_at;
      setPreferred(answer.preferred_email ?? '');
    } catch (error) {
      // No session: 'User not authenticated', and nothing else is tried.
      if (error instanceof NoSessionError) {
        setFailures([error.message]);
        setSaving(false);
        return;
      }
      problems.push(
        failureLine(
          error,
          PreferenceFailure.PreferredEmail,
          PreferenceFailure.PreferredEmail('Please try again.'),
        ),
      );
    }
    let savedToggles = loaded ? { ...loaded } : { ...DEFAULT_TOGGLES };
    try {
      const answer = await saveNotifications(toggles);
      savedToggles = {
        ...savedToggles,
        tips_notifications: answer.tips_notifications,
        performance_updates: answer.performance_updates,
      };
      updatedAt = answer.updated_at;
    } catch (error) {
      problems.push(
        failureLine(
          error,
          PreferenceFailure.Notifications,
          PreferenceFailure.Notifications('Please try again.'),
        ),
      );
    }
    onSaved({
      preferred_email: savedEmail,
      tips_notifications: savedToggles.tips_notifications,
      performance_updates: savedToggles.performance_updates,
      updated_at: updatedAt,
    });
    setFailures(problems);
    if (problems.length === 0) flash(PreferenceSuccess.Email);
    setSaving(false);
  };

  return (
    <>
      <PrefCard id="email-addresses-title" title="Where we write to you" icon="mail" tour="email-preferences">
        <p>
          Your registered email is private: donors never see it, and neither your contact email nor these
          choices are shared.
        </p>
        <form
          id="email-preferences-form"
          className="auth-form pref-form"
          noValidate
          onSubmit={submit}
          aria-busy={saving}
        >
          <FieldFrame
            id="registered-email"
            label="Registered email"
            hint="The email you sign in with. It cannot be changed here."
          >
            <input
              id="registered-email"
              className="form-field__input pref-readonly"
              value={prefs?.charity.email ?? ''}
              readOnly
              aria-describedby="registered-email-hint"
            />
          </FieldFrame>
          <TextField
            id="preferred-email"
            label="Preferred contact email (optional)"
            hint="Leave this empty to receive everything at your registered email."
            type="email"
            inputRef={emailRef}
            value={preferred}
            onValueChange={(value) => {
              setPreferred(value);
              setEmailError(null);
            }}
            error={emailError ?? undefined}
            autoComplete="email"
            maxLength={254}
            disabled={!prefs}
          />
        </form>
      </PrefCard>
      <PrefCard id="notifications-title" title="What we send you" icon="bell">
        <div className="pref-toggles">
          <Toggle
            id="tips-notifications"
            label="Tips and best practices"
            description={`Practical ideas for getting the most from your ${brand.productName} page.`}
            checked={toggles.tips_notifications}
            disabled={!prefs}
            onChange={(checked) => setToggles((t) => ({ ...t, tips_notifications: checked }))}
          />
          <Toggle
            id="performance-updates"
            label="Performance updates"
            description="Regular updates on how your page is doing: views, new supporters and donations."
            checked={toggles.performance_updates}
            disabled={!prefs}
            onChange={(checked) => setToggles((t) => ({ ...t, performance_updates: checked }))}
          />
        </div>
        <SaveRow failure={failures}>
          <Button type="submit" form="email-preferences-form" disabled={saving || !prefs}>
            {saving ? 'Saving...' : 'Save Preferences'}
          </Button>
        </SaveRow>
        <SavedMessage saved={saved} />
      </PrefCard>
    </>
  );
}

/** `/charity/preferences/email`: registered email (read-only), preferred contact email, two toggles. */
export function EmailPreferencesPage() {
  const { load, prefs, signOut, update } = usePreferences();
  return (
    <PreferencesLayout
      title="Email Preferences"
      description={`Choose how ${brand.productName} keeps in touch with your charity.`}
      heading="Email Preferences"
      onSignOut={() => void signOut()}
      load={load}
    >
      {prefs ? (
        <EmailForm prefs={prefs} onSaved={(change) => update((p) => ({ ...p, email_preferences: change }))} />
      ) : null}
    </PreferencesLayout>
  );
}
