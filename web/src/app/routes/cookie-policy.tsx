import { CookiePolicyPage } from '@/features/public-site/components/pages/cookie-policy';

/** Lazy route module: exports `Component`. */
export function Component() {
  return <CookiePolicyPage />;
}
