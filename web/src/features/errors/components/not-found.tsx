import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { ButtonLink } from '@/components/ui/button';
import { ErrorPanel } from './error-panel';

/** The page for an address the app does not know. */
export function NotFound() {
  return (
    <ErrorPanel
      tone="lost"
      title="Page not found"
      heading="We can't find that page"
      actions={
        <ButtonLink to={paths.home.getHref()} variant="primary" size="lg">
          Back to Home
        </ButtonLink>
      }
    >
      <p>The link may be out of date, or the address may have a small typo. It happens to the best of us.</p>
      <p>
        Head back to the {brand.productName} home page, or email us at{' '}
        <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a> if you think something is missing.
      </p>
    </ErrorPanel>
  );
}
