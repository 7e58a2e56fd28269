import { CharitySupportPage } from '@/features/public-site/components/pages/charity-support';

/** Lazy route module: exports `Component`. */
export function Component() {
  return <CharitySupportPage />;
}
