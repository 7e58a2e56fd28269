import type { CharityPage } from '@shared/api/schemas/pages';
import { mediaUrl } from '@shared/media';
import { AuthIcon } from '@/components/ui/auth-icon';
import { Button } from '@/components/ui/button';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { altOf, storedWords } from '@/lib/media/media-words';
import { formatPageDate, mediaSummary } from '../utils/page-form';
import { PhonePreview } from './phone-preview';

interface LivePageCardProps {
  page: CharityPage | null;
  templateName: string;
  charityName: string;
  onEdit: (page: CharityPage) => void;
}

/** The live page at a glance, with Edit This Page and a phone-style preview; a first-step card without one. */
export function LivePageCard({ page, templateName, charityName, onEdit }: LivePageCardProps) {
  const { mediaBaseUrl } = useRuntimeConfig();

  if (!page) {
    return (
      <section className="card mp-live mp-live--empty" aria-labelledby="mp-live-title">
        <span className="mp-live__icon" aria-hidden="true">
          <AuthIcon name="sprout" size={24} />
        </span>
        <div>
          <h3 id="mp-live-title" className="dash-card__title">
            No live page yet
          </h3>
          <p className="dash-card__text">
            Choose a template below and add your photos, your mission and your story. Your first page goes
            live on its own, so donors see it as soon as your charity is live.
          </p>
        </div>
      </section>
    );
  }

  const facts: [string, string][] = [
    ['Page name', page.name],
    ['Template', templateName],
    ['Created', formatPageDate(page.created_at)],
    ['Media', mediaSummary(page.media)],
  ];

  return (
    <section className="card mp-live" aria-labelledby="mp-live-title">
      <div className="mp-live__details">
        <div className="mp-live__head">
          <h3 id="mp-live-title" className="dash-card__title">
            Your Live Page
          </h3>
          <span className="status-pill status-pill--done">
            <span className="live-dot live-dot--on" aria-hidden="true" />
            Live
          </span>
        </div>
        <dl className="mp-facts">
          {facts.map(([term, value]) => (
            <div key={term} className="mp-facts__row">
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mp-live__text">
          <h4 className="mp-live__label">Mission statement</h4>
          <p>{page.content.page_description || 'Not written yet'}</p>
        </div>
        <div className="mp-live__text">
          <h4 className="mp-live__label">About text</h4>
          <p className="mp-live__about">{page.content.about_text || 'Not written yet'}</p>
        </div>
        <div>
          <Button onClick={() => onEdit(page)}>Edit This Page</Button>
        </div>
      </div>
      <div className="mp-live__preview">
        <PhonePreview
          label="Preview of your live page"
          charityName={charityName}
          mission={page.content.page_description ?? ''}
          about={page.content.about_text ?? ''}
          media={[...page.media]
            .sort((a, b) => a.display_order - b.display_order)
            .map((m, i) => ({
              id: m.id,
              type: m.media_type,
              src: mediaUrl(mediaBaseUrl, m.file_path),
              alt: altOf(storedWords(m), `${charityName}, slide ${i + 1} of ${page.media.length}`),
              caption: m.caption ?? '',
            }))}
        />
      </div>
    </section>
  );
}
