import {
  type Account,
  type AccountLink,
  type BalanceTransaction,
  type Charge,
  type CheckoutSession,
  type Dispute,
  type Id,
  newId,
  nowSeconds,
  type PaymentIntent,
  type Refund,
  type SessionSetup,
  type StripeEvent,
  type Transfer,
} from './model';
import { CALM, type Unruly } from './unruly';

/** A refusal in Stripe's terms: HTTP status, error type, code, message, parameter. */
export class StripeRefusal extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

/** Stripe's answer for an id it does not know. */
export const missing = (kind: string, id: string, param = 'id') =>
  new StripeRefusal(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

export const refuse = (message: string, code?: string, param?: string) =>
  new StripeRefusal(400, 'invalid_request_error', message, code, param);

export const STRIPE_API_VERSION = '2024-06-20';

type Obj = Record<string, unknown>;
/** Finds an object by id for `expand` (the connected account asking, if any); undefined when not its own. */
type Resolver = (id: Id, account: Id | undefined) => Obj | undefined;

/**
 * The stand-in's state, shared by its resources: every object by id, the unruly switches, events (`emit`
 * delivers them), `expand`, and timers for what Stripe does later.
 */
export class StripeStore {
  accounts = new Map<Id, Account>();
  links = new Map<Id, AccountLink>();
  sessions = new Map<Id, CheckoutSession>();
  /** What each session was created with (line items, payment intent data): not on the session object. */
  setups = new Map<Id, SessionSetup>();
  intents = new Map<Id, PaymentIntent>();
  charges = new Map<Id, Charge>();
  balance = new Map<Id, BalanceTransaction>();
  transfers = new Map<Id, Transfer>();
  refunds = new Map<Id, Refund>();
  disputes = new Map<Id, Dispute>();
  unruly: Unruly = { ...CALM };
  /** Extra lookups for `expand` (connected accounts' objects, `payouts.ts`). */
  readonly resolvers: Resolver[] = [];
  /** Expandable fields that are not ids on the object (`line_items` of a session). */
  readonly includable = new Map<string, (object: Obj) => unknown>();
  private timers = new Set<NodeJS.Timeout>();

  constructor(
    protected readonly siteUrl: () => string,
    readonly emit: (events: StripeEvent[]) => void,
  ) {}

  /** An event as Stripe sends it. */
  event(type: string, object: unknown, account?: Id): StripeEvent {
    return {
      id: newId('evt'),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      type,
      created: nowSeconds(),
      livemode: false,
      ...(account ? { account } : {}),
      data: { object: structuredClone(object) },
    };
  }

  /** Runs `fn` after `ms` (what Stripe does later); stopped with the stand-in. */
  later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  stopTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** A balance transaction of the platform (or, with `account`, of a connected account). */
  balanceTxn(
    input: Pick<BalanceTransaction, 'amount' | 'source' | 'type' | 'created'> &
      Partial<Pick<BalanceTransaction, 'fee' | 'account' | 'description' | 'currency'>>,
  ): BalanceTransaction {
    const fee = input.fee ?? 0;
    const txn: BalanceTransaction = {
      id: newId('txn'),
      object: 'balance_transaction',
      currency: 'gbp',
      description: null,
      status: 'available',
      available_on: input.created,
      ...input,
      fee,
      net: input.amount - fee,
    };
    this.balance.set(txn.id, txn);
    return txn;
  }

  /** Any object by id, as `expand` sees it from the platform (or a connected account). */
  byId(id: Id, account?: Id): Obj | undefined {
    for (const resolve of this.resolvers) {
      const found = resolve(id, account);
      if (found) return found;
    }
    const maps: Record<string, Map<Id, unknown>> = {
      acct: this.accounts,
      cs: this.sessions,
      pi: this.intents,
      ch: this.charges,
      txn: this.balance,
      tr: this.transfers,
      re: this.refunds,
      dp: this.disputes,
    };
    const prefix = id.startsWith('cs_') ? 'cs' : (id.split('_')[0] ?? '');
    const found = maps[prefix]?.get(id) as Obj | undefined;
    return found ? structuredClone(found) : undefined;
  }

  /**
   * An object with `expand` paths (dotted) resolved to the objects they name; Stripe's refusals otherwise.
   * `inList`: an item of a list, where a path may not apply to every item's type (a payout's own transaction
   * has no `source.source_transfer`): skipped there, as Stripe does.
   */
  expand(object: unknown, paths: string[], account?: Id, inList = false): Obj {
    const copy = structuredClone(object) as Obj;
    for (const path of paths) {
      let at: Obj | undefined = copy;
      for (const key of path.split('.')) {
        if (!at) break;
        const include = this.includable.get(`${String(at.object)}.${key}`);
        if (include && at[key] === undefined) at[key] = include(at);
        const value: unknown = at[key];
        if (typeof value === 'string') {
          const found = this.byId(value, account);
          if (!found) throw refuse(`This property cannot be expanded (${path}).`);
          at[key] = found;
        } else if (value === undefined && inList) break;
        else if (value === undefined || (value !== null && typeof value !== 'object'))
          throw refuse(`This property cannot be expanded (${key}).`);
        at = typeof at[key] === 'object' && at[key] !== null ? (at[key] as Obj) : undefined;
      }
    }
    return copy;
  }

  /** A platform object by kind and id (404 `resource_missing` as at Stripe). */
  retrieve(kind: string, map: Map<Id, unknown>, id: string): unknown {
    const found = map.get(id);
    if (!found) throw missing(kind, id);
    return found;
  }
}
