import { paths } from '@shared/site/paths';
import { lazy } from 'react';
import { useParams } from 'react-router';
import { CharityPublicPage } from '@/features/charity-page/components/charity-page';

/**
 * `/charities/recommend` ("Get a recommendation") is a page of its own, not a charity's number: it is answered
 * here, from its own chunk, rather than by a route of the app's table, which every page's first load carries
 * (the landing page's 100 KB goal has no room for it).
 */
const RecommendRoute = lazy(() =>
  import('./charities-recommend').then((module) => ({ default: module.Component })),
);

/** Lazy route module: a live charity's public page, `/charities/:registrationNumber`. */
export function Component() {
  const { registrationNumber = '' } = useParams();
  if (paths.charityPage.getHref(registrationNumber) === paths.charitiesRecommend.path)
    return <RecommendRoute />;
  return <CharityPublicPage key={registrationNumber} registrationNumber={registrationNumber} />;
}
