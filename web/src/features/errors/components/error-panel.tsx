import { brand } from '@shared/brand';
import type { ReactNode } from 'react';
import { useDocumentMeta } from '@/components/seo/use-document-meta';
import './error-panel.css';

interface ErrorPanelProps {
  /** Document title, before " | Kindred". */
  title: string;
  heading: string;
  children: ReactNode;
  actions: ReactNode;
  /** Shows the support contact line under the actions. */
  supportLine?: string;
  tone?: 'error' | 'lost';
}

/** The shared look of error and not-found screens: a calm card, one h1, clear ways out. */
export function ErrorPanel({
  title,
  heading,
  children,
  actions,
  supportLine,
  tone = 'error',
}: ErrorPanelProps) {
  // Error and not-found screens stay out of search results.
  useDocumentMeta({ title, description: heading, noindex: true });
  return (
    <section className="error-panel container" aria-labelledby="error-panel-heading">
      <div className="card card--raised error-panel__card">
        <div className={`error-panel__icon error-panel__icon--${tone}`}>
          {tone === 'error' ? (
            <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
              <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="3" />
              <path d="M24 13v14" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
              <circle cx="24" cy="34" r="2.4" fill="currentColor" />
            </svg>
          ) : (
            <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
              <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="3" />
              <path d="m31 17-4.5 9.5L17 31l4.5-9.5z" fill="currentColor" />
            </svg>
          )}
        </div>
        <h1 id="error-panel-heading" className="error-panel__heading">
          {heading}
        </h1>
        <div className="error-panel__body">{children}</div>
        <div className="error-panel__actions">{actions}</div>
        {supportLine ? (
          <p className="error-panel__support">
            {supportLine} at <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>.
          </p>
        ) : null}
      </div>
    </section>
  );
}
