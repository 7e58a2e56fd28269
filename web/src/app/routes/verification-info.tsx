import { VerificationInfoPage } from '@/features/public-site/components/pages/verification-info';

/** Lazy route module: exports `Component`. */
export function Component() {
  return <VerificationInfoPage />;
}
