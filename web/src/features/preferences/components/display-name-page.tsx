import type { AccountPreferencesResponse } from '@shared/api/schemas/preferences';
import { brand } from '@shared/brand';
import {
  DISPLAY_NAME_MAX,
  displayNameError,
  PreferenceFailure,
  PreferenceSuccess,
} from '@shared/preferences';
import { type FormEvent, useId, useRef, useState } from 'react';
import { PrefCard, PreferencesLayout } from '@/components/charity-area/preferences-layout';
import { SavedMessage, SaveRow } from '@/components/charity-area/save-row';
import { FieldFrame } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { useUnsavedChanges } from '@/lib/unsaved/use-unsaved-changes';
import { saveDisplayName } from '../api/preferences-api';
import { usePreferences } from '../hooks/use-preferences';
import { useSaveAction } from '../hooks/use-save-action';
import { failureLine } from '../utils/save-error';

function DisplayNameForm({
  prefs,
  onSaved,
}: {
  prefs: AccountPreferencesResponse;
  onSaved: (name: string) => void;
}) {
  const { charity } = prefs;
  const [value, setValue] = useState(charity.display_name ?? charity.charity_name);
  const [touched, setTouched] = useState(false);
  const { saving, failure, saved, run, clearFailure } = useSaveAction();
  const inputRef = useRef<HTMLInputElement>(null);
  const counterId = useId();

  const problem = displayNameError(value);
  useUnsavedChanges(value !== (charity.display_name ?? charity.charity_name));
  const shownProblem = touched ? problem : null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (problem || saving) {
      inputRef.current?.focus();
      return;
    }
    await run(
      async () => {
        const answer = await saveDisplayName(value);
        setValue(answer.display_name);
        onSaved(answer.display_name);
        return PreferenceSuccess.DisplayName;
      },
      (error) => failureLine(error, PreferenceFailure.DisplayName, PreferenceFailure.DisplayName()),
    );
  };

  return (
    <PrefCard id="display-name-title" title="How donors see you" icon="name" tour="display-name">
      <p>
        Your display name is the name donors see on your page, in explore and in every update. Use the name
        people know you by; your official registered name stays on record.
      </p>
      <form className="auth-form pref-form" noValidate onSubmit={submit} aria-busy={saving}>
        <FieldFrame
          id="official-name"
          label="Official charity name"
          hint="From the charity register. It cannot be changed here."
        >
          <input
            id="official-name"
            className="form-field__input pref-readonly"
            value={charity.charity_name}
            readOnly
            aria-describedby="official-name-hint"
          />
        </FieldFrame>
        <FieldFrame id="display-name" label="Display name" error={shownProblem ?? undefined}>
          <input
            ref={inputRef}
            id="display-name"
            className="form-field__input"
            value={value}
            maxLength={DISPLAY_NAME_MAX}
            autoComplete="organization"
            aria-invalid={shownProblem ? true : undefined}
            aria-describedby={[counterId, shownProblem ? 'display-name-error' : null]
              .filter(Boolean)
              .join(' ')}
            onChange={(event) => {
              setValue(event.target.value);
              setTouched(true);
              clearFailure();
            }}
          />
          <p
            id={counterId}
            className={`pref-counter${value.length >= DISPLAY_NAME_MAX ? ' pref-counter--full' : ''}`}
          >
            {value.length}/{DISPLAY_NAME_MAX} characters
          </p>
        </FieldFrame>
        <SaveRow failure={failure}>
          <Button type="submit" disabled={saving || problem !== null}>
            {saving ? 'Saving...' : 'Save Display Name'}
          </Button>
        </SaveRow>
      </form>
      <SavedMessage saved={saved} />
    </PrefCard>
  );
}

/** `/charity/preferences/display-name`: official name read-only; the display name donors see. */
export function DisplayNamePage() {
  const { load, prefs, signOut, update } = usePreferences();
  return (
    <PreferencesLayout
      title="Display Name"
      description={`Choose the name donors see for your charity on ${brand.productName}.`}
      heading="Choose Display Name"
      onSignOut={() => void signOut()}
      load={load}
    >
      {prefs ? (
        <DisplayNameForm
          prefs={prefs}
          onSaved={(name) => update((p) => ({ ...p, charity: { ...p.charity, display_name: name } }))}
        />
      ) : null}
    </PreferencesLayout>
  );
}
