import { brand } from '@shared/brand';
import {
  breakdown,
  cardFeeWords,
  DEFAULT_CARD_FEE,
  formatPence,
  GivingMessage,
  grossUp,
  MAX_DONATION_PENCE,
  MIN_DONATION_PENCE,
} from '@shared/giving';
import { paths } from '@shared/site/paths';
import { Link } from 'react-router';
import { PageSection, StaticPage } from '../static-page';

const { productName: product, supportEmail, supportPhone } = brand;
const money = (pence: number) => formatPence(pence, { always: true });
/** The spec's card fee (the page is prerendered once for every stage; a stage's own fee shows in the box). */
const FEE = DEFAULT_CARD_FEE;
const CARD_FEE = cardFeeWords(FEE);

/** The Fundraising Regulator's worked example: £10, excluding Gift Aid (figures from @shared/giving). */
const TEN_POUNDS = 1000;
const plain = breakdown({ amountPence: TEN_POUNDS, tip: { kind: 'none' }, coverFee: false }, FEE);
const withTip = breakdown(
  {
    amountPence: TEN_POUNDS,
    tip: { kind: 'percent', percent: 10 },
    coverFee: false,
  },
  FEE,
);
const covered = breakdown({ amountPence: TEN_POUNDS, tip: { kind: 'none' }, coverFee: true }, FEE);
const REFUND_DAYS = 30;

/**
 * `/fees`: fees and charges, as the Fundraising Regulator's guidance for online platforms asks (linked in the
 * footer and beside every Donate button): who we are, a worked £10 example, Gift Aid, tips, refunds, complaints.
 */
export function FeesAndChargesPage() {
  return (
    <StaticPage
      title="Fees and Charges"
      description={`What giving through ${product} costs: no platform fee, a card fee of ${CARD_FEE}, optional tips, Gift Aid, refunds for genuine mistakes and how to complain.`}
      eyebrow="For donors"
      heading="Fees and Charges"
      lead={
        <p>
          Here is exactly what happens to your money when you give through {product}, with nothing in small
          print. In short: no platform fee, a small card fee, and a tip only if you choose one.
        </p>
      }
      updated="November 2026"
    >
      <PageSection heading="Who we are">
        <p>
          {product} is an online giving platform, not a charity. We help you find small, vetted UK charities
          and give to them. Your donation is paid into the charity's own account with our card payment
          provider, Stripe: we never hold it. Charities pay nothing to be on {product}.
        </p>
      </PageSection>

      <PageSection heading={`A ${formatPence(TEN_POUNDS)} donation, step by step`}>
        <p>
          The only deduction from your donation is the card fee: {CARD_FEE}, the same whatever card you use.
          Card companies charge us a little more for some cards and a little less for others; we take on the
          difference either way, so the fee you see is the fee you pay. This example leaves out Gift Aid.
        </p>
        <table className="fee-table">
          <caption>Giving {formatPence(TEN_POUNDS)}, with no tip</caption>
          <tbody>
            <tr>
              <th scope="row">You give</th>
              <td>{money(plain.donationPence)}</td>
            </tr>
            <tr>
              <th scope="row">Card fee ({CARD_FEE})</th>
              <td>−{money(plain.cardFeePence)}</td>
            </tr>
            <tr>
              <th scope="row">Platform fee</th>
              <td>{money(0)}</td>
            </tr>
            <tr>
              <th scope="row">The charity receives</th>
              <td>
                <strong>{money(plain.charityReceivesPence)}</strong>
              </td>
            </tr>
            <tr>
              <th scope="row">Your card is charged</th>
              <td>{money(plain.totalPence)}</td>
            </tr>
          </tbody>
        </table>
        <h3>Covering the card fee</h3>
        <p>
          If you like, you can add the card fee on top, so the charity receives your round figure. For a{' '}
          {formatPence(TEN_POUNDS)} donation that means adding {money(grossUp(TEN_POUNDS, FEE) - TEN_POUNDS)}:
          you give {money(covered.donationPence)}, and the charity receives{' '}
          {money(covered.charityReceivesPence)}. The box is never ticked for you.
        </p>
        <h3>How much you can give</h3>
        <p>
          You can give from {money(MIN_DONATION_PENCE)} to {money(MAX_DONATION_PENCE)} at a time.{' '}
          {GivingMessage.CeilingRule} So if you give {money(MAX_DONATION_PENCE)} and cover the card fee, or
          add a tip, please choose a slightly smaller donation: the giving box tells you when you need to.
        </p>
      </PageSection>

      <PageSection heading="Gift Aid">
        <p>
          If you pay UK Income Tax or Capital Gains Tax, the charity can claim Gift Aid on your donation: an
          extra 25p from HMRC for every £1 you give, at no cost to you. On a {formatPence(TEN_POUNDS)}{' '}
          donation that is {formatPence(TEN_POUNDS / 4, { always: true })} more for the charity.
        </p>
        <ul>
          <li>You tick the Gift Aid box and give your name and home address when you donate.</li>
          <li>
            It only applies to your own money: not a company's or a group's, and not when you get something in
            return, such as a ticket or a raffle entry.
          </li>
          <li>It applies to your donation only, never to a tip to {product}.</li>
          <li>
            The charity claims it from HMRC. If you pay less tax in the year than the Gift Aid claimed on all
            your donations, it is your responsibility to pay the difference.
          </li>
        </ul>
      </PageSection>

      <PageSection heading="Tips">
        <p>
          {product} charges charities nothing, so we rely on tips from donors. A tip is optional and separate
          from your donation: "No tip" is already selected when you give, and we never choose one for you.
          Your tip funds {product}; none of your donation does.
        </p>
        <table className="fee-table">
          <caption>Giving {formatPence(TEN_POUNDS)} with a 10% tip</caption>
          <tbody>
            <tr>
              <th scope="row">The charity receives</th>
              <td>{money(withTip.charityReceivesPence)}</td>
            </tr>
            <tr>
              <th scope="row">Your tip to {product}</th>
              <td>{money(withTip.tipPence)}</td>
            </tr>
            <tr>
              <th scope="row">Your card is charged</th>
              <td>
                <strong>{money(withTip.totalPence)}</strong>
              </td>
            </tr>
          </tbody>
        </table>
      </PageSection>

      <PageSection heading="Refunds">
        <p>
          Donations are final, so charities can count on them. But mistakes happen: a slip that turns £10 into
          £100, or the same donation made twice. If that happens, email{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a> within {REFUND_DAYS} days of giving and we
          will put it right, refunding the payment to your card in full. Outside genuine mistakes like these,
          donations cannot be refunded. None of this affects your rights with your bank or card provider.
        </p>
      </PageSection>

      <PageSection heading="Complaints">
        <p>
          If something isn't right, please tell us first: email{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a> or call{' '}
          <a href={`tel:${supportPhone.replace(/\s/g, '')}`}>{supportPhone}</a>. We reply within one working
          day, and we will do our best to put things right.
        </p>
        <p>
          If you are not happy with our answer, you can take your complaint to the{' '}
          <a href="https://www.fundraisingregulator.org.uk/" target="_blank" rel="noopener noreferrer">
            Fundraising Regulator
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          , the independent body that sets the standards for fundraising in the UK. Read more in our{' '}
          <Link to={paths.termsOfService.getHref()}>Terms of Service</Link>.
        </p>
      </PageSection>
    </StaticPage>
  );
}
