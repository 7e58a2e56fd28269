import type { RecommendedCharity, RecommendRequest, RecommendResponse } from '@shared/api/schemas/discover';
import { CAUSE_GROUPS } from '@shared/causes';
import { PLACE_MAX } from '@shared/discover';
import { charityDonatePath, charityPagePath } from '@shared/public-pages';
import { causeLabel, type RecommendQuery, recommendHref } from '@shared/recommend';
import { paths } from '@shared/site/paths';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FieldError } from '@/components/form/form-field';
import { useDocumentMeta } from '@/components/seo/use-document-meta';
import { Button, buttonClassName } from '@/components/ui/button';
import { isApiError } from '@/lib/api';
import { useRecommendQuery } from '../api/recommend-charities';
import './discover.css';
import './recommend.css';
import { CauseOptions } from './cause-options';

const TITLE = 'Get a recommendation';
const STEPS = 3;
type Step = 1 | 2 | 3 | 'shortlist';

/** The donor's answers as the address holds them. */
function readQuery(search: string): RecommendQuery {
  const params = new URLSearchParams(search);
  const out: RecommendQuery = {};
  for (const key of ['cause', 'place', 'way', 'step'] as const) {
    const value = params.get(key);
    if (value !== null) out[key] = value;
  }
  return out;
}

/** Which question the address is at: its `step`, or the shortlist once the last answer (the way) is given. */
function stepOf(query: RecommendQuery): Step {
  const n = Number(query.step);
  if (n === 1 || n === 2 || n === 3) return n;
  return query.way ? 'shortlist' : 1;
}

/** Causes a donor may care about: what charities do and whom they help (how they work is not a cause). */
const QUESTION_GROUPS = CAUSE_GROUPS.filter((g) => g.group !== 'How');

/**
 * `/charities/recommend` (issue 45): three questions, one at a time (what the donor cares about, where, a one-off
 * gift or following the charity's work), then a shortlist of up to three live charities with why each was
 * chosen, each linking to its page and its Donate box. Every answer is in the address (Back, reload and a shared
 * link all work); nothing is stored, and no account is needed. Each question is a plain GET form, so it works
 * before the app has loaded too.
 */
export function RecommendPage({ search }: { search: string }) {
  const query = readQuery(search);
  const step = stepOf(query);
  useDocumentMeta({
    title: step === 'shortlist' ? 'Your shortlist' : TITLE,
    description: 'Three questions, then up to three small, vetted charities with why each was chosen.',
    canonicalPath: paths.charitiesRecommend.path,
    noindex: search.length > 0,
  });
  return (
    <div className="discover recommend">
      <header className="discover__header">
        <div className="container">
          <p className="eyebrow">Small charities, vetted</p>
          <h1 className="discover__title">{step === 'shortlist' ? 'Your shortlist' : TITLE}</h1>
          <p className="discover__lead">
            {step === 'shortlist'
              ? 'Up to three live charities for your answers, and why we chose each one.'
              : 'Three quick questions, then up to three small charities that fit, and why.'}
          </p>
        </div>
      </header>
      <div className="container discover__body">
        {step === 'shortlist' ? (
          <Shortlist query={query} />
        ) : (
          <Question key={step} step={step} query={query} />
        )}
        <p className="recommend__privacy">
          Your answers stay in this page's address: we keep no record of them, and you need no account.
        </p>
      </div>
    </div>
  );
}

