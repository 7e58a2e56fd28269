import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { Link } from 'react-router';
import { PageSection, StaticPage } from '../static-page';

const { productName: product, supportEmail } = brand;

/** `/terms-of-service`. */
export function TermsOfServicePage() {
  return (
    <StaticPage
      title="Terms of Service"
      description={`The terms for using ${product}: our role as an intermediary, accounts, donations, charity vetting and the law of England and Wales.`}
      eyebrow="Legal"
      heading="Terms of Service"
      lead={
        <p>
          These terms explain how {product} works and what we and you can expect of each other. Please read
          them before you create an account or give. If anything is unclear, just ask us.
        </p>
      }
      updated="November 2026"
    >
      <PageSection heading="1. Our role">
        <p>
          {product} is an intermediary: we help donors find small charities and give to them. We are not a
          charity ourselves and we do not hold donations. Each charity has its own connected account with our
          card payment provider, and your donation is paid directly into it. Each charity is responsible for
          how it uses the money it receives.
        </p>
      </PageSection>
      <PageSection heading="2. Accounts">
        <ul>
          <li>You must give accurate information and keep it up to date.</li>
          <li>Keep your password private; you are responsible for activity on your account.</li>
          <li>Tell us straight away if you think someone else has used your account.</li>
        </ul>
      </PageSection>
      <PageSection heading="3. Donors">
        <p>
          You must be at least 18 years old to create a donor account or donate. You may choose to give
          anonymously, in which case the charity will not see your name.
        </p>
      </PageSection>
      <PageSection heading="4. Charities and vetting">
        <p>
          Charities that join {product} are checked against the national charity register, and must confirm
          their registration through the email address held there (see{' '}
          <Link to={paths.verificationInfo.getHref()}>how verification works</Link>). Charities must keep
          their information accurate, use donations for their charitable purposes and follow charity law and
          Charity Commission guidance. We may pause or remove a page that no longer meets these standards.
        </p>
      </PageSection>
      <PageSection heading="5. Acceptable use">
        <p>
          Please do not misuse {product}: no false or misleading content, no attempts to break or overload the
          service, no fraud, harassment or anything unlawful. Report concerns to{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      </PageSection>
      <PageSection heading="6. Donations and payments">
        <ul>
          <li>
            There is no platform fee. The card payment provider charges 1.4% + 20p per transaction, which is
            taken from the donation (see{' '}
            <Link to={paths.financialTransparency.getHref()}>fees and transparency</Link>).
          </li>
          <li>Tips to {product} are optional and are never passed on to the charity.</li>
          <li>
            Donations are final and non-refundable, except where the law requires otherwise or a payment was
            fraudulent. If you think a mistake has been made, contact us quickly.
          </li>
        </ul>
      </PageSection>
      <PageSection heading="7. Intellectual property">
        <p>
          The {product} name, design and software belong to us. Charities keep ownership of the words and
          images on their pages and give us permission to display them on {product}.
        </p>
      </PageSection>
      <PageSection heading="8. Ending your account">
        <p>
          You can close your account at any time by emailing us. We may suspend or close an account that
          breaks these terms, and will explain why unless the law prevents us.
        </p>
      </PageSection>
      <PageSection heading="9. Our liability">
        <p>
          We work hard to keep {product} accurate and available, but we cannot promise it will always be
          uninterrupted, and we are not responsible for how a charity uses the donations it receives. Nothing
          in these terms limits liability that cannot be limited by law, such as for death or personal injury
          caused by negligence, or for fraud, and your statutory rights are not affected.
        </p>
      </PageSection>
      <PageSection heading="10. Governing law">
        <p>
          These terms are governed by the law of England and Wales, and the courts of England and Wales have
          jurisdiction, though if you live elsewhere in the UK you may also bring proceedings there.
        </p>
      </PageSection>
    </StaticPage>
  );
}
