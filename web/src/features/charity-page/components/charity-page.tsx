import type { PublicCharityPage } from '@shared/api/schemas/public-pages';
import { mediaUrl } from '@shared/media';
import { charityPageTitle, GIVE_SECTION_ID, VETTED_NOTE } from '@shared/public-pages';
import { paths } from '@shared/site/paths';
import { CaptionedVideo } from '@/components/media/caption-track';
import { useDocumentMeta } from '@/components/seo/use-document-meta';
import { ButtonLink } from '@/components/ui/button';
import { useRuntimeConfig } from '@/config/runtime-config-context';
import { NotFound } from '@/features/errors';
import { FollowControl } from '@/features/following';
import { DonateBar, DonateSkipLink, GivingPanel } from '@/features/giving';
import { usePublicCharityPage } from '../hooks/use-public-charity-page';
import { CharityPosts } from './charity-posts';
import { MediaCarousel } from './media-carousel';
import './charity-page.css';

/** A live charity's public page (issue 18), or the not-found page when donors may not see it. */
export function CharityPublicPage({ registrationNumber }: { registrationNumber: string }) {
  const state = usePublicCharityPage(registrationNumber);
  if (state.status === 'not-found') return <NotFound />;
  if (state.status === 'failed') {
    return (
      <div className="container charity-public charity-public--message" role="alert">
        <h1>We couldn't load this charity's page</h1>
        <p>Please check your connection and reload the page.</p>
      </div>
    );
  }
  if (state.status === 'loading') {
    return (
      <div className="container charity-public charity-public--loading">
        <p role="status">Loading charity page...</p>
      </div>
    );
  }
  return <CharityPageView charity={state.charity} />;
}

function CharityPageView({ charity }: { charity: PublicCharityPage }) {
  const { mediaBaseUrl, siteUrl } = useRuntimeConfig();
  const firstImage = charity.media.find((m) => m.media_type === 'image');
  const imageUrl = firstImage ? mediaUrl(mediaBaseUrl, firstImage.file_path) : undefined;
  const mission = charity.fields.find((f) => f.name === 'page_description')?.value ?? '';
  useDocumentMeta({
    title: charityPageTitle(charity),
    description: charity.explore?.short_description || mission,
    // The site's address, not window's: the page also renders on the server (the share-page lambda).
    image: imageUrl ? new URL(imageUrl, siteUrl).href : undefined,
    imageAlt: firstImage?.alt || undefined,
  });

  return (
    <article className="charity-public">
      <header className="charity-public__header container">
        {charity.giving.open ? <DonateSkipLink /> : null}
        <div className="charity-public__title-row">
          <h1 className="charity-public__name">{charity.display_name}</h1>
          {charity.updates_open ? (
            <FollowControl
              registrationNumber={charity.registration_number}
              charityName={charity.display_name}
            />
          ) : null}
        </div>
        <p className="charity-public__registered">
          {charity.registered_name !== charity.display_name ? <>{charity.registered_name} · </> : null}
          Registered charity number {charity.registration_number}
        </p>
        <p className="charity-public__vetted">
          <span className="charity-public__tick" aria-hidden="true">
            ✓
          </span>{' '}
          <a href={charity.register_url} target="_blank" rel="noopener noreferrer">
            {VETTED_NOTE}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      </header>

      <div className="container charity-public__layout">
        <div className="charity-public__main">
          <MediaCarousel
            media={charity.media}
            mediaBaseUrl={mediaBaseUrl}
            label={`${charity.display_name} photos and videos`}
          />
          {charity.fields.map((field) => (
            <section key={field.name} className="charity-public__section">
              <h2>{field.label}</h2>
              <p className="charity-public__text">{field.value}</p>
            </section>
          ))}
          {charity.explore ? (
            <section className="charity-public__section" aria-labelledby="charity-explore-title">
              <h2 id="charity-explore-title">Explore {charity.display_name}</h2>
              <p className="charity-public__lead">{charity.explore.short_description}</p>
              <p className="charity-public__text">{charity.explore.long_description}</p>
              {charity.explore.feed.length ? (
                <ul className="charity-public__feed">
                  {charity.explore.feed.map((item) => (
                    <li key={item.file_path}>
                      <figure>
                        {item.media_type === 'video' ? (
                          <CaptionedVideo
                            captionFile={item.caption_file_path}
                            src={mediaUrl(mediaBaseUrl, item.file_path)}
                            controls
                            playsInline
                            preload="none"
                            width={600}
                            height={600}
                            aria-label={item.alt || undefined}
                          />
                        ) : (
                          <img
                            src={mediaUrl(mediaBaseUrl, item.file_path)}
                            alt={item.alt}
                            width={600}
                            height={600}
                            loading="lazy"
                            decoding="async"
                          />
                        )}
                        {item.caption ? <figcaption>{item.caption}</figcaption> : null}
                      </figure>
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          ) : null}
          <CharityPosts
            posts={charity.posts ?? []}
            registrationNumber={charity.registration_number}
            mediaBaseUrl={mediaBaseUrl}
          />
          {charity.giving.open ? <DonateBar charityName={charity.display_name} /> : null}
        </div>
        {charity.giving.open ? (
          <GivingPanel charity={charity} className="card" />
        ) : (
          <GivingSoon charity={charity} />
        )}
      </div>
    </article>
  );
}

/** Before giving opens (on this stage, or for a charity whose payments are not set up): the waitlist. */
function GivingSoon({ charity }: { charity: PublicCharityPage }) {
  return (
    <aside className="card charity-public__give" aria-labelledby={GIVE_SECTION_ID}>
      {/* The giving box's id either way: a `/charities` card's Donate link lands here before launch. */}
      <h2 id={GIVE_SECTION_ID} tabIndex={-1}>
        Giving opens soon
      </h2>
      <p>
        Donations to {charity.display_name} open when we launch. Join the waitlist and we'll tell you as soon
        as you can give, with no platform fee.
      </p>
      <ButtonLink to={paths.joinWaitlist.getHref()} variant="primary" size="lg">
        Join the Waitlist
      </ButtonLink>
    </aside>
  );
}
