import { paths } from '@shared/site/paths';
import { Button, buttonClassName } from '@/components/ui/button';
import { ErrorPanel } from './error-panel';

/** The spec's wording of the generic error screen. */
export const errorScreenText = {
  heading: 'Oops! Something went wrong',
  body: "We're sorry, but something unexpected happened. Our team has been notified and we're working to fix this issue.",
  tryAgain: 'Try Again',
  backHome: 'Back to Home',
  support: 'If this problem persists, please contact our support team',
} as const;

/**
 * The generic error screen (router errorElement and top-level error boundary). Uses a plain link, not the
 * router, so it renders wherever the failure happened; going home reloads the app from a clean state.
 */
export function ErrorScreen() {
  return (
    <ErrorPanel
      title="Something went wrong"
      heading={errorScreenText.heading}
      supportLine={errorScreenText.support}
      actions={
        <>
          <Button variant="primary" size="lg" onClick={() => window.location.reload()}>
            {errorScreenText.tryAgain}
          </Button>
          <a className={buttonClassName({ variant: 'secondary', size: 'lg' })} href={paths.home.getHref()}>
            {errorScreenText.backHome}
          </a>
        </>
      }
    >
      <p>{errorScreenText.body}</p>
    </ErrorPanel>
  );
}
