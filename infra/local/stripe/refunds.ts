import type { StripeEngine } from './engine';
import { StripeRefusal } from './engine';
import type { FormObject } from './form';
import {
  type BalanceTransaction,
  type Charge,
  type Dispute,
  type Id,
  newId,
  nowSeconds,
  type Refund,
} from './model';
import { field, type Shape } from './params';

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

const refuse = (message: string, code?: string, param?: string) =>
  new StripeRefusal(400, 'invalid_request_error', message, code, param);
const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/**
 * Money going back, as Stripe does it for a destination charge: refunds (whole or partial, never more than is
 * left; the transfer reversed from the connected account's balance with `reverse_transfer`, the application
 * fee returned with `refund_application_fee`; `charge.refunded` and `refund.created` sent to the platform) and
 * disputes, which the local switches open and close (`charge.dispute.created`, `charge.dispute.closed`).
 */
export class MoneyBack {
  refunds = new Map<Id, Refund>();
  disputes = new Map<Id, Dispute>();
  /** Application fee refunded so far, by application fee id. */
  feeRefunded = new Map<Id, number>();

  constructor(private readonly engine: StripeEngine) {}

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
    const open = [...this.disputes.values()].some((d) => d.charge === charge.id && d.status !== 'won');
    if (open)
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
    const txn = this.balanceTxn({ amount: -amount, source: id, type: 'refund', created });
    let reversal: Id | null = null;
    if (str('reverse_transfer') === 'true' && transfer) {
      const reversed = transfer.amount_reversed ?? 0;
      const share =
        charge.amount_refunded + amount === charge.amount
          ? transfer.amount - reversed
          : Math.round((transfer.amount * amount) / charge.amount);
      transfer.amount_reversed = reversed + share;
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      reversal = newId('trr');
      // The connected account's balance gives back its share of the payment.
      this.balanceTxn({
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
      this.balanceTxn({
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
    return refund;
  }

  private balanceTxn(input: Pick<BalanceTransaction, 'amount' | 'source' | 'type' | 'created' | 'account'>) {
    const txn: BalanceTransaction = {
      id: newId('txn'),
      object: 'balance_transaction',
      fee: 0,
      net: input.amount,
      currency: 'gbp',
      ...input,
    };
    this.engine.balance.set(txn.id, txn);
    return txn;
  }

  /** `POST /_local/disputes`: the donor's bank disputes a charge (`charge.dispute.created`). */
  openDispute(chargeId: string, reason = 'fraudulent'): Dispute {
    const charge = this.engine.charges.get(chargeId);
    if (!charge)
      throw new StripeRefusal(
        404,
        'invalid_request_error',
        `No such charge: '${chargeId}'`,
        'resource_missing',
      );
    if ([...this.disputes.values()].some((d) => d.charge === chargeId))
      throw refuse(`Charge ${chargeId} is already disputed.`);
    const dispute: Dispute = {
      id: newId('dp'),
      object: 'dispute',
      amount: charge.amount - charge.amount_refunded,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      reason,
      status: 'needs_response',
      metadata: {},
      created: nowSeconds(),
      livemode: false,
    };
    charge.disputed = true;
    this.disputes.set(dispute.id, dispute);
    this.engine.emit([this.engine.event('charge.dispute.created', dispute)]);
    return dispute;
  }

  /** `POST /_local/disputes/:id/close`: the bank decides (`charge.dispute.closed`, status won or lost). */
  closeDispute(id: string, outcome: 'won' | 'lost'): Dispute {
    const dispute = this.disputes.get(id);
    if (!dispute)
      throw new StripeRefusal(404, 'invalid_request_error', `No such dispute: '${id}'`, 'resource_missing');
    if (dispute.status === 'won' || dispute.status === 'lost')
      throw refuse(`Dispute ${id} is already closed.`);
    dispute.status = outcome;
    this.engine.emit([this.engine.event('charge.dispute.closed', dispute)]);
    return dispute;
  }

  /** The API calls of refunds and disputes; undefined for any other route. */
  api(route: string, id: string, form: FormObject): unknown {
    if (route === 'POST /v1/refunds') return this.createRefund(form);
    const found = (map: Map<Id, unknown>, kind: string) => {
      const object = map.get(id);
      if (!object)
        throw new StripeRefusal(
          404,
          'invalid_request_error',
          `No such ${kind}: '${id}'`,
          'resource_missing',
          'id',
        );
      return object;
    };
    if (route === 'GET /v1/refunds/:id') return found(this.refunds, 'refund');
    if (route === 'GET /v1/disputes/:id') return found(this.disputes, 'dispute');
    return undefined;
  }
}
