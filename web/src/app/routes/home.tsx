import { brand } from '@shared/brand';
import { lazy, Suspense, useRef } from 'react';
import { useLocation } from 'react-router';
import { useDocumentMeta } from '@/components/seo/use-document-meta';
import { ForCharitiesSection } from '@/features/public-site/components/for-charities-section';
import { FundingSection } from '@/features/public-site/components/funding-section';
import { HomeHero } from '@/features/public-site/components/home-hero';
import { HowItWorksSection } from '@/features/public-site/components/how-it-works-section';
import { MissionSection } from '@/features/public-site/components/mission-section';
import { ReinvestmentCalculator } from '@/features/public-site/components/reinvestment-calculator';
import { StorySection } from '@/features/public-site/components/story-section';
import { ValuesSection } from '@/features/public-site/components/values-section';
import { WaitlistSection } from '@/features/public-site/components/waitlist-section';
import { useSeen } from '@/hooks/use-seen';

// The finder (search, results, API schemas) loads on its own, as the reader nears it, so the landing
// page's first JavaScript stays small.
const CharityFinder = lazy(() =>
  import('@/features/finder/components/charity-finder').then((module) => ({
    default: module.CharityFinder,
  })),
);

function FinderPlaceholder() {
  return (
    <div className="finder-placeholder">
      <p>Loading the charity finder…</p>
    </div>
  );
}

/** Anchor `charity-finder`: the finder feature, mounted when it comes within reach of the viewport. */
function FinderSection() {
  const ref = useRef<HTMLElement>(null);
  // A search in the address (a shared link, a reload, Back) needs the finder at once.
  const fromAddress = new URLSearchParams(useLocation().search).has('q');
  const near = useSeen(ref, '800px') || fromAddress;
  return (
    <section id="charity-finder" ref={ref} className="section finder-section">
      <div className="container">
        {near ? (
          <Suspense fallback={<FinderPlaceholder />}>
            <CharityFinder />
          </Suspense>
        ) : (
          <FinderPlaceholder />
        )}
      </div>
    </section>
  );
}

/** `/`: the landing page, its sections in the spec's order. */
export function HomeRoute() {
  useDocumentMeta({
    title: brand.tagline,
    description: `${brand.productName} helps you discover small, vetted UK charities and give with no platform fee. Launching Autumn 2025: join the waitlist.`,
  });
  return (
    <>
      <HomeHero />
      <FundingSection />
      <MissionSection />
      <ForCharitiesSection />
      <StorySection />
      <ValuesSection />
      <ReinvestmentCalculator />
      <HowItWorksSection />
      <WaitlistSection />
      <FinderSection />
    </>
  );
}
