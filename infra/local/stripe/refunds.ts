import { StripeDisputes } from './disputes';
import type { FormObject } from './form';
import { type Charge, type Id, newId, nowSeconds, type Refund } from './model';
import { field, type Shape } from './params';
import { missing, refuse } from './store';

/** `POST /v1/refunds`: the parameters the stand-in accepts (Stripe's names and types). */
export const REFUND_SHAPE: Shape = {
  charge: field('string'),
  payment_intent: field('string'),
  amount: field('integer'),
  reason: field({ enum: ['duplicate', 'fraudulent', 'requested_by_customer'] }),
  reverse_transfer: field('boolean'),
  refund_application_fee: field('boolean'),
  metadata: field('metadata'),
};

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/**
 * Money going back, as Stripe does it for a destination charge: refunds (whole or partial, never more than is
 * left; the transfer reversed from the connected account's balance with `reverse_transfer`, the application
 * fee returned with `refund_application_fee`; `charge.refunded` and `refund.created` sent to the platform), and
 * refunds that fail later (a card that refuses them, 4000 0000 0000 5126: `succeeded`, then `failed` with
 * `charge.refund.updated`, `refund.updated` and `refund.failed`, the charge's refunded amount going back).
 * Disputes: `disputes.ts`.
 */
export class MoneyBack extends StripeDisputes {
  /** Application fee refunded so far, by application fee id. */
  feeRefunded = new Map<Id, number>();

  get refunds() {
    return this.engine.refunds;
  }

  private chargeOf(input: { charge?: string; payment_intent?: string }): Charge {
    if (!input.charge && !input.payment_intent)
      throw refuse(
        'One of the following params should be provided for this request: payment_intent or charge.',
        'parameter_missing',
      );
    if (input.charge && input.payment_intent)
      throw refuse('You may only specify one of these parameters: charge, payment_intent.');
    if (input.payment_intent) {
      const intent = this.engine.intents.get(input.payment_intent);
      if (!intent)
        throw refuse(
          `No such payment_intent: '${input.payment_intent}'`,
          'resource_missing',
          'payment_intent',
        );
      const charge = intent.latest_charge ? this.engine.charges.get(intent.latest_charge) : undefined;
      if (!charge || intent.status !== 'succeeded')
        throw refuse(
          `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
          'charge_not_refundable',
          'payment_intent',
        );
      return charge;
    }
    const charge = this.engine.charges.get(input.charge ?? '');
    if (!charge) throw refuse(`No such charge: '${input.charge}'`, 'resource_missing', 'charge');
    return charge;
  }

  /** `POST /v1/refunds`. */
  createRefund(form: FormObject): Refund {
    const str = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : undefined);
    const charge = this.chargeOf({ charge: str('charge'), payment_intent: str('payment_intent') });
    if (this.chargedBack(charge.id))
      throw refuse(`Charge ${charge.id} has been charged back; cannot issue a refund.`, 'charge_disputed');
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0) throw refuse(`Charge ${charge.id} has already been refunded.`, 'charge_already_refunded');
    const amount = str('amount') === undefined ? left : Number(str('amount'));
    if (amount < 1) throw refuse('Invalid positive integer', 'parameter_invalid_integer', 'amount');
    if (amount > left)
      throw refuse(
        `Refund amount (${pounds(amount)}) is greater than unrefunded amount on charge (${pounds(left)})`,
        'amount_too_large',
        'amount',
      );
    const transfer = charge.transfer ? this.engine.transfers.get(charge.transfer) : undefined;
    if (str('reverse_transfer') === 'true' && !transfer)
      throw refuse('The charge has no transfer to reverse.', undefined, 'reverse_transfer');
    const created = nowSeconds();
    const id = newId('re');
    const txn = this.engine.balanceTxn({ amount: -amount, source: id, type: 'refund', created });
    let reversal: Id | null = null;
    if (str('reverse_transfer') === 'true' && transfer) {
      const reversed = transfer.amount_reversed;
      const share =
        charge.amount_refunded + amount === charge.amount
          ? transfer.amount - reversed
          : Math.round((transfer.amount * amount) / charge.amount);
      transfer.amount_reversed = reversed + share;
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      reversal = newId('trr');
      transfer.reversals.data.unshift({
        id: reversal,
        object: 'transfer_reversal',
        amount: share,
        transfer: transfer.id,
        created,
      });
      transfer.reversals.total_count = transfer.reversals.data.length;
      // The connected account's balance gives back its share of the payment.
      this.engine.balanceTxn({
        amount: -share,
        source: reversal,
        type: 'payment_refund',
        created,
        account: transfer.destination,
      });
    }
    if (str('refund_application_fee') === 'true' && charge.application_fee && charge.application_fee_amount) {
      const done = this.feeRefunded.get(charge.application_fee) ?? 0;
      const share =
        charge.amount_refunded + amount === charge.amount
          ? charge.application_fee_amount - done
          : Math.round((charge.application_fee_amount * amount) / charge.amount);
      this.feeRefunded.set(charge.application_fee, done + share);
      this.engine.balanceTxn({
        amount: -share,
        source: charge.application_fee,
        type: 'application_fee_refund',
        created,
      });
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund: Refund = {
      id,
      object: 'refund',
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: 'succeeded',
      reason: str('reason') ?? null,
      balance_transaction: txn.id,
      transfer_reversal: reversal,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      created,
    };
    this.refunds.set(id, refund);
    this.engine.emit([
      this.engine.event('refund.created', refund),
      this.engine.event('charge.refunded', charge),
    ]);
    if (this.engine.refundRefusing.has(charge.id))
      this.engine.later(this.engine.unruly.refund_fail_after_ms, () => this.failRefund(id));
    return refund;
  }

  /**
   * The card refused the refund (`POST /_local/refunds/:id/fail`, or later for the 5126 card): the refund is
   * `failed`, the amount comes back to the platform's balance (`refund_failure`) and off the charge's refunded.
   */
  failRefund(id: Id): Refund {
    const refund = this.refunds.get(id);
    if (!refund) throw missing('refund', id);
    if (refund.status !== 'succeeded') throw refuse(`Refund ${id} has already failed.`);
    const charge = this.engine.charges.get(refund.charge) as Charge;
    const txn = this.engine.balanceTxn({
      amount: refund.amount,
      source: refund.id,
      type: 'refund_failure',
      created: nowSeconds(),
      description: 'REFUND FOR PAYMENT FAILED',
    });
    refund.status = 'failed';
    refund.failure_reason = 'expired_or_canceled_card';
    refund.failure_balance_transaction = txn.id;
    charge.amount_refunded -= refund.amount;
    charge.refunded = false;
    this.engine.emit([
      this.engine.event('charge.refund.updated', refund),
      this.engine.event('refund.updated', refund),
      this.engine.event('refund.failed', refund),
    ]);
    return refund;
  }

  /** The API calls of refunds and disputes; undefined for any other route. */
  api(route: string, id: string, form: FormObject): unknown {
    if (route === 'POST /v1/refunds') return this.createRefund(form);
    if (route === 'GET /v1/refunds/:id') return this.refunds.get(id) ?? missingOf('refund', id);
    if (route === 'GET /v1/disputes/:id') return this.disputes.get(id) ?? missingOf('dispute', id);
    return undefined;
  }
}

const missingOf = (kind: string, id: string): never => {
  throw missing(kind, id);
};
