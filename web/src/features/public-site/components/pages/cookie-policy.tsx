import { brand } from '@shared/brand';
import { STORED_ON_DEVICE } from '../../data/stored-on-device';
import { PageSection, StaticPage } from '../static-page';

const { productName: product, supportEmail } = brand;

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
          analytics. We only store what the site needs to work (every item is listed below), so there is no
          cookie banner to click through.
        </p>
      }
      updated="November 2026"
    >
      <PageSection heading="What we store on your device">
        <p>
          Rather than cookies, {product} uses your browser's local storage, session storage and one IndexedDB
          database, only for settings you chose, for keeping a charity signed in, and for keeping a charity's
          unsaved edits safe. This is everything we store on your device. Under the UK's Privacy and
          Electronic Communications Regulations (PECR), storage that is strictly necessary for a service you
          asked for does not need consent.
        </p>
        <h3>Items {product} may store</h3>
        <dl className="stored-items">
          {STORED_ON_DEVICE.map((item) => (
            <div key={item.id} className="stored-item" data-stored-item={item.id}>
              <dt className="stored-item__head">
                <code className="stored-item__name">{item.shownName}</code>
                <span className="stored-item__where">{item.where}</span>
              </dt>
              <dd className="stored-item__purpose">{item.purpose}</dd>
              <dd className="stored-item__kept">
                <span className="stored-item__label">Kept:</span> {item.kept}
              </dd>
            </div>
          ))}
        </dl>
      </PageSection>
      <PageSection heading="Giving and payments">
        <p>
          Giving adds no cookies to {product}&rsquo;s pages, and our pages load no payment provider&rsquo;s
          scripts. The giving box keeps your choices in this tab&rsquo;s session storage (listed above) until
          your payment is confirmed.
        </p>
        <p>
          You pay on Stripe Checkout, which is Stripe&rsquo;s own site, not ours. Stripe sets its own cookies
          there to keep the payment secure and to prevent fraud; they are strictly necessary for a safe
          payment and are covered by Stripe&rsquo;s cookie policy. They belong to Stripe&rsquo;s site, and{' '}
          {product}
          cannot read them.
        </p>
      </PageSection>
      <PageSection heading="Managing storage">
        <p>
          You can clear stored items at any time in your browser's settings (usually under "Privacy" or "Site
          data"). The site will still work; you will simply need to turn high contrast on again or sign in
          again, and a charity's unsaved edits will be gone. Signing out removes that charity's drafts and
          sign-in from the device.
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
