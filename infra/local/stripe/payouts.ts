import type { StripeEngine } from './engine';
import { STRIPE_API_VERSION, StripeRefusal } from './engine';
import type { FormObject } from './form';
import {
  type BalanceTransaction,
  type Id,
  newId,
  nowSeconds,
  type StripeEvent,
  type Transfer,
} from './model';
import { checkParams, field, type Shape } from './params';

/**
 * Connected accounts' balances and payouts (issue 33), as Stripe keeps them for destination charges: each
 * transfer of a paid donation is a `payment` on the charity's account (a `py_` charge whose `source_transfer` is
 * the transfer), a reversal (a refund with `reverse_transfer`) a `payment_refund` (a `pyr_` refund of that
 * `py_`). A payout takes every available balance transaction of the account not yet paid out, and sends
 * `payout.paid` (or `payout.failed`, when told to fail: the transactions are then free for the next payout) to
 * the Connect endpoint. `GET /v1/balance_transactions?payout=po_…` with `Stripe-Account` lists them, paged.
 */

/** A connected account's balance transaction, and the payout that paid it out (not a Stripe field: the list's
 * `payout` filter reads it). */
type AccountTxn = Omit<BalanceTransaction, 'type' | 'account'> & {
  type: 'payment' | 'payment_refund' | 'payout';
  status: 'available';
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

const missing = (kind: string, id: string) =>
  new StripeRefusal(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', 'id');

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
  ) {}

  /** Books on their accounts the transfers (and reversals) the engine made since the last look. */
  private sync(): void {
    for (const transfer of this.engine.transfers.values()) {
      const reversed = (transfer as Transfer & { amount_reversed?: number }).amount_reversed ?? 0;
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
    this.deliver([
      {
        id: newId('evt'),
        object: 'event',
        api_version: STRIPE_API_VERSION,
        type: `payout.${payout.status}`,
        created,
        livemode: false,
        account,
        data: { object: structuredClone(payout) },
      },
    ]);
    return payout;
  }

  /** The daily automatic payouts: every account with a positive available balance. */
  payoutAll(): Payout[] {
    this.sync();
    return [...this.engine.accounts.keys()].flatMap((a) => this.payout(a, { automatic: true }) ?? []);
  }

  private failedPayouts = new Map<Id, Id[]>();

  /** An object of the account, with `expand` paths (dotted, below the object) resolved to objects. */
  private expanded(account: Id, object: Record<string, unknown>, paths: string[]): Record<string, unknown> {
    const copy = structuredClone(object);
    for (const path of paths) {
      let at: Record<string, unknown> | undefined = copy;
      for (const key of path.split('.')) {
        if (!at) break;
        const value = at[key];
        if (typeof value === 'string') {
          const found = this.resolve(account, value);
          if (!found) break;
          at[key] = found;
        }
        at = typeof at[key] === 'object' ? (at[key] as Record<string, unknown>) : undefined;
      }
    }
    return copy;
  }

  /** An id as the account sees it: its own objects, or the platform's transfer and charge behind a payment. */
  private resolve(account: Id, id: Id): Record<string, unknown> | undefined {
    const own = this.objects.get(id);
    if (own) return own.account === account ? structuredClone(own.object) : undefined;
    if (id.startsWith('tr_')) return structuredClone(this.engine.transfers.get(id)) as never;
    if (id.startsWith('ch_')) return structuredClone(this.engine.charges.get(id)) as never;
    return undefined;
  }

  /**
   * The connected-account API (`Stripe-Account` set): balance transactions of a payout, a payout, a `py_`
   * charge. Undefined for a request it does not serve (the platform's API answers it).
   */
  api(method: string, path: string, form: FormObject, account: string | undefined): unknown {
    if (method !== 'GET' || !account) return undefined;
    this.engine.account(account);
    this.sync();
    const expand = Array.isArray(form.expand) ? (form.expand as string[]) : [];
    const one = /^\/v1\/(payouts|charges)\/([\w]+)$/.exec(path);
    if (one) {
      const problem = checkParams(NONE, form);
      if (problem)
        throw new StripeRefusal(400, 'invalid_request_error', problem.message, problem.code, problem.param);
      const found = this.objects.get(one[2] ?? '');
      if (!found || found.account !== account)
        throw missing(one[1] === 'payouts' ? 'payout' : 'charge', one[2] ?? '');
      return this.expanded(account, found.object, expand);
    }
    if (path !== '/v1/balance_transactions') return undefined;
    const problem = checkParams(LIST, form);
    if (problem)
      throw new StripeRefusal(400, 'invalid_request_error', problem.message, problem.code, problem.param);
    const limit = form.limit === undefined ? 10 : Number(form.limit);
    if (limit < 1 || limit > 100)
      throw new StripeRefusal(
        400,
        'invalid_request_error',
        'Invalid integer: limit must be between 1 and 100',
        undefined,
        'limit',
      );
    const payoutId = typeof form.payout === 'string' ? form.payout : undefined;
    const own = this.txns.get(account) ?? [];
    let list = own;
    if (payoutId) {
      const payout = this.objects.get(payoutId);
      if (!payout || payout.account !== account) throw missing('payout', payoutId);
      const failed = this.failedPayouts.get(payoutId);
      list = own.filter((t) => t.payout_id === payoutId || failed?.includes(t.id));
    }
    // Newest first, as Stripe lists.
    list = [...list].reverse();
    const after = typeof form.starting_after === 'string' ? form.starting_after : undefined;
    if (after) {
      const at = list.findIndex((t) => t.id === after);
      if (at < 0) throw missing('balance_transaction', after);
      list = list.slice(at + 1);
    }
    const page = list.slice(0, limit);
    const data = page.map(({ payout_id: _, ...t }) =>
      this.expanded(
        account,
        t,
        expand.filter((p) => p.startsWith('data.')).map((p) => p.slice('data.'.length)),
      ),
    );
    return { object: 'list', url: '/v1/balance_transactions', has_more: list.length > limit, data };
  }
}
