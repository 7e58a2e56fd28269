/**
 * The Setup Explore View tab (charity-area spec, "Setup Explore View"). Issue 9 replaces this static start.
 */
import type { SetupTabProps } from '../../pages/components/main-page-tab';

export function ExploreTab(_props: SetupTabProps) {
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
