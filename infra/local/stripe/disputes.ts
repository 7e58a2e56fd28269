import type { StripeEngine } from './engine';
import { type Dispute, type DisputeStatus, type Id, NO_EVIDENCE, newId, nowSeconds } from './model';
import { missing, refuse } from './store';

/** The dispute fee Stripe takes from the platform's balance with a chargeback's amount (£20). */
export const DISPUTE_FEE_PENCE = 2000;

const INQUIRY: readonly DisputeStatus[] = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
];
const CLOSED: readonly DisputeStatus[] = ['warning_closed', 'won', 'lost'];

/** Where a dispute may go from each status (Stripe's lifecycle; an inquiry may escalate to a chargeback). */
const NEXT: Record<DisputeStatus, readonly DisputeStatus[]> = {
  warning_needs_response: ['warning_under_review', 'warning_closed', 'needs_response'],
  warning_under_review: ['warning_closed', 'needs_response'],
  warning_closed: [],
  needs_response: ['under_review', 'won', 'lost'],
  under_review: ['won', 'lost'],
  won: [],
  lost: [],
};

/**
 * Disputes, which the local switches open and move (`/_local/disputes…`), with every status Stripe has. An
 * inquiry (`warning_*`) moves no money and leaves the charge refundable; a chargeback (`needs_response`, or an
 * inquiry escalated) takes the amount and the fee (`charge.dispute.funds_withdrawn`); won gives the amount back
 * (`charge.dispute.funds_reinstated`). `charge.dispute.created`, `.updated` and `.closed` as at Stripe.
 */
export class StripeDisputes {
  constructor(protected readonly engine: StripeEngine) {}

  get disputes() {
    return this.engine.disputes;
  }

  /** Whether a chargeback holds the charge (open, or lost): no refund then. */
  protected chargedBack(chargeId: Id): boolean {
    return [...this.disputes.values()].some(
      (d) => d.charge === chargeId && !INQUIRY.includes(d.status) && d.status !== 'won',
    );
  }

  /** `POST /_local/disputes`: the donor's bank disputes a charge (an inquiry with `inquiry: true`). */
  openDispute(chargeId: string, reason = 'fraudulent', inquiry = false): Dispute {
    const charge = this.engine.charges.get(chargeId);
    if (!charge) throw missing('charge', chargeId, 'charge');
    if ([...this.disputes.values()].some((d) => d.charge === chargeId))
      throw refuse(`Charge ${chargeId} is already disputed.`);
    const created = nowSeconds();
    const dispute: Dispute = {
      id: newId('dp'),
      object: 'dispute',
      amount: charge.amount - charge.amount_refunded,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      reason,
      status: inquiry ? 'warning_needs_response' : 'needs_response',
      evidence: { ...NO_EVIDENCE },
      evidence_details: {
        due_by: created + 7 * 86_400,
        has_evidence: false,
        past_due: false,
        submission_count: 0,
      },
      balance_transactions: [],
      is_charge_refundable: inquiry,
      metadata: {},
      created,
      livemode: false,
    };
    charge.disputed = true;
    this.disputes.set(dispute.id, dispute);
    this.engine.emit([
      this.engine.event('charge.dispute.created', dispute),
      ...(inquiry ? [] : [this.withdraw(dispute)]),
    ]);
    return dispute;
  }

  /** `POST /_local/disputes/:id/status {status}` (and `/close {outcome}`): the dispute moves on. */
  moveDispute(id: string, status: DisputeStatus): Dispute {
    const dispute = this.disputes.get(id);
    if (!dispute) throw missing('dispute', id);
    if (CLOSED.includes(dispute.status)) throw refuse(`Dispute ${id} is already closed.`);
    if (!NEXT[dispute.status].includes(status))
      throw refuse(`A dispute cannot go from ${dispute.status} to ${status}.`);
    const escalated = INQUIRY.includes(dispute.status) && !INQUIRY.includes(status);
    dispute.status = status;
    if (status === 'under_review' || status === 'warning_under_review') {
      dispute.evidence = {
        ...dispute.evidence,
        uncategorized_text: 'Receipt and Gift Aid declaration attached.',
      };
      dispute.evidence_details.has_evidence = true;
      dispute.evidence_details.submission_count += 1;
    }
    if (escalated) dispute.is_charge_refundable = false;
    const events = [];
    if (CLOSED.includes(status)) {
      events.push(this.engine.event('charge.dispute.closed', dispute));
      if (status === 'won') events.push(this.reinstate(dispute));
    } else {
      events.push(this.engine.event('charge.dispute.updated', dispute));
      if (escalated) events.push(this.withdraw(dispute));
    }
    this.engine.emit(events);
    return dispute;
  }

  /** `POST /_local/disputes/:id/close`: the bank decides (won or lost; an inquiry: warning_closed). */
  closeDispute(id: string, outcome: 'won' | 'lost' | 'warning_closed'): Dispute {
    return this.moveDispute(id, outcome);
  }

  private withdraw(dispute: Dispute) {
    const txn = this.engine.balanceTxn({
      amount: -dispute.amount,
      fee: DISPUTE_FEE_PENCE,
      source: dispute.id,
      type: 'adjustment',
      created: nowSeconds(),
      description: `Chargeback withdrawal for ${dispute.charge}`,
    });
    dispute.balance_transactions.push(txn);
    return this.engine.event('charge.dispute.funds_withdrawn', dispute);
  }

  private reinstate(dispute: Dispute) {
    const txn = this.engine.balanceTxn({
      amount: dispute.amount,
      source: dispute.id,
      type: 'adjustment',
      created: nowSeconds(),
      description: `Chargeback reversal for ${dispute.charge}`,
    });
    dispute.balance_transactions.push(txn);
    return this.engine.event('charge.dispute.funds_reinstated', dispute);
  }
}
