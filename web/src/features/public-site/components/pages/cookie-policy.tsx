import { brand } from '@shared/brand';
import { PageSection, StaticPage } from '../static-page';

const { productName: product, supportEmail } = brand;

const stored = [
  ['highContrastMode', 'Remembers whether you turned on high-contrast mode.', 'Until you clear it'],
  ['hasSeenGuidedTour', 'Remembers that a charity has seen the dashboard tour.', 'Until you clear it'],
  ['guidedTour', 'Remembers where you are in the dashboard tour.', 'Until you close the tab'],
  ['Sign-in session', 'Keeps a charity signed in securely between pages.', 'Until you sign out'],
  [
    'lastVerificationAttempt, lastResendAttempt',
    'Spaces out verification-code attempts.',
    'Until you clear it',
  ],
];

/** `/cookie-policy`. */
export function CookiePolicyPage() {
  return (
    <StaticPage
      title="Cookie Policy"
      description={`${product} uses no advertising or tracking cookies. Here is the small amount we store on your device, and why.`}
      eyebrow="Legal"
      heading="Cookie Policy"
      lead={
        <p>
          The short version: {product} uses no advertising cookies, no tracking pixels and no third-party
          analytics. We only store what the site needs to work, so there is no cookie banner to click through.
        </p>
      }
      updated="November 2026"
    >
      <PageSection heading="What we store on your device">
        <p>
          Rather than cookies, {product} uses your browser's local storage for a few strictly necessary
          settings. Under the UK's Privacy and Electronic Communications Regulations (PECR), storage that is
          strictly necessary for a service you asked for does not need consent.
        </p>
        <table className="fee-table">
          <caption>Items {product} may store</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Purpose</th>
              <th scope="col">Kept</th>
            </tr>
          </thead>
          <tbody>
            {stored.map(([name, purpose, kept]) => (
              <tr key={name}>
                <td>{name}</td>
                <td>{purpose}</td>
                <td>{kept}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </PageSection>
      <PageSection heading="Payments">
        <p>
          When you donate, our card payment provider may set its own cookies to prevent fraud. These are
          strictly necessary for a safe payment and are covered by the provider's own policy.
        </p>
      </PageSection>
      <PageSection heading="Managing storage">
        <p>
          You can clear stored items at any time in your browser's settings (usually under "Privacy" or "Site
          data"). The site will still work; you will simply need to turn high contrast on again or sign in
          again.
        </p>
      </PageSection>
      <PageSection heading="Changes and questions">
        <p>
          If we ever want to add optional cookies, such as analytics, we will ask first and update this page.
          Any questions: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      </PageSection>
    </StaticPage>
  );
}