/** One question as its own GET form: the other answers ride along hidden, Next goes to the next question. */
function Question({ step, query }: { step: 1 | 2 | 3; query: RecommendQuery }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const legend = useRef<HTMLHeadingElement>(null);
  // A question reached by Next or Back takes the focus to its own words (the first, opened from a link, does not).
  const moved = Boolean(query.step);
  useEffect(() => {
    if (moved) legend.current?.focus();
  }, [moved]);

  const next = step === 3 ? undefined : String(step + 1);
  const hidden: [string, string | undefined][] = [
    ['cause', step === 1 ? undefined : query.cause],
    ['place', step === 2 ? undefined : query.place],
    ['way', step === 3 ? undefined : query.way],
    ['step', next],
  ];
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (step === 3 && !form.get('way')) {
      setError('Choose a one-off gift or following their work.');
      event.currentTarget.querySelector<HTMLInputElement>('input[name="way"]')?.focus();
      return;
    }
    const answers = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)])) as RecommendQuery;
    void navigate(recommendHref({ ...answers, step: next }));
  };
  const back = step === 1 ? paths.charities.path : recommendHref({ ...query, step: String(step - 1) });

  return (
    <form
      className="card recommend-step"
      method="get"
      action={paths.charitiesRecommend.path}
      onSubmit={onSubmit}
      noValidate
    >
      {hidden.map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <fieldset
        className="recommend-step__fieldset"
        aria-describedby={error ? 'recommend-way-error' : undefined}
      >
        <legend className="recommend-step__legend">
          <span className="recommend-step__count">
            Question {step} of {STEPS}
          </span>
          <h2 ref={legend} tabIndex={-1} className="recommend-step__question">
            {step === 1
              ? 'What do you care about most?'
              : step === 2
                ? 'Where should the charity work?'
                : 'How would you like to give?'}
          </h2>
        </legend>
        {step === 1 ? <CauseQuestion value={query.cause} /> : null}
        {step === 2 ? <PlaceQuestion value={query.place} /> : null}
        {step === 3 ? <WayQuestion value={query.way} invalid={Boolean(error)} /> : null}
        <FieldError id="recommend-way" error={error ?? undefined} />
      </fieldset>
      <div className="recommend-step__actions">
        <Link className={buttonClassName({ variant: 'quiet' })} to={back}>
          Back{step === 1 ? <span className="visually-hidden"> to all charities</span> : null}
        </Link>
        <Button type="submit" variant="primary">
          {step === 3 ? 'Show my shortlist' : 'Next'}
        </Button>
      </div>
    </form>
  );
}

function CauseQuestion({ value }: { value?: string }) {
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor="recommend-cause">
        Cause
      </label>
      <p className="form-field__hint" id="recommend-cause-hint">
        Or any cause, if you would like us to choose.
      </p>
      <select
        id="recommend-cause"
        name="cause"
        className="form-field__input form-field__select"
        defaultValue={value ?? ''}
        aria-describedby="recommend-cause-hint"
      >
        <CauseOptions groups={QUESTION_GROUPS} />
      </select>
    </div>
  );
}

function PlaceQuestion({ value }: { value?: string }) {
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor="recommend-place">
        Town or postcode
      </label>
      <p className="form-field__hint" id="recommend-place-hint">
        Leave it empty for anywhere in the UK.
      </p>
      <input
        id="recommend-place"
        name="place"
        type="text"
        className="form-field__input"
        defaultValue={value ?? ''}
        maxLength={PLACE_MAX}
        autoComplete="off"
        spellCheck={false}
        aria-describedby="recommend-place-hint"
      />
    </div>
  );
}

const WAYS = [
  { value: 'once', label: 'A one-off gift', hint: 'Give once, today.' },
  {
    value: 'follow',
    label: 'Give and follow their work',
    hint: 'Charities that post updates you can follow by email.',
  },
] as const;

function WayQuestion({ value, invalid }: { value?: string; invalid: boolean }) {
  return (
    <div className="recommend-ways">
      {WAYS.map((way) => (
        <label key={way.value} className="recommend-way">
          <input
            type="radio"
            name="way"
            value={way.value}
            defaultChecked={value === way.value}
            aria-invalid={invalid || undefined}
            aria-describedby={`recommend-way-${way.value}-hint`}
          />
          <span>
            <span className="recommend-way__label">{way.label}</span>
            <span className="recommend-way__hint" id={`recommend-way-${way.value}-hint`}>
              {way.hint}
            </span>
          </span>
        </label>
      ))}
    </div>
  );
}

/** The answers in words: "for animals, near Camden, London, to give once". */
function answersSummary(answer: RecommendResponse): string {
  const { cause, way } = answer.answers;
  return [
    cause ? `For ${causeLabel(cause).toLowerCase()}` : 'For any cause',
    answer.place_label ? `near ${answer.place_label}` : 'anywhere in the UK',
    way === 'follow' ? 'to give and follow their work' : 'for a one-off gift',
  ].join(', ');
}

