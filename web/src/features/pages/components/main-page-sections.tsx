import type { PageTemplateItem } from '@shared/api/schemas/pages';
import type { RefObject } from 'react';
import { AuthIcon } from '@/components/ui/auth-icon';
import { Button } from '@/components/ui/button';
import { SaveMessage } from '../utils/page-form';

/** The tab's heading and how main pages work. */
export function MainPageIntro({ headingRef }: { headingRef: RefObject<HTMLHeadingElement | null> }) {
  return (
    <header className="tab-intro" data-tour="main-page">
      <h2 className="tab-intro__title" ref={headingRef} tabIndex={-1}>
        Setup Main Page
      </h2>
      <p>
        Your main page is what donors see when they open your charity: your pictures, your mission, your story
        and a Donate Now button. Choose a template, make it yours, and keep as many pages as you like; one
        page at a time is live.
      </p>
      <details className="info-details">
        <summary>How main pages work</summary>
        <ul className="info-details__list">
          <li>Start from a template, then add your images or videos, your mission and your About Us text.</li>
          <li>A phone-style preview shows your page as donors will see it while you edit.</li>
          <li>Save it with a name; your first page goes live automatically.</li>
          <li>You can keep several pages and choose which one is live. The live page cannot be deleted.</li>
          <li>Charities using a template bring in up to 40% more donations.</li>
        </ul>
      </details>
    </header>
  );
}

/** Create a new page: the templates (inactive ones marked Coming Soon) and Customize Your Page. */
export function TemplateChooser({
  id,
  templates,
  hasPages,
  chosen,
  onChoose,
  onCustomise,
}: {
  id: string;
  templates: readonly PageTemplateItem[];
  hasPages: boolean;
  chosen: string;
  onChoose: (templateType: string) => void;
  onCustomise: (template: PageTemplateItem) => void;
}) {
  const chosenTemplate = templates.find((t) => t.template_type === chosen && t.is_active) ?? null;
  return (
    <section className="card" aria-labelledby={`${id}-templates`} data-tour="template">
      <fieldset className="template-chooser mp-chooser">
        <legend className="dash-card__title" id={`${id}-templates`}>
          {hasPages ? 'Create a new page' : 'Choose a template'}
        </legend>
        <div className="template-chooser__grid">
          {templates.map((template) => (
            <label
              key={template.template_type}
              className={`template-card${template.is_active ? '' : ' template-card--disabled'}`}
            >
              <input
                type="radio"
                name={`${id}-template`}
                value={template.template_type}
                checked={chosen === template.template_type}
                disabled={!template.is_active}
                onChange={() => onChoose(template.template_type)}
              />
              <span className="template-card__name">{template.display_name}</span>
              <span className="template-card__text">{template.description}</span>
              {template.is_active ? null : (
                <span className="coming-soon-pill template-card__soon">Coming Soon</span>
              )}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mp-chooser__actions" data-tour="customise">
        <Button disabled={!chosenTemplate} onClick={() => chosenTemplate && onCustomise(chosenTemplate)}>
          Customize Your Page
        </Button>
      </div>
    </section>
  );
}

/** 'Uploaded' for a few seconds after a save, read out politely. */
export function SavedToast({ shown }: { shown: boolean }) {
  return (
    <div className="mp-toast-region" role="status">
      {shown ? (
        <p className="mp-toast">
          <AuthIcon name="check" size={20} />
          {SaveMessage.uploaded}
        </p>
      ) : null}
    </div>
  );
}
