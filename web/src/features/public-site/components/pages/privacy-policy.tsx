import { brand } from '@shared/brand';
import { UNPAID_DONATION_KEEP_DAYS } from '@shared/donations';
import { paths } from '@shared/site/paths';
import { Link } from 'react-router';
import { PageSection, StaticPage } from '../static-page';

const { productName: product, supportEmail } = brand;

/** `/privacy-policy`. */
export function PrivacyPolicyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      description={`How ${product} collects, uses and protects the personal data of donors and charities, and your rights under UK GDPR.`}
      eyebrow="Legal"
      heading="Privacy Policy"
      lead={
        <p>
          We ask for as little information as we can, use it only to run {product}, and never sell it. This
          page explains what we collect, why, and the rights you have under UK data protection law.
        </p>
      }
      updated="November 2026"
    >
      <PageSection heading="1. Who we are">
        <p>
          {product} is a UK online giving platform that connects donors with small, vetted charities. For the
          personal data described here, {product} is the data controller. You can reach us about anything on
          this page at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      </PageSection>
      <PageSection heading="2. Information we collect">
        <h3>From donors</h3>
        <ul>
          <li>
            Account details: your email address, username, first and last name, date of birth and gender.
          </li>
          <li>A record of the charities you support and any updates you choose to follow.</li>
          <li>
            When you give: the amount, any tip, the date, the email for your receipt, any message you leave
            the charity, and whether you gave anonymously and agreed to hear from the charity. With Gift Aid,
            your declaration: your name, house name or number and postcode, and the declaration you agreed to.
            Card details go straight to Stripe, our card payment provider; we never see or store them.
          </li>
        </ul>
        <h3>From charities</h3>
        <ul>
          <li>
            The charity's registration number and name, and public details from the Charity Commission
            register.
          </li>
          <li>The email address and password used to sign in, and the content of the charity's page.</li>
          <li>
            Payment account details, held by the card payment provider in the charity's own connected account.
          </li>
        </ul>
        <p>
          Please note that a charity's contact email may appear on its public profile, so that donors can get
          in touch.
        </p>
        <h3>Automatically</h3>
        <p>
          Basic technical information needed to keep the service secure and working, such as your browser type
          and the time of a request. See our <Link to={paths.cookiePolicy.getHref()}>Cookie Policy</Link> for
          what we store on your device.
        </p>
      </PageSection>
      <PageSection heading="3. How we use it">
        <ul>
          <li>To create and secure your account, and to verify that a charity is who it says it is.</li>
          <li>To process donations and send receipts and the charity updates you have asked for.</li>
          <li>To answer your questions and tell you about important changes to the service.</li>
          <li>To meet our legal obligations, for example around fraud prevention and financial records.</li>
        </ul>
        <p>
          We rely on the lawful bases of contract (to provide the service you signed up for), legitimate
          interests (to keep {product} safe and improve it) and legal obligation. Where we rely on consent,
          such as for optional emails, you can withdraw it at any time.
        </p>
      </PageSection>
      <PageSection heading="4. Donations and Gift Aid">
        <p>A donation&rsquo;s record and any Gift Aid declaration are kept so that we and the charity can:</p>
        <ul>
          <li>
            send your receipt, and show the charity who gave (your name only if you did not give anonymously);
          </li>
          <li>
            let the charity claim Gift Aid from HMRC: its claim lists your name, house name or number,
            postcode and the amount, and HMRC can ask the charity to show each declaration;
          </li>
          <li>
            make a refund when a charity puts a mistake right, and answer a dispute with your card issuer;
          </li>
          <li>keep the financial records UK law asks of us and of the charity.</li>
        </ul>
        <p>
          The charity sees the amount, the date, your message and, unless you gave anonymously, your name. It
          sees your email only if you agreed to hear from it, and your Gift Aid declaration (name and home
          address) because its claim to HMRC needs them. Stripe processes your card payment under its own
          privacy policy; it tells us the payment succeeded, never your card details.
        </p>
        <p>
          We keep donation and Gift Aid declaration records for six years after the end of the tax year they
          fall in (tax years end on 5 April), then delete them. They are kept for that long even if the
          charity closes its {product} account: its login and pages go at once, and the records stay, with no
          way to sign in to them, only to answer HMRC, an auditor or the law. A donation that was never paid
          (you left the checkout, or the card was declined) is deleted, with your details, after{' '}
          {UNPAID_DONATION_KEEP_DAYS} days.
        </p>
      </PageSection>
      <PageSection heading="5. Who we share it with">
        <p>We never sell your data or share it for advertising. We share only what is needed with:</p>
        <ul>
          <li>the charity you donate to, so it can thank you (unless you give anonymously);</li>
          <li>
            Stripe, our card payment provider, to process payments, refunds and disputes (it also pays each
            charity&rsquo;s donations into its bank);
          </li>
          <li>carefully chosen service providers who host and email on our behalf, under contract;</li>
          <li>regulators or the police, where the law requires it.</li>
        </ul>
      </PageSection>
      <PageSection heading="6. Your rights under UK GDPR">
        <p>You have the right to:</p>
        <ul>
          <li>be told how your data is used (this page);</li>
          <li>get a copy of the personal data we hold about you;</li>
          <li>have inaccurate data corrected, and in some cases erased;</li>
          <li>restrict or object to certain uses, including direct marketing;</li>
          <li>receive your data in a portable format;</li>
          <li>withdraw consent where we rely on it.</li>
        </ul>
        <p>
          To use any of these rights, email <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. We will
          reply within one month. If you are unhappy with how we handle your data, you can complain to the
          Information Commissioner's Office (ICO) at <a href="https://ico.org.uk">ico.org.uk</a> or on 0303
          123 1113.
        </p>
      </PageSection>
      <PageSection heading="7. Keeping your data safe">
        <p>
          Data is encrypted in transit and at rest, stored in the UK, and only the people who need it can
          reach it. We keep account data while your account is open, and donation and Gift Aid records for six
          years after the end of their tax year (section 4). An unverified charity account is deleted
          automatically after seven days. Photos and videos a charity removes stay in our backup copy for up
          to 30 days, and the table of accounts is backed up daily for 35 days, so that we can recover from a
          mistake; after that they are gone.
        </p>
      </PageSection>
      <PageSection heading="8. Contact us">
        <p>
          Questions about privacy? Email <a href={`mailto:${supportEmail}`}>{supportEmail}</a> or visit{' '}
          <Link to={paths.charity.support.getHref()}>Charity Support</Link>. We will tell you here, and by
          email if you have an account, before we make any significant change to this policy.
        </p>
      </PageSection>
    </StaticPage>
  );
}
