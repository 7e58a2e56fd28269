import type { StripeEngine } from './engine';
import { missing, refuse } from './engine';
import type { FormObject } from './form';
import { type BalanceTransaction, type Id, listOf, newId, nowSeconds, type StripeEvent } from './model';
import { checkParams, field, type Shape } from './params';

/**
 * Connected accounts' balances and payouts (issue 33), as Stripe keeps them for destination charges: each
 * transfer of a paid donation is a `payment` on the charity's account (a `py_` charge whose `source_transfer` is
 * the transfer), a reversal (a refund with `reverse_transfer`) a `payment_refund` (a `pyr_` refund of that
 * `py_`). A payout takes every available balance transaction of the account not yet paid out, and sends
 * `payout.paid` (or `payout.failed`, when told to fail: the transactions are then free for the next payout) to
 * the Connect endpoint. An automatic payout's reconciliation is `in_progress` until it completes
 * (`payout.reconciliation_completed`, after the `reconciliation_after_ms` switch); listing its transactions
 * before then answers an empty list, as Stripe's may be incomplete. `GET /v1/balance_transactions?payout=po_…`
 * with `Stripe-Account` lists them, paged, filtered by `type`; without `Stripe-Account`, the platform's.
 */

/** A connected account's balance transaction, and the payout that paid it out (not a Stripe field: the list's
 * `payout` filter reads it). */
type AccountTxn = Omit<BalanceTransaction, 'type' | 'account'> & {
  type: 'payment' | 'payment_refund' | 'payout';
  payout_id: Id | null;
};

export interface Payout {
  id: Id;
  object: 'payout';
  amount: number;
  currency: string;
  arrival_date: number;
  created: number;
  status: 'paid' | 'failed';
  reconciliation_status: 'not_applicable' | 'in_progress' | 'completed';
  failure_code: string | null;
  failure_message: string | null;
  balance_transaction: Id;
  method: 'standard';
  type: 'bank_account';
  automatic: boolean;
}

const LIST: Shape = {
  payout: field('string'),
  limit: field('integer'),
  starting_after: field('string'),
  ending_before: field('string'),
  type: field('string'),
};
const NONE: Shape = {};

const checked = (shape: Shape, form: FormObject) => {
  const problem = checkParams(shape, form);
  if (problem) throw refuse(problem.message, problem.code, problem.param);
};

export class LocalPayouts {
  /** Per connected account: its balance transactions, oldest first. */
  private txns = new Map<Id, AccountTxn[]>();
  /** Objects of connected accounts (`py_`, `pyr_`, `po_`), by id, with the account that owns each. */
  private objects = new Map<Id, { account: Id; object: Record<string, unknown> }>();
  /** What of each transfer is booked on its account: the payment, and the reversed amount so far. */
  private booked = new Map<Id, { payment: Id; reversed: number }>();

  constructor(
    private readonly engine: StripeEngine,
    private readonly deliver: (events: StripeEvent[]) => void,
  ) {
    engine.resolvers.push((id, account) => {
      const own = this.objects.get(id);
      return own && own.account === account ? structuredClone(own.object) : undefined;
    });
  }

  /** Books on their accounts the transfers (and reversals) the engine made since the last look. */
  private sync(): void {
    for (const transfer of this.engine.transfers.values()) {
      const reversed = transfer.amount_reversed;
      let booked = this.booked.get(transfer.id);
      if (!booked) {
        const py = {
          id: newId('py'),
          object: 'charge',
          amount: transfer.amount,
          source_transfer: transfer.id,
        };
        this.keep(transfer.destination, py);
        this.book(transfer.destination, 'payment', transfer.amount, py.id, transfer.currency);
        booked = { payment: py.id, reversed: 0 };
        this.booked.set(transfer.id, booked);
      }
      if (reversed > booked.reversed) {
        const pyr = {
          id: newId('pyr'),
          object: 'refund',
          amount: reversed - booked.reversed,
          charge: booked.payment,
        };
        this.keep(transfer.destination, pyr);
        this.book(transfer.destination, 'payment_refund', -pyr.amount, pyr.id, transfer.currency);
        booked.reversed = reversed;
      }
    }
  }

  private keep(account: Id, object: Record<string, unknown> & { id: Id }) {
    this.objects.set(object.id, { account, object });
  }

  private book(account: Id, type: AccountTxn['type'], amount: number, source: Id, currency: string) {
    const list = this.txns.get(account) ?? [];
    list.push({
      id: newId('txn'),
      object: 'balance_transaction',
      amount,
      fee: 0,
      net: amount,
      currency,
      source,
      type,
      status: 'available',
      available_on: nowSeconds(),
      description: null,
      created: nowSeconds(),
      payout_id: null,
    });
    this.txns.set(account, list);
  }

