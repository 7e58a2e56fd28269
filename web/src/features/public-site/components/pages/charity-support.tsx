import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { Link } from 'react-router';
import { FaqList, PageSection, StaticPage } from '../static-page';

const { productName: product, supportEmail, supportPhone, securityEmail } = brand;

const categories = [
  {
    title: 'Registration and verification',
    text: 'Signing up, confirmation codes and charities with no email on the register.',
  },
  { title: 'Account and sign-in', text: 'Passwords, resetting access and changing your sign-in email.' },
  {
    title: 'Your charity page',
    text: 'Writing your story, adding photos and getting your page ready to go live.',
  },
  { title: 'Payments and donations', text: 'Connecting your payment account, fees, payouts and receipts.' },
];

const faqs = [
  {
    q: 'How long does verification take?',
    a: 'Usually 1-2 business days. We send a code to the email address on the charity register; anyone authorised by the charity can confirm it.',
  },
  {
    q: 'When does my verification code expire?',
    a: 'Verification codes expire after 7 days. If your account is not verified by then it is deleted automatically, and you can register again.',
  },
  {
    q: 'What do we need before our page can go live?',
    a: 'Your email must be verified and your setup finished, including your description and payment details. Your explore content and your main page content must also be valid.',
  },
  {
    q: 'Does it cost anything?',
    a: `No. ${product} has no joining, setup or platform fees. The card payment provider charges 1.4% + 20p per donation.`,
  },
  {
    q: "I didn't receive the email. What now?",
    a: 'Check your junk or spam folder first, then use Resend Code on the verification page (you can ask again after 30 seconds). If it still does not arrive, contact us.',
  },
];

/** `/charity/support`. */
export function CharitySupportPage() {
  return (
    <StaticPage
      title="Charity Support"
      description={`Get help with your ${product} charity account: email or phone support, common questions and how to reach us about security.`}
      eyebrow="For charities"
      heading="Charity Support"
      lead={<p>Real people, happy to help. Tell us what you're stuck on and we'll get you moving again.</p>}
    >
      <PageSection heading="Contact us">
        <div className="help-grid">
          <div className="info-box">
            <h3>Email</h3>
            <p>
              <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            </p>
          </div>
          <div className="info-box">
            <h3>Phone</h3>
            <p>
              <a href={`tel:${supportPhone.replace(/\s/g, '')}`}>{supportPhone}</a>
            </p>
          </div>
        </div>
        <p>We reply within 24 hours on business days (Monday to Friday, excluding UK bank holidays).</p>
      </PageSection>
      <PageSection heading="What we can help with">
        <ul className="help-grid">
          {categories.map((category) => (
            <li key={category.title}>
              <h3>{category.title}</h3>
              <p>{category.text}</p>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection heading="Frequently asked questions">
        <FaqList faqs={faqs} />
        <p>
          More on verification:{' '}
          <Link to={paths.verificationInfo.getHref()}>how charity verification works</Link>.
        </p>
      </PageSection>
      <PageSection heading="Urgent security concerns">
        <div className="info-box info-box--accent">
          <p>
            If you think your account has been accessed by someone else, or you have found a security problem,
            email <a href={`mailto:${securityEmail}`}>{securityEmail}</a> straight away. Security reports are
            looked at first, every day.
          </p>
        </div>
      </PageSection>
    </StaticPage>
  );
}
