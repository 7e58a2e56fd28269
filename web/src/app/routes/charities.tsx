import { useLocation } from 'react-router';
import { DiscoverPage } from '@/features/discover/components/discover-page';

/** Lazy route module: `/charities`, live charities by cause, place and size (server-rendered by the API). */
export function Component() {
  const { search } = useLocation();
  return <DiscoverPage search={search} />;
}
