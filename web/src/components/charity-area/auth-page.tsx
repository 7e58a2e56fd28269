import type { ReactNode } from 'react';
import { useDocumentMeta } from '@/components/seo/use-document-meta';
import { AuthIcon, type AuthIconName } from '@/components/ui/auth-icon';
import './charity-auth.css';

interface AuthPageProps {
  title: string;
  description: string;
  eyebrow: string;
  heading: string;
  lead?: ReactNode;
  /** A calm side panel beside the card on wide screens (below it on narrow ones). */
  aside?: ReactNode;
  /** The card's width: forms are narrow, the verification page is wider. */
  size?: 'narrow' | 'wide';
  children: ReactNode;
}

/** The frame of every charity access screen: a warm band, one card with the h1, and an optional aside. */
export function AuthPage({
  title,
  description,
  eyebrow,
  heading,
  lead,
  aside,
  size = 'narrow',
  children,
}: AuthPageProps) {
  useDocumentMeta({ title, description });
  return (
    <div className={`warm-band auth-page${aside ? ' auth-page--with-aside' : ''}`}>
      <div className={`container auth-page__inner auth-page__inner--${size}`}>
        <section className="card card--raised auth-card auth-page__card" aria-labelledby="auth-heading">
          <p className="eyebrow">{eyebrow}</p>
          <h1 id="auth-heading" className="auth-card__title" tabIndex={-1}>
            {heading}
          </h1>
          {lead ? <div className="auth-card__lead">{lead}</div> : null}
          {children}
        </section>
        {aside ? <aside className="auth-aside">{aside}</aside> : null}
      </div>
    </div>
  );
}

/** A point in the side panel: icon, title, one line. */
export function AsidePoint({
  icon,
  title,
  children,
}: {
  icon: AuthIconName;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="auth-aside__point">
      <span className="auth-aside__icon">
        <AuthIcon name={icon} />
      </span>
      <span>
        <strong>{title}</strong>
        <span className="auth-aside__text">{children}</span>
      </span>
    </li>
  );
}
