import type { GiftAidClaim } from '@shared/api/schemas/donations';
import { formatPence } from '@shared/giving';
import { dayLabel, ukDayLabel } from '../utils/dates';

const money = (pence: number) => formatPence(pence, { always: true });

/**
 * What a claim paid back to HMRC and why (issue 42): Gift Aid claimed before on donations refunded since, or
 * lost to a dispute, goes in the schedule's Box 2 ("Previously over-claimed amount") and HMRC deducts it. The
 * treasurer sees the sum, what it means for the money, and each donation behind it.
 */
export function ClaimAdjustments({ claim }: { claim: GiftAidClaim }) {
  if (claim.adjustment_count === 0) return null;
  const count = claim.adjustment_count;
  const net = claim.gift_aid_pence - claim.overclaimed_pence;
  const hidden = count - claim.adjustments.length;
  const reasons = new Set(claim.adjustments.map((a) => a.reason));
  const what =
    hidden === 0 && reasons.size === 1
      ? reasons.has('refunded')
        ? 'refunded'
        : 'lost to a dispute (the bank took the money back)'
      : 'refunded or lost to a dispute';
  return (
    <div className="money-adjustments">
      <p>
        <strong>Adjusted: {money(claim.overclaimed_pence)} of Gift Aid paid back to HMRC.</strong>{' '}
        {count === 1 ? 'A donation' : `${count.toLocaleString('en-GB')} donations`} claimed in an earlier
        claim {count === 1 ? 'was' : 'were'} later {what}, so the Gift Aid on {count === 1 ? 'it' : 'them'}{' '}
        must go back. This amount is in Box 2 of the schedule (&ldquo;Previously over-claimed amount&rdquo;)
        and HMRC takes it off this claim:{' '}
        {net >= 0
          ? `you should receive ${money(net)} rather than ${money(claim.gift_aid_pence)}.`
          : `that is ${money(-net)} more than this claim's Gift Aid, and HMRC will tell your charity how it wants the rest paid back.`}
      </p>
      <details className="money-adjustments__details">
        <summary>Why: the {count === 1 ? 'donation' : 'donations'} adjusted</summary>
        <ul className="money-adjustments__list">
          {claim.adjustments.map((a) => (
            <li key={a.donation_id}>
              {money(a.donation_pence)} given {ukDayLabel(a.paid_at)}, claimed in your claim for{' '}
              {dayLabel(a.claim_from)} to {dayLabel(a.claim_to)},{' '}
              {a.reason === 'refunded' ? 'refunded' : 'lost to a dispute'}
              {a.returned_at ? ` ${ukDayLabel(a.returned_at)}` : ''}: {money(a.gift_aid_pence)} of Gift Aid
              paid back. <span className="money-muted">Reference {a.donation_id}</span>
            </li>
          ))}
          {hidden > 0 ? (
            <li className="money-muted">
              and {hidden.toLocaleString('en-GB')} more (the schedule&rsquo;s Box 2 counts them all).
            </li>
          ) : null}
        </ul>
      </details>
    </div>
  );
}
