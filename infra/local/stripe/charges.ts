import { StripeAccounts } from './accounts';
import {
  type BalanceTransaction,
  type Charge,
  type CheckoutSession,
  type Id,
  listOf,
  newId,
  nowSeconds,
  type PaymentIntent,
  stripeCardFee,
  TEST_CARDS,
  type Transfer,
} from './model';

/** A paid payment's charge, its balance transaction (the real fee), the transfer and the application fee. */
export class StripeCharges extends StripeAccounts {
  /** Cards that refuse refunds (a refund of their charge fails later), by charge id. */
  refundRefusing = new Set<Id>();

  /** The events of a payment that succeeded: the balance transaction (the real fee) comes in `charge.updated`. */
  protected paidEvents(intent: PaymentIntent, charge: Charge) {
    const succeeded = this.event('charge.succeeded', { ...charge, balance_transaction: null });
    return [this.event('payment_intent.succeeded', intent), succeeded, this.event('charge.updated', charge)];
  }

  /** The money moves: the charge with its fee, the transfer to the destination, the application fee. */
  protected capture(session: CheckoutSession, intent: PaymentIntent, cardNumber: string): Charge {
    const created = nowSeconds();
    const chargeId = newId('ch');
    const fee = stripeCardFee(intent.amount);
    const txn: BalanceTransaction = this.balanceTxn({
      amount: intent.amount,
      fee,
      source: chargeId,
      type: 'charge',
      created,
    });
    const destination = intent.transfer_data?.destination ?? null;
    let transfer: Transfer | null = null;
    if (destination) {
      const id = newId('tr');
      transfer = {
        id,
        object: 'transfer',
        amount: intent.amount - (intent.application_fee_amount ?? 0),
        currency: intent.currency,
        destination,
        source_transaction: chargeId,
        amount_reversed: 0,
        reversed: false,
        reversals: { ...listOf(`/v1/transfers/${id}/reversals`, []), total_count: 0 },
        created,
      };
      this.transfers.set(transfer.id, transfer);
    }
    const charge: Charge = {
      id: chargeId,
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      paid: true,
      captured: true,
      refunded: false,
      disputed: false,
      status: 'succeeded',
      payment_intent: intent.id,
      balance_transaction: txn.id,
      transfer: transfer?.id ?? null,
      application_fee: intent.application_fee_amount ? newId('fee') : null,
      application_fee_amount: intent.application_fee_amount,
      transfer_data: destination ? { destination, amount: null } : null,
      on_behalf_of: intent.on_behalf_of,
      payment_method_details: {
        type: 'card',
        card: { brand: 'visa', country: 'GB', last4: cardNumber.slice(-4) },
      },
      metadata: intent.metadata,
      created,
      livemode: false,
    };
    this.charges.set(charge.id, charge);
    if (TEST_CARDS[cardNumber]?.outcome === 'succeeded' && 'refundFails' in (TEST_CARDS[cardNumber] ?? {}))
      this.refundRefusing.add(charge.id);
    intent.status = 'succeeded';
    intent.latest_charge = charge.id;
    intent.last_payment_error = null;
    session.payment_status = 'paid';
    return charge;
  }
}
