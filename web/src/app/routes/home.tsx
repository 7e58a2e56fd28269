import { brand } from '../../../../shared/src/brand';
import { useDocumentTitle } from '../../components/seo/use-document-title';
import { HomeHero } from '../../features/public-site/components/home-hero';

/** `/`: the landing page (its further sections arrive with the landing-page issue). */
export function HomeRoute() {
  useDocumentTitle(brand.tagline);
  return <HomeHero />;
}
