import { brand } from '@shared/brand';
import { FollowMessage } from '@shared/following';
import type { ReactNode } from 'react';
import { useDocumentMeta } from '@/components/seo/use-document-meta';
import { Notice } from '@/components/ui/notice';
import { isApiError, messageOf } from '@/lib/api';
import './following.css';

/** The frame of the pages the follow mails link to: a warm band, one card with the h1. Not indexed. */
export function LinkPage({
  title,
  heading,
  headingRef,
  children,
}: {
  title: string;
  heading: string;
  headingRef?: React.Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  useDocumentMeta({ title, description: `Updates from charities on ${brand.productName}.`, noindex: true });
  return (
    <div className="warm-band following-page">
      <div className="container">
        <section className="card card--raised following-card" aria-labelledby="following-heading">
          <p className="eyebrow">Charity updates</p>
          <h1 id="following-heading" ref={headingRef} tabIndex={-1} className="following-card__title">
            {heading}
          </h1>
          {children}
        </section>
      </div>
    </div>
  );
}

/** A refused link in the API's words (used, expired, not valid); a failure on our side in the API layer's. */
export const linkProblem = (error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : messageOf(error);

/** The page opened without a token. */
export function NoToken() {
  return (
    <div className="live-region">
      <Notice tone="error">
        <p>{FollowMessage.LinkInvalid}</p>
      </Notice>
    </div>
  );
}