  /**
   * Pays out an account's available balance (`fail`: the bank refuses it). Null when there is nothing to pay
   * (a balance of zero or less stays for the next payout, as at Stripe).
   */
  payout(account: Id, opts: { fail?: boolean; automatic?: boolean } = {}): Payout | null {
    opts = { automatic: true, ...opts };
    this.engine.account(account);
    this.sync();
    const free = (this.txns.get(account) ?? []).filter((t) => t.payout_id === null && t.type !== 'payout');
    const amount = free.reduce((sum, t) => sum + t.net, 0);
    if (amount <= 0) return null;
    const created = nowSeconds();
    const id = newId('po');
    for (const t of free) t.payout_id = id;
    this.book(account, 'payout', -amount, id, 'gbp');
    const own = this.txns.get(account) ?? [];
    const txn = own[own.length - 1] as AccountTxn;
    txn.payout_id = id;
    const payout: Payout = {
      id,
      object: 'payout',
      amount,
      currency: 'gbp',
      arrival_date: created + 2 * 86_400,
      created,
      status: opts.fail ? 'failed' : 'paid',
      failure_code: opts.fail ? 'account_closed' : null,
      failure_message: opts.fail ? 'The bank account has been closed.' : null,
      // Stripe reconciles automatic payouts only; a failed one has nothing to reconcile.
      reconciliation_status: opts.automatic === false || opts.fail ? 'not_applicable' : 'in_progress',
      balance_transaction: txn.id,
      method: 'standard',
      type: 'bank_account',
      automatic: opts.automatic ?? false,
    };
    this.keep(account, payout as unknown as Record<string, unknown> & { id: Id });
    if (opts.fail) {
      // The money comes back: what it tried to pay is listed under it and is free for the next payout.
      for (const t of free) t.payout_id = null;
      this.failedPayouts.set(
        id,
        free.map((t) => t.id),
      );
    }
    const events = [this.engine.event(`payout.${payout.status}`, payout, account)];
    const reconcile = () => {
      payout.reconciliation_status = 'completed';
      return this.engine.event('payout.reconciliation_completed', payout, account);
    };
    if (payout.reconciliation_status === 'in_progress') {
      const after = this.engine.unruly.reconciliation_after_ms;
      if (after === 0) events.push(reconcile());
      else this.engine.later(after, () => this.deliver([reconcile()]));
    }
    this.deliver(events);
    return payout;
  }

  /** The daily automatic payouts: every account with a positive available balance. */
  payoutAll(): Payout[] {
    this.sync();
    return [...this.engine.accounts.keys()].flatMap((a) => this.payout(a, { automatic: true }) ?? []);
  }

  private failedPayouts = new Map<Id, Id[]>();

  /**
   * Balance transactions (`GET /v1/balance_transactions`, by `payout` and `type`, paged), a payout and a `py_`
   * charge of a connected account (`Stripe-Account` set). Undefined for a request it does not serve.
   */
  api(method: string, path: string, form: FormObject, account: string | undefined): unknown {
    if (method !== 'GET') return undefined;
    const expand = Array.isArray(form.expand) ? (form.expand as string[]) : [];
    const one = /^\/v1\/(payouts|charges)\/([\w]+)$/.exec(path);
    if (account && one) {
      this.engine.account(account);
      this.sync();
      checked(NONE, form);
      const found = this.objects.get(one[2] ?? '');
      if (!found || found.account !== account)
        throw missing(one[1] === 'payouts' ? 'payout' : 'charge', one[2] ?? '');
      return this.engine.expand(found.object, expand, account);
    }
    if (path !== '/v1/balance_transactions') return undefined;
    checked(LIST, form);
    const limit = form.limit === undefined ? 10 : Number(form.limit);
    if (limit < 1 || limit > 100)
      throw refuse('Invalid integer: limit must be between 1 and 100', undefined, 'limit');
    let list = this.listed(account, typeof form.payout === 'string' ? form.payout : undefined);
    if (typeof form.type === 'string') list = list.filter((t) => t.type === form.type);
    // Newest first, as Stripe lists.
    list = [...list].reverse();
    const after = typeof form.starting_after === 'string' ? form.starting_after : undefined;
    if (after) {
      const at = list.findIndex((t) => t.id === after);
      if (at < 0) throw missing('balance_transaction', after, 'starting_after');
      list = list.slice(at + 1);
    }
    const inner = expand.filter((p) => p.startsWith('data.')).map((p) => p.slice('data.'.length));
    const data = list
      .slice(0, limit)
      .map(({ payout_id: _, account: __, ...t }) => this.engine.expand(t, inner, account, true));
    return listOf('/v1/balance_transactions', data, list.length > limit);
  }

  /** An account's balance transactions (the platform's without one), those of a payout when named. */
  private listed(
    account: Id | undefined,
    payoutId: Id | undefined,
  ): (BalanceTransaction & { payout_id?: Id | null })[] {
    if (!account) {
      if (payoutId) throw missing('payout', payoutId, 'payout');
      return [...this.engine.balance.values()].filter((t) => !t.account);
    }
    this.engine.account(account);
    this.sync();
    const own = this.txns.get(account) ?? [];
    if (!payoutId) return own;
    const payout = this.objects.get(payoutId);
    if (!payout || payout.account !== account) throw missing('payout', payoutId, 'payout');
    // Until its reconciliation completes, Stripe's list of a payout's transactions may be incomplete: none here.
    if (payout.object.reconciliation_status === 'in_progress') return [];
    const failed = this.failedPayouts.get(payoutId);
    return own.filter((t) => t.payout_id === payoutId || failed?.includes(t.id));
  }
}
