/**
 * The two setup tabs' introductions (charity-area spec, "Setup Main Page" and "Setup Explore View"). The page
 * builder (issue 8) and the explore editor (issue 9) arrive with their own issues; until then these tabs show
 * what each view is for, the template chooser (Basic only) and the explore page's status, all static.
 */

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

export function SetupMainPageTab() {
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

export function SetupExploreViewTab() {
  return (
    <div className="dash-stack">
      <header className="tab-intro">
        <h2 className="tab-intro__title">Setup Your Explore View</h2>
        <p>
          Your explore view is how your charity appears while donors browse: a picture in the grid and a short
          feed of images with your descriptions.
        </p>
        <details className="info-details">
          <summary>Grid View and Feed View</summary>
          <div className="view-explainer">
            <div className="view-explainer__card">
              <h3>Grid View</h3>
              <p>
                Donors see charities three to a row. Your grid image and short description (up to 50
                characters) are your first impression.
              </p>
            </div>
            <div className="view-explainer__card">
              <h3>Feed View</h3>
              <p>
                Donors scroll through larger posts: up to 20 feed images or videos with your detailed
                description (up to 1000 characters).
              </p>
            </div>
          </div>
        </details>
      </header>

      <section className="dash-card explore-status" aria-labelledby="explore-status-title">
        <div className="live-card__head">
          <h3 id="explore-status-title" className="dash-card__title">
            Explore Page Status
          </h3>
          <span className="status-pill status-pill--todo">Inactive</span>
        </div>
        <p className="dash-card__text">
          Your explore content is visible to donors only while the page is active. It can be activated once it
          has a grid image or feed media, a short description and a detailed description.
        </p>
      </section>
    </div>
  );
}