function Shortlist({ query }: { query: RecommendQuery }) {
  const input = useMemo<RecommendRequest>(() => {
    const out: RecommendRequest = {};
    if (query.cause) out.cause = query.cause;
    if (query.place) out.place = query.place;
    if (query.way) out.way = query.way;
    return out;
  }, [query.cause, query.place, query.way]);
  const result = useRecommendQuery(input, { enabled: true });
  const change = recommendHref({ ...query, step: '1' });

  if (result.status === 'error') {
    const error = result.error;
    const refused = isApiError(error) && error.status === 400 ? error.message : null;
    return (
      <div className="card discover-empty" role="alert">
        <h2 className="discover-empty__title">
          {refused ? "We couldn't use those answers" : "We couldn't choose charities just now"}
        </h2>
        <p className="discover-empty__message">{refused ?? 'Please check your connection and try again.'}</p>
        <p>
          <Link to={change}>Change your answers</Link>
        </p>
      </div>
    );
  }
  if (result.status !== 'ready' || !result.data) {
    return (
      <p className="discover-status" role="status">
        Choosing charities…
      </p>
    );
  }
  const answer = result.data;
  return (
    <section className="recommend-shortlist" aria-labelledby="recommend-summary">
      <div className="recommend-shortlist__answers">
        <h2 id="recommend-summary" className="recommend-shortlist__summary" tabIndex={-1}>
          {answersSummary(answer)}
        </h2>
        <p className="recommend-shortlist__change">
          <Link to={change}>Change your answers</Link>
          <Link to={paths.charitiesRecommend.path}>Start again</Link>
        </p>
      </div>
      <p className="visually-hidden" role="status">
        {answer.charities.length === 1 ? '1 charity chosen' : `${answer.charities.length} charities chosen`}
      </p>
      {answer.place_problem ? (
        <p className="card recommend-shortlist__problem">
          {answer.place_problem} So these charities are from anywhere in the UK.
        </p>
      ) : null}
      {answer.charities.length ? (
        <ol className="recommend-list">
          {answer.charities.map((charity, index) => (
            <li key={charity.registration_number}>
              <Recommended charity={charity} rank={index + 1} />
            </li>
          ))}
        </ol>
      ) : (
        <div className="card discover-empty">
          <p className="discover-empty__message">No charities are live yet. Check back soon.</p>
        </div>
      )}
      <p>
        <Link className="recommend-shortlist__all" to={paths.charities.path}>
          See every charity
        </Link>
      </p>
    </section>
  );
}

function Recommended({ charity, rank }: { charity: RecommendedCharity; rank: number }) {
  const number = charity.registration_number;
  const headingId = `recommended-${number}`;
  return (
    <article className="card recommend-card" aria-labelledby={headingId}>
      <p className="recommend-card__rank" aria-hidden="true">
        {rank}
      </p>
      <div className="recommend-card__body">
        <h3 id={headingId} className="recommend-card__name">
          <Link to={charityPagePath(number)}>{charity.display_name}</Link>
        </h3>
        <p className="discover-card__registered">{`Registered charity ${number}: ${charity.registered_name}`}</p>
        {charity.mission ? <p className="recommend-card__mission">{charity.mission}</p> : null}
        <h4 className="recommend-card__why">Why we chose it</h4>
        <ul className="recommend-card__reasons">
          {charity.reasons.map((reason) => (
            <li key={reason} className="recommend-card__reason">
              {reason}
            </li>
          ))}
        </ul>
        {charity.misses.length ? (
          <>
            <h4 className="recommend-card__why">Not a full match</h4>
            <ul className="recommend-card__reasons">
              {charity.misses.map((miss) => (
                <li key={miss} className="recommend-card__reason recommend-card__reason--miss">
                  {miss}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <p className="recommend-card__actions">
          {/* A document load: the page is server-rendered and the browser itself scrolls to the box. */}
          <a className={buttonClassName({ variant: 'primary' })} href={charityDonatePath(number)}>
            Donate<span className="visually-hidden"> to {charity.display_name}</span>
          </a>
          <Link to={charityPagePath(number)}>
            Read their story<span className="visually-hidden">: {charity.display_name}</span>
          </Link>
        </p>
      </div>
    </article>
  );
}
