import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { ButtonLink } from '@/components/ui/button';
import { type FeatureCardItem, FeatureCardList } from './feature-card';
import './home-hero.css';

const heroCards: FeatureCardItem[] = [
  {
    icon: 'heart',
    title: 'Full Impact Giving',
    text: 'No platform fees and no commission. Apart from the card fee, every penny reaches the charity you chose.',
  },
  {
    icon: 'search',
    title: `Find Your ${brand.productName}`,
    text: 'Discover small, vetted charities near you or close to your heart: food banks, youth clubs, hospices and more.',
  },
  {
    icon: 'sprout',
    title: 'Watch Change Happen',
    text: 'Follow the difference you make through updates written by the people doing the work, not by a marketing team.',
  },
];

/** The landing page's opening: what the product is, and the two ways in. */
export function HomeHero() {
  return (
    <section className="home-hero" aria-labelledby="home-hero-heading">
      <div className="container home-hero__inner">
        <div className="home-hero__text">
          <p className="eyebrow">Giving to the UK's small charities</p>
          <h1 id="home-hero-heading" className="home-hero__heading">
            Small Charities, <span className="home-hero__accent">Big Impact</span>
          </h1>
          <p className="home-hero__lead">
            {brand.productName} helps you discover small, vetted UK charities doing vital work close to home,
            and give to them directly. Small charities turn 91p of every £1 into their mission, and we charge
            no platform fee, so your gift goes to the cause you chose.
          </p>
          <div className="home-hero__actions">
            <ButtonLink to={paths.joinWaitlist.getHref()} variant="primary" size="lg">
              Join the Waitlist
            </ButtonLink>
            <ButtonLink to={paths.home.getHref('how-it-works')} variant="secondary" size="lg">
              See how it works
            </ButtonLink>
          </div>
          <p className="home-hero__note">Launching Autumn 2025 · Free for donors and charities</p>
        </div>
        <HeroArt />
      </div>
      <div className="container">
        <FeatureCardList cards={heroCards} columns={3} headingLevel="h2" className="home-hero__cards" />
      </div>
    </section>
  );
}

const ARCH = 'M40 440V230a200 200 0 0 1 400 0v210a24 24 0 0 1-24 24H64a24 24 0 0 1-24-24z';

/** A quiet landscape: sun, rolling hills, a doorway arch and a heart. Decorative only. */
function HeroArt() {
  return (
    <div className="home-hero__art decorative">
      <svg viewBox="0 0 480 470" aria-hidden="true" focusable="false">
        <defs>
          <clipPath id="hero-arch">
            <path d={ARCH} />
          </clipPath>
        </defs>
        <path d={ARCH} fill="#f3eadb" />
        <g clipPath="url(#hero-arch)">
          <circle cx="334" cy="158" r="52" fill="#d98a62" />
          <path d="M0 318c80-46 170-56 250-28s160 18 230-18v216H0z" fill="#9cc3b5" />
          <path d="M0 362c90-38 180-28 260 6s150 24 220-6v120H0z" fill="#3f8a7c" />
          <path d="M0 404c100-24 190-14 270 10s140 14 210 0v70H0z" fill="#0e5a52" />
        </g>
        <path
          d="M210 306s-52-32-52-69a29.5 29.5 0 0 1 52-19.5 29.5 29.5 0 0 1 52 19.5c0 37-52 69-52 69z"
          fill="#fbf6ee"
          stroke="#a4482a"
          strokeWidth="6"
          strokeLinejoin="round"
        />
        <circle cx="116" cy="128" r="9" fill="#d98a62" opacity="0.55" />
        <circle cx="408" cy="262" r="6" fill="#0e5a52" opacity="0.35" />
        <circle cx="86" cy="236" r="5" fill="#0e5a52" opacity="0.35" />
      </svg>
    </div>
  );
}
