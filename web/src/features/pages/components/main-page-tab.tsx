/**
 * The Setup Main Page tab (charity-area spec, "Setup Main Page"). Issue 8 replaces this static start.
 */
import type { CharityProfileResponse } from '../../../../../shared/src/api/schemas/charity-account';

/** What the dashboard hands a setup tab: the loaded profile, a token getter and a quiet profile reload. */
export interface SetupTabProps {
  profile: CharityProfileResponse;
  getToken: () => Promise<string | null>;
  onProfileChanged: () => Promise<void>;
}

const TEMPLATES = [
  {
    id: 'basic',
    name: 'Basic',
    description: 'A hero image carousel, your mission, your story and a Donate Now button.',
    available: true,
  },
  {
    id: 'multiple-tabs',
    name: 'Multiple Tabs',
    description: 'Separate tabs for your projects, news and impact.',
    available: false,
  },
  {
    id: 'customised',
    name: 'Customised',
    description: 'A layout designed around your charity.',
    available: false,
  },
] as const;

export function MainPageTab(_props: SetupTabProps) {
  return (
    <div className="dash-stack">
      <header className="tab-intro">
        <h2 className="tab-intro__title">Setup Main Page</h2>
        <p>
          Your main page is what donors see when they open your charity: your pictures, your mission, your
          story and a Donate Now button. Choose a template, make it yours, and keep as many drafts as you
          like; one page at a time is live.
        </p>
        <details className="info-details">
          <summary>How main pages work</summary>
          <ul className="info-details__list">
            <li>
              Start from a template, then add your images or videos, your mission and your About Us text.
            </li>
            <li>A phone-style preview shows your page as donors will see it while you edit.</li>
            <li>Save it with a name; your first page goes live automatically.</li>
            <li>You can keep several pages and choose which one is live. The live page cannot be deleted.</li>
          </ul>
        </details>
      </header>

      <fieldset className="dash-card template-chooser">
        <legend className="dash-card__title">Choose a template</legend>
        <div className="template-chooser__grid">
          {TEMPLATES.map((template) => (
            <label
              key={template.id}
              className={`template-card${template.available ? '' : ' template-card--disabled'}`}
            >
              <input
                type="radio"
                name="main-page-template"
                value={template.id}
                defaultChecked={template.available}
                disabled={!template.available}
              />
              <span className="template-card__name">{template.name}</span>
              <span className="template-card__text">{template.description}</span>
              {template.available ? null : (
                <span className="coming-soon-pill template-card__soon">Coming Soon</span>
              )}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
