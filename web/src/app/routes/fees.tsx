import { FeesAndChargesPage } from '@/features/public-site/components/pages/fees-and-charges';

/** Lazy route module: `/fees`, fees and charges (prerendered). */
export function Component() {
  return <FeesAndChargesPage />;
}
