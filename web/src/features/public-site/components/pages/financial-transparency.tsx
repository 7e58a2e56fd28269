import { brand } from '@shared/brand';
import { paths } from '@shared/site/paths';
import { Link } from 'react-router';
import { PageSection, StaticPage } from '../static-page';

const { productName: product } = brand;

const examples = [
  { gift: '£10.00', fee: '34p', receives: '£9.66' },
  { gift: '£100.00', fee: '£1.60', receives: '£98.40' },
];

/** `/financial-transparency`: fees and charges. */
export function FinancialTransparencyPage() {
  return (
    <StaticPage
      title="Fees and Financial Transparency"
      description={`${product} charges no platform fee. See the card fee of 1.4% + 20p, worked examples, how optional tips work and the 10% we reinvest.`}
      eyebrow="Fees and charges"
      heading="Fees and Financial Transparency"
      lead={
        <p>
          We think you should know exactly where every penny goes. {product} takes no platform fee and no
          commission; the only deduction is the card payment provider's fee.
        </p>
      }
    >
      <PageSection heading="Platform fee: 0%">
        <p>
          Charities pay nothing to join or to use {product}, and we take nothing from donations. There are no
          setup fees, no monthly charges and no commission.
        </p>
      </PageSection>
      <PageSection heading="Card payment fee: 1.4% + 20p">
        <p>
          Card payments are handled by a regulated payment provider, which charges 1.4% of the donation plus
          20p per transaction. The rest goes directly into the charity's own account with the provider; it
          never passes through ours.
        </p>
        <table className="fee-table">
          <caption>Worked examples</caption>
          <thead>
            <tr>
              <th scope="col">You give</th>
              <th scope="col">Card fee (1.4% + 20p)</th>
              <th scope="col">Platform fee</th>
              <th scope="col">Charity receives</th>
            </tr>
          </thead>
          <tbody>
            {examples.map((row) => (
              <tr key={row.gift}>
                <td>{row.gift}</td>
                <td>{row.fee}</td>
                <td>£0.00</td>
                <td>
                  <strong>{row.receives}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </PageSection>
      <PageSection heading="Optional tips">
        <p>
          When you donate, you can choose to add a tip for {product}. Tips are entirely optional, are added on
          top of your donation (they never reduce what the charity receives) and are how we pay for hosting,
          support and development. You can set the tip to zero.
        </p>
      </PageSection>
      <PageSection heading="10% of profits, reinvested">
        <p>We reinvest 10% of our profits in small charities, through:</p>
        <ul>
          <li>storytelling grants, to help charities show their work in words, photos and film;</li>
          <li>an innovation fund for small projects that try something new;</li>
          <li>impact recognition for charities doing remarkable work on little money;</li>
          <li>skills development for charity staff and volunteers.</li>
        </ul>
        <p>
          We will publish what we reinvest each year. You can explore the possibilities with the calculator on
          our <Link to={paths.home.getHref()}>home page</Link>.
        </p>
      </PageSection>
      <PageSection heading="Refunds">
        <p>
          Because donations go straight to the charity, they are final and non-refundable. See our{' '}
          <Link to={paths.termsOfService.getHref()}>Terms of Service</Link> for the exceptions.
        </p>
      </PageSection>
    </StaticPage>
  );
}
