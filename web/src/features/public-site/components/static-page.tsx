import type { ReactNode } from 'react';
import { useDocumentMeta } from '@/components/seo/use-document-meta';
import './static-page.css';

interface StaticPageProps {
  /** Document title, before " | Kindred". */
  title: string;
  /** Meta description for search results. */
  description: string;
  eyebrow: string;
  heading: string;
  lead: ReactNode;
  /** "Last updated" line, for policies. */
  updated?: string;
  children: ReactNode;
}

/** The frame of every information page: one h1, a lead, then readable prose sections. */
export function StaticPage({
  title,
  description,
  eyebrow,
  heading,
  lead,
  updated,
  children,
}: StaticPageProps) {
  useDocumentMeta({ title, description });
  return (
    <article className="static-page">
      <header className="static-page__header">
        <div className="container static-page__measure">
          <p className="eyebrow">{eyebrow}</p>
          <h1 className="static-page__title">{heading}</h1>
          <div className="static-page__lead">{lead}</div>
          {updated ? <p className="static-page__updated">Last updated {updated}</p> : null}
        </div>
      </header>
      <div className="container static-page__measure static-page__body">{children}</div>
    </article>
  );
}

/** A titled part of an information page. */
export function PageSection({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="prose-section">
      <h2>{heading}</h2>
      {children}
    </section>
  );
}

/** Questions that open to their answers (native `<details>`: keyboard and screen readers for free). */
export function FaqList({ faqs }: { faqs: readonly { q: string; a: string }[] }) {
  return (
    <div className="faq">
      {faqs.map((faq) => (
        <details key={faq.q}>
          <summary>{faq.q}</summary>
          <div>
            <p>{faq.a}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
