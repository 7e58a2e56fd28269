import {
  HMRC_REFERENCE_MAX,
  hmrcReferenceError,
  normaliseHmrcReference,
  PreferenceFailure,
  PreferenceMessage,
} from '@shared/preferences';
import { type FormEvent, useRef, useState } from 'react';
import { PrefIcon } from '@/components/charity-area/pref-icon';
import { PrefCard } from '@/components/charity-area/preferences-layout';
import { SavedMessage, SaveRow } from '@/components/charity-area/save-row';
import { TextField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api';
import { useUnsavedChanges } from '@/lib/unsaved/use-unsaved-changes';
import { useSaveHmrcReference } from '../api/preferences-api';
import { useSaveAction } from '../hooks/use-save-action';
import { failureLine } from '../utils/save-error';

/** The HMRC field's error from the API (a 400 naming the field), shown by the field instead of below it. */
const fieldProblem = (error: unknown) =>
  isApiError(error) && error.status === 400 && error.field === 'hmrc_reference' ? error.message : null;

/**
 * The HMRC charity reference (optional): while it is set, donors are offered Gift Aid on the charity's page,
 * and the charity claims it from HMRC. Save sets it (spaces out, capitals, as stored); Remove takes it away.
 */
export function HmrcReferenceCard({
  reference,
  onSaved,
}: {
  reference: string | null;
  onSaved: (reference: string | null) => void;
}) {
  const [value, setValue] = useState(reference ?? '');
  const [error, setError] = useState<string | null>(null);
  const { saving, failure, saved, run, clearFailure } = useSaveAction();
  const { mutate } = useSaveHmrcReference();
  const inputRef = useRef<HTMLInputElement>(null);
  useUnsavedChanges(normaliseHmrcReference(value) !== reference);

  const save = (next: string | null) =>
    run(
      async () => {
        const answer = await mutate({ hmrc_reference: next });
        setValue(answer.hmrc_reference ?? '');
        onSaved(answer.hmrc_reference);
        return answer.hmrc_reference
          ? PreferenceMessage.HmrcReferenceSaved
          : PreferenceMessage.HmrcReferenceRemoved;
      },
      (caught) => {
        const problem = fieldProblem(caught);
        if (problem) {
          setError(problem);
          inputRef.current?.focus();
          return null;
        }
        return failureLine(
          caught,
          PreferenceFailure.HmrcReference,
          PreferenceFailure.HmrcReference('Please try again.'),
        );
      },
    );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const next = normaliseHmrcReference(value);
    const problem =
      next === null && reference === null
        ? PreferenceMessage.HmrcReferenceRequired
        : hmrcReferenceError(value);
    setError(problem);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    await save(next);
  };

  return (
    <PrefCard id="gift-aid-title" title="Gift Aid" icon="gift">
      <p>
        With Gift Aid your charity can claim an extra 25p from HMRC for every £1 a UK taxpayer gives, at no
        cost to them. Once your HMRC charity reference is set, donors are offered Gift Aid on your page; your
        charity then claims it from HMRC.
      </p>
      <div className="pref-status">
        {reference ? (
          <>
            <span className="status-pill status-pill--done">
              <PrefIcon name="check" size={16} /> Gift Aid offered
            </span>
            <span className="pref-status__account">
              Reference <code>{reference}</code>
            </span>
          </>
        ) : (
          <span className="status-pill status-pill--soon">Gift Aid not offered</span>
        )}
      </div>
      <form className="auth-form pref-form" noValidate onSubmit={submit} aria-busy={saving}>
        <TextField
          id="hmrc-reference"
          label="HMRC charity reference"
          hint="Optional. The reference HMRC gave your charity for Gift Aid, for example AB12345 (not your registered charity number)."
          inputRef={inputRef}
          value={value}
          onValueChange={(next) => {
            setValue(next);
            setError(null);
            clearFailure();
          }}
          error={error ?? undefined}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          maxLength={HMRC_REFERENCE_MAX + 8}
        />
        <SaveRow failure={failure}>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save Reference'}
          </Button>
          {reference ? (
            <Button
              variant="secondary"
              disabled={saving}
              onClick={() => {
                setError(null);
                void save(null);
              }}
            >
              Remove
            </Button>
          ) : null}
        </SaveRow>
      </form>
      <SavedMessage saved={saved} />
    </PrefCard>
  );
}
