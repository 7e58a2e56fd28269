import { brand } from '@shared/brand';
import { MinimalLayout } from '@/components/layout/minimal-layout';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from './error-panel';

/** Shown instead of the app when `/config.json` cannot be loaded or is invalid. */
export function ConfigErrorScreen() {
  return (
    <MinimalLayout>
      <ErrorPanel
        title="Unable to load"
        heading={`We couldn't load ${brand.productName}`}
        supportLine="If this problem persists, please contact our support team"
        actions={
          <Button variant="primary" size="lg" onClick={() => window.location.reload()}>
            Try Again
          </Button>
        }
      >
        <p>
          Part of the site's set-up didn't arrive, so we can't show this page right now. This is usually
          brief: please check your connection and try again in a moment.
        </p>
      </ErrorPanel>
    </MinimalLayout>
  );
}
