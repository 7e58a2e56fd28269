import { useLocation } from 'react-router';
import { RecommendPage } from '@/features/discover/components/recommend-page';

/** Lazy route module: `/charities/recommend`, three questions then a shortlist (answers in the query alone). */
export function Component() {
  const { search } = useLocation();
  return <RecommendPage search={search} />;
}
