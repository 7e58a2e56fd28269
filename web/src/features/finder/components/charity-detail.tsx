import type { CharityDetail as Detail } from '@shared/api/schemas/register';
import { brand } from '@shared/brand';
import { charityDonatePath } from '@shared/public-pages';
import { paths } from '@shared/site/paths';
import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import type { DetailState } from '../utils/finder-state';
import {
  ADDRESS_NOT_AVAILABLE,
  addressLines,
  emailHref,
  formatCount,
  formatDate,
  formatMoney,
  formatText,
  NOT_AVAILABLE,
  phoneHref,
  websiteHref,
  websiteLabel,
} from '../utils/format';
import { FinderIcon } from './finder-icon';
import { PlatformBadge } from './platform-badge';

interface CharityDetailViewProps {
  detail: Exclude<DetailState, { status: 'closed' }>;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onBack: () => void;
}

/** The detail view that replaces the result list: every register field, or its loading and failure states. */
export function CharityDetailView({ detail, headingRef, onBack }: CharityDetailViewProps) {
  const charity = detail.charity;
  const registrationNumber = charity?.registrationNumber;
  const title = detail.status === 'loaded' ? detail.detail.name : (charity?.name ?? 'Charity details');
  return (
    <article
      className="card finder-detail"
      aria-labelledby="finder-detail-title"
      aria-busy={detail.status === 'loading' || undefined}
    >
      <div className="finder-detail__bar">
        <Button variant="quiet" className="finder-detail__back" onClick={onBack}>
          <FinderIcon name="back" size={18} />
          Back to Results
        </Button>
      </div>
      <header className="finder-detail__header">
        <h3 id="finder-detail-title" className="finder-detail__title" tabIndex={-1} ref={headingRef}>
          {title}
        </h3>
        {registrationNumber ? (
          <p className="finder-detail__number">Registered charity number {registrationNumber}</p>
        ) : null}
        {charity ? (
          <div className="finder-detail__badges">
            <PlatformBadge isOnPlatform={charity.isOnKindred} isLive={charity.isLive} />
          </div>
        ) : null}
        {charity?.isLive && registrationNumber ? (
          <p className="finder-detail__live">
            <Link className="finder-card__website" to={paths.charityPage.getHref(registrationNumber)}>
              {brand.productName} page<span className="visually-hidden"> of {title}</span>
            </Link>
            <ButtonLink to={charityDonatePath(registrationNumber)}>
              Donate<span className="visually-hidden"> to {title}</span>
            </ButtonLink>
          </p>
        ) : null}
      </header>
      {detail.status === 'loading' ? (
        <p className="finder-detail__loading">
          <span className="finder-spinner" aria-hidden="true" />
          Loading charity details…
        </p>
      ) : null}
      {detail.status === 'failed' ? (
        <div className="finder-notice finder-notice--error" role="alert">
          <FinderIcon name="alert" />
          <p>{detail.message}</p>
        </div>
      ) : null}
      {detail.status === 'loaded' ? <DetailBody charity={detail.detail} /> : null}
    </article>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="finder-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function LinkOr({
  href,
  children,
  external,
}: {
  href: string | null;
  children: ReactNode;
  external?: boolean;
}) {
  if (!href) return <>{NOT_AVAILABLE}</>;
  return external ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  ) : (
    <a href={href}>{children}</a>
  );
}

function TextList({ items, className }: { items: string[]; className?: string }) {
  const shown = items.map((item) => item.trim()).filter(Boolean);
  if (shown.length === 0) return <p className="finder-detail__missing">{NOT_AVAILABLE}</p>;
  return (
    <ul className={className}>
      {shown.map((item, index) => (
        // Names can repeat (two trustees of one name); the position keeps keys unique.
        // biome-ignore lint/suspicious/noArrayIndexKey: a static list, never reordered.
        <li key={`${index}-${item}`}>{item}</li>
      ))}
    </ul>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="finder-detail__section" aria-labelledby={id}>
      <h4 id={id} className="finder-detail__section-title">
        {title}
      </h4>
      {children}
    </section>
  );
}

function DetailBody({ charity }: { charity: Detail }) {
  const lines = addressLines(charity.address);
  const website = websiteHref(charity.website);
  const email = emailHref(charity.email);
  return (
    <div className="finder-detail__body">
      <dl className="finder-figures">
        <Field label="Income">{formatMoney(charity.income)}</Field>
        <Field label="Expenditure">{formatMoney(charity.expenditure)}</Field>
        <Field label="Employees">{formatCount(charity.employees)}</Field>
        <Field label="Volunteers">{formatCount(charity.volunteers)}</Field>
      </dl>
      <div className="finder-detail__columns">
        <div className="finder-detail__main">
          <Section id="finder-detail-activities" title="Activities">
            <p className="finder-detail__prose">{formatText(charity.activities)}</p>
          </Section>
          <Section id="finder-detail-objectives" title="Objectives">
            <p className="finder-detail__prose">{formatText(charity.objectives)}</p>
          </Section>
          <Section id="finder-detail-area" title="Area of operation">
            <TextList items={charity.areaOfOperation} className="finder-chips" />
          </Section>
          <Section id="finder-detail-trustees" title="Trustees">
            <TextList items={charity.trustees} className="finder-detail__trustees" />
          </Section>
        </div>
        <div className="finder-detail__aside">
          <Section id="finder-detail-contact" title="Contact">
            <dl className="finder-fields">
              <Field label="Email">
                <LinkOr href={email}>{charity.email}</LinkOr>
              </Field>
              <Field label="Phone">
                <LinkOr href={phoneHref(charity.phone)}>{charity.phone}</LinkOr>
              </Field>
              <Field label="Website">
                <LinkOr href={website} external>
                  {website ? websiteLabel(website) : null}
                </LinkOr>
              </Field>
              <Field label="Address">
                {lines.length > 0 ? (
                  <address className="finder-detail__address">
                    {lines.map((line, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: address lines have a fixed order.
                      <span key={index}>{line}</span>
                    ))}
                  </address>
                ) : (
                  ADDRESS_NOT_AVAILABLE
                )}
              </Field>
            </dl>
          </Section>
          <Section id="finder-detail-registration" title="Registration">
            <dl className="finder-fields">
              <Field label="Registration number">{formatText(charity.registrationNumber)}</Field>
              <Field label="Status">{charity.isActive ? 'Active' : 'Not active'}</Field>
              <Field label="Registration date">{formatDate(charity.registrationDate)}</Field>
              <Field label="Removal date">{formatDate(charity.removalDate)}</Field>
            </dl>
          </Section>
        </div>
      </div>
    </div>
  );
}
