import { PrivacyPolicyPage } from '@/features/public-site/components/pages/privacy-policy';

/** Lazy route module: exports `Component`. */
export function Component() {
  return <PrivacyPolicyPage />;
}
