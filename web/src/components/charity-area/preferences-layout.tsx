import { paths } from '@shared/site/paths';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { useDocumentMeta } from '@/components/seo/use-document-meta';
import { AuthIcon } from '@/components/ui/auth-icon';
import { isApiError } from '@/lib/api';
import { logFailure } from '@/lib/log';
import { NoSessionError } from '@/lib/no-session';
import type { QueryResult } from '@/lib/query';
import { PrefIcon } from './pref-icon';
import { CharityAreaBar } from './signed-in-page';
import './charity-auth.css';
import './preferences.css';
import { LoadingStatus } from '@/components/ui/loading-status';

/** A preference page's read: loading, ready, or failed (`signedOut`: no session, so Sign In is offered). */
export type PageLoad =
  | { status: 'loading' | 'ready' }
  | { status: 'error'; message: string; signedOut?: boolean };

/** The preference pages' words for a failed read. */
export const LOAD_FAILED = 'Failed to load preferences. Please try again.';

/** A page's words for a failed read. */
export interface LoadWords {
  /** Logged with the failure (spec section 8: loading errors are logged). */
  context: string;
  /** No session, or the API refused it (401): 'User not authenticated' (spec section 6). */
  notAuthenticated: string;
  /** Any other failure (default {@link LOAD_FAILED}). */
  failed?: string;
  /** A 404, where the page has its own words for it. */
  notFound?: string;
}

/**
 * A preference page's read (its query) as the page shows it. Without a session the page says
 * `notAuthenticated` and loads nothing; a failed load is logged and worded.
 */
export function usePageLoad(
  signedOut: boolean,
  { status, error }: Pick<QueryResult<unknown>, 'status' | 'error'>,
  words: LoadWords,
): PageLoad {
  const { context } = words;
  useEffect(() => {
    if (status === 'error') logFailure(context, error);
  }, [status, error, context]);
  const refused = error instanceof NoSessionError || (isApiError(error) && error.status === 401);
  if (signedOut || (status === 'error' && refused)) {
    return { status: 'error', message: words.notAuthenticated, signedOut: true };
  }
  if (status !== 'error') return { status };
  if (words.notFound && isApiError(error) && error.status === 404) {
    return { status: 'error', message: words.notFound };
  }
  return { status: 'error', message: words.failed ?? LOAD_FAILED };
}

interface PreferencesLayoutProps {
  title: string;
  description: string;
  heading: string;
  lead?: ReactNode;
  /** Sub-pages lead back to Account Preferences; the Account Preferences page itself does not. */
  back?: boolean;
  /** Beside the heading (the tour toggle on Account Preferences). */
  actions?: ReactNode;
  onSignOut: () => void;
  /** The page's read: its content shows once it is ready; before, the loading text or the failure. */
  load: PageLoad;
  children: ReactNode;
}

/**
 * The frame of every preference page: the charity area's bar (Dashboard, Settings, Sign Out, which returns to
 * /), a way back to Account Preferences, the heading and the page's content.
 */
export function PreferencesLayout({
  title,
  description,
  heading,
  lead,
  back = true,
  actions,
  onSignOut,
  load,
  children,
}: PreferencesLayoutProps) {
  useDocumentMeta({ title, description });
  return (
    <div className="charity-area prefs">
      <CharityAreaBar onSignOut={onSignOut} className="prefs__bar" />
      <div className="container charity-area__content prefs__content">
        <header className="charity-area__header prefs__header">
          {back ? (
            <Link to={paths.charity.accountPreferences.getHref()} className="prefs__back">
              <PrefIcon name="back" size={18} />
              Account Preferences
            </Link>
          ) : null}
          <div className="prefs__heading-row">
            <div>
              <p className="eyebrow">Your account</p>
              <h1 className="charity-area__title prefs__title" tabIndex={-1}>
                {heading}
              </h1>
            </div>
            {actions ? <div className="prefs__actions">{actions}</div> : null}
          </div>
          {lead ? <div className="auth-card__lead prefs__lead">{lead}</div> : null}
        </header>
        {load.status === 'ready' ? children : <LoadState load={load} />}
      </div>
    </div>
  );
}

/** Loading text, or the error box with 'Back to Dashboard' (and Sign In when there is no session). */
function LoadState({ load }: { load: PageLoad }) {
  if (load.status !== 'error') {
    return <LoadingStatus>Loading preferences...</LoadingStatus>;
  }
  return (
    <div className="red-box prefs-error" role="alert">
      <AuthIcon name="alert" size={20} />
      <div>
        <p className="prefs-error__message">{load.message}</p>
        <p className="prefs-error__links">
          {load.signedOut ? (
            <>
              <Link to={paths.charity.signIn.getHref()}>Sign in</Link>
              <span aria-hidden="true"> · </span>
            </>
          ) : null}
          <Link to={paths.charity.dashboard.getHref()}>Back to Dashboard</Link>
        </p>
      </div>
    </div>
  );
}

/** A white card for one part of a preference page. */
export function PrefCard({
  id,
  title,
  icon,
  tour,
  children,
}: {
  id: string;
  title: string;
  icon?: Parameters<typeof PrefIcon>[0]['name'];
  /** The guided tour highlights the element with this `data-tour` id. */
  tour?: string;
  children: ReactNode;
}) {
  return (
    <section className="card area-card pref-panel" aria-labelledby={id} data-tour={tour}>
      <h2 id={id} className="area-card__title pref-panel__title">
        {icon ? (
          <span className="pref-panel__icon">
            <PrefIcon name={icon} size={20} />
          </span>
        ) : null}
        {title}
      </h2>
      {children}
    </section>
  );
}
