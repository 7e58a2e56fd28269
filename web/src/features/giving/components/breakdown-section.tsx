import { brand } from '@shared/brand';
import { cardFeeWords, formatPence } from '@shared/giving';
import { paths } from '@shared/site/paths';
import { Link } from 'react-router';
import type { GivingCharity, GivingForm } from '../hooks/use-giving-form';

const money = (pence: number) => formatPence(pence, { always: true });

/** 6. Before the donor pays: the donation, the card fee, what the charity receives, the tip and the total. */
export function BreakdownSection({ form, charity }: { form: GivingForm; charity: GivingCharity }) {
  const { figures } = form;
  return (
    <section className="giving-breakdown" aria-labelledby="give-breakdown-title">
      <h3 id="give-breakdown-title" className="giving-section__legend">
        Your payment
      </h3>
      {figures ? (
        <dl className="giving-breakdown__list">
          <div>
            <dt>Your donation</dt>
            <dd>{money(figures.donationPence)}</dd>
          </div>
          <div className="giving-breakdown__part">
            <dt>Card fee ({cardFeeWords(form.cardFee)})</dt>
            <dd>−{money(figures.cardFeePence)}</dd>
          </div>
          <div className="giving-breakdown__part">
            <dt>{charity.display_name} receives</dt>
            <dd>{money(figures.charityReceivesPence)}</dd>
          </div>
          <div>
            <dt>Tip to {brand.productName}</dt>
            <dd>{figures.tipPence ? money(figures.tipPence) : 'No tip'}</dd>
          </div>
          <div className="giving-breakdown__total">
            <dt>Total charged</dt>
            <dd>{money(figures.totalPence)}</dd>
          </div>
        </dl>
      ) : (
        <p className="giving-section__note">
          Choose your donation to see what {charity.display_name} receives.
        </p>
      )}
      <p className="giving-breakdown__more">
        No platform fee. <Link to={paths.fees.getHref()}>Fees and charges</Link> explains every figure.
      </p>
    </section>
  );
}
