import type { GetCharityCausesResponse } from '@shared/api/schemas/causes';
import { causeBySlug } from '@shared/causes';
import { CHARITY_CAUSES_MAX, CharityCausesMessage } from '@shared/charity-causes';
import { PreferenceMessage } from '@shared/preferences';
import { paths } from '@shared/site/paths';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { PrefCard, PreferencesLayout, usePageLoad } from '@/components/charity-area/preferences-layout';
import { SavedMessage, SaveRow } from '@/components/charity-area/save-row';
import { Button } from '@/components/ui/button';
import { useCharitySession } from '@/features/charity-auth';
import { useUnsavedChanges } from '@/lib/unsaved/use-unsaved-changes';
import { saveCharityCauses, useCharityCausesQuery } from '../api/preferences-api';
import { useSaveAction } from '../hooks/use-save-action';
import { failureLine } from '../utils/save-error';
import { CauseFieldsets } from './causes-fieldsets';

const LOAD_WORDS = {
  context: 'Failed to load causes',
  notAuthenticated: PreferenceMessage.NotAuthenticated,
  notFound: PreferenceMessage.CharityNotFound,
};

const FAILED = (message: string) => `Failed to save your causes: ${message}`;

/** The causes as a sentence: "Poverty relief, Children/young people and Services". */
function listed(slugs: readonly string[]): string {
  const labels = slugs.map((slug) => causeBySlug(slug)?.label ?? slug);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : (labels[0] ?? '');
}

const sameSet = (a: ReadonlySet<string>, b: readonly string[]) =>
  a.size === b.length && b.every((s) => a.has(s));

function problemOf(count: number): string | null {
  if (count === 0) return CharityCausesMessage.NoneChosen;
  if (count > CHARITY_CAUSES_MAX) return CharityCausesMessage.TooMany;
  return null;
}

function CausesForm({
  answer,
  onSaved,
}: {
  answer: GetCharityCausesResponse;
  onSaved: (causes: string[]) => void;
}) {
  // Never chosen: the register's causes are the charity's, so they start ticked.
  const stored = answer.causes ?? answer.register_causes;
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(stored));
  const [touched, setTouched] = useState(false);
  const { saving, failure, saved, run, clearFailure } = useSaveAction();
  const fromRegister = new Set(answer.register_causes);
  const problem = problemOf(chosen.size);
  const shownProblem = touched ? problem : null;
  useUnsavedChanges(!sameSet(chosen, stored));

  const toggle = (slug: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(slug);
    else next.delete(slug);
    setChosen(next);
    setTouched(true);
    clearFailure();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (problem || saving) return;
    await run(
      async () => {
        const result = await saveCharityCauses([...chosen]);
        setChosen(new Set(result.causes));
        onSaved(result.causes);
        return CharityCausesMessage.Saved;
      },
      (error) => failureLine(error, FAILED, FAILED('please try again.')),
    );
  };

  return (
    <PrefCard id="causes-title" title="Causes" icon="tag">
      <p>
        Choose what your charity does, who it helps and how it works, from the charity register&rsquo;s list.{' '}
        {answer.causes === null
          ? 'You have not chosen yet, so the register’s causes for your charity are ticked.'
          : 'You have chosen your own causes; the register’s are marked “On the register”.'}
      </p>
      {answer.register_causes.length ? (
        <p className="pref-note">The register lists your charity under {listed(answer.register_causes)}.</p>
      ) : null}
      <form className="pref-form causes-form" noValidate onSubmit={submit} aria-busy={saving}>
        <CauseFieldsets
          chosen={chosen}
          fromRegister={fromRegister}
          describedBy={shownProblem ? 'causes-count causes-error' : 'causes-count'}
          onToggle={toggle}
        />
        <p
          id="causes-count"
          className={`pref-counter causes-form__count${problem ? ' pref-counter--full' : ''}`}
        >
          {chosen.size} of at most {CHARITY_CAUSES_MAX} chosen
        </p>
        {shownProblem ? (
          <p id="causes-error" className="form-field__error" role="alert">
            {shownProblem}
          </p>
        ) : null}
        <p className="pref-note">
          Donors find you by these causes on <Link to={paths.charities.getHref()}>/charities</Link>.
        </p>
        <SaveRow failure={failure}>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save Causes'}
          </Button>
        </SaveRow>
      </form>
      <SavedMessage saved={saved} />
    </PrefCard>
  );
}

/** `/charity/preferences/causes`: the causes donors find the charity by on /charities (decision 21.4). */
export function CausesPage() {
  const { session, signOut } = useCharitySession({ required: false });
  const query = useCharityCausesQuery(session.status === 'signed-in');
  const load = usePageLoad(session.status === 'signed-out', query, LOAD_WORDS);
  return (
    <PreferencesLayout
      title="Causes"
      description="Choose the causes donors find your charity by."
      heading="Your Causes"
      onSignOut={() => void signOut()}
      load={load}
    >
      {load.status === 'ready' && query.data ? (
        <CausesForm
          answer={query.data}
          onSaved={(causes) => query.setData((data) => ({ ...data, causes }))}
        />
      ) : null}
    </PreferencesLayout>
  );
}
