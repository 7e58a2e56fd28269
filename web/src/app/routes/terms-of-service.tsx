import { TermsOfServicePage } from '@/features/public-site/components/pages/terms-of-service';

/** Lazy route module: exports `Component`. */
export function Component() {
  return <TermsOfServicePage />;
}
