import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { ButtonLink } from '@/components/ui/button';
import { FaqList, PageSection, StaticPage } from '../static-page';

const { productName: product, supportEmail } = brand;

const faqs = [
  {
    q: 'Why do you verify charities?',
    a: `So donors can trust that every charity on ${product} is real, registered and run by the people it says. It also stops anyone setting up a page in your charity's name.`,
  },
  {
    q: "Who can confirm the email if I don't manage that inbox?",
    a: "Anyone authorised to act for the charity, such as a trustee or the chair, can open the email and pass the code on or confirm it. It only needs to reach the charity's registered address.",
  },
  {
    q: 'What if our registered email is out of date?',
    a: "Update it with the Charity Commission first, then register with us. If you can't, contact us and we'll verify you another way.",
  },
  {
    q: 'How long does the code last?',
    a: 'Verification codes expire after 7 days. An account that has not been verified by then is deleted automatically, and you can simply register again.',
  },
];

/** `/verification-info`. */
export function VerificationInfoPage() {
  return (
    <StaticPage
      title="How Charity Verification Works"
      description={`How ${product} verifies charities in two steps against the charity register, usually within 1-2 business days.`}
      eyebrow="For charities"
      heading="How Charity Verification Works"
      lead={
        <p>
          Every charity on {product} is checked against the national charity register before it can take
          donations. It takes two simple steps, and usually 1-2 business days from start to finish.
        </p>
      }
    >
      <PageSection heading="Step 1: Sign up">
        <p>
          Register with your charity registration number, your charity name and any email address you like:
          yours, a shared inbox or a volunteer's. This is the address you will sign in with.
        </p>
      </PageSection>
      <PageSection heading="Step 2: Confirm from your registered email">
        <p>
          We send a confirmation email with a code to the email address the charity register holds for your
          charity. Anyone authorised to act for the charity can confirm it, such as a trustee, the chair or
          your administrator. Once the code is entered, your account is verified.
        </p>
        <div className="info-box info-box--accent">
          <p>
            <strong>Usually 1-2 business days.</strong> Most charities are verified the same day; we allow a
            little longer in case the registered inbox is checked less often.
          </p>
        </div>
      </PageSection>
      <PageSection heading="No email on the register?">
        <p>
          Some charities have no email address on the register. That's fine: email us at{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a> with your charity number and we will arrange
          an alternative check, for example a call to a trustee listed on the register.
        </p>
      </PageSection>
      <PageSection heading="Frequently asked questions">
        <FaqList faqs={faqs} />
      </PageSection>
      <PageSection heading="Ready to begin?">
        <p>Registration takes about five minutes and is free.</p>
        <p>
          <ButtonLink to={paths.charity.register.getHref()} variant="primary" size="lg">
            Register Your Charity
          </ButtonLink>
        </p>
      </PageSection>
    </StaticPage>
  );
}
