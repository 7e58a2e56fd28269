import { SAMPLE_POST_FILTERS, SAMPLE_POST_TYPES, SAMPLE_POSTS } from '../data/samples';
import { ComingSoon, SampleTag } from './coming-soon';

/** Create Posts while posts are closed (the spec's 'Coming Soon' preview). */
export function CreatePostsPreview() {
  return (
    <div className="dash-stack">
      <header className="tab-intro">
        <h2 className="tab-intro__title">Create Posts</h2>
        <p>Share photos, videos, stories and events with the people who follow your charity.</p>
      </header>
      <ComingSoon id="create-posts" title="Posts Coming Soon">
        <div className="card">
          <h3 className="dash-card__title">
            Choose a post type <SampleTag />
          </h3>
          <ul className="post-types">
            {SAMPLE_POST_TYPES.map((type) => (
              <li key={type.id}>
                <button type="button" className="post-type">
                  <span className="post-type__label">{type.label}</span>
                  <span className="post-type__hint">{type.hint}</span>
                </button>
              </li>
            ))}
          </ul>
          <label className="post-draft">
            <span className="post-draft__label">Caption</span>
            <textarea rows={3} defaultValue="Thank you to everyone who dropped off a coat this week!" />
          </label>
          <div className="post-draft__actions">
            <button type="button" className="button button--secondary button--md">
              Save Draft
            </button>
            <button type="button" className="button button--primary button--md">
              Publish
            </button>
          </div>
        </div>
      </ComingSoon>
    </div>
  );
}

/** View Posts while posts are closed (the spec's 'Coming Soon' preview). */
export function ViewPostsPreview() {
  return (
    <div className="dash-stack">
      <header className="tab-intro">
        <h2 className="tab-intro__title">View Posts</h2>
        <p>Everything you have shared, drafted or scheduled, in one place.</p>
      </header>
      <ComingSoon id="view-posts" title="Posts Coming Soon">
        <div className="card">
          <div className="post-filters">
            {SAMPLE_POST_FILTERS.map((filter, index) => (
              <button
                key={filter}
                type="button"
                className={`post-filter${index === 0 ? ' post-filter--on' : ''}`}
              >
                {filter}
              </button>
            ))}
          </div>
          <ul className="post-list">
            {SAMPLE_POSTS.map((post) => (
              <li key={post.title} className="post-row">
                <span className="post-row__thumb" aria-hidden="true">
                  {post.type[0]}
                </span>
                <span className="post-row__body">
                  <span className="post-row__title">
                    {post.title} <SampleTag />
                  </span>
                  <span className="post-row__meta">
                    {post.type} · {post.date} · {post.stats}
                  </span>
                </span>
                <span className="status-pill status-pill--done">{post.status}</span>
              </li>
            ))}
          </ul>
        </div>
      </ComingSoon>
    </div>
  );
}
