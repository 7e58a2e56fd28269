import { FinancialTransparencyPage } from '@/features/public-site/components/pages/financial-transparency';

/** Lazy route module: exports `Component`. */
export function Component() {
  return <FinancialTransparencyPage />;
}
