import { type Account, type AccountLink, type Id, newId, nowSeconds } from './model';
import { missing, StripeStore } from './store';

/** Connect's Express accounts and their hosted onboarding (account links). */
export class StripeAccounts extends StripeStore {
  account(id: string): Account {
    const account = this.accounts.get(id);
    if (!account) throw missing('account', id);
    return account;
  }

  createAccount(input: {
    email?: string;
    business_type?: string;
    metadata: Record<string, string>;
  }): Account {
    const account: Account = {
      id: newId('acct'),
      object: 'account',
      type: 'express',
      country: 'GB',
      email: input.email ?? null,
      business_type: input.business_type ?? null,
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
      requirements: { currently_due: ['external_account', 'tos_acceptance.date'] },
      metadata: input.metadata,
      created: nowSeconds(),
    };
    this.accounts.set(account.id, account);
    return account;
  }

  createAccountLink(input: { account: Id; refresh_url: string; return_url: string }) {
    this.account(input.account);
    const link: AccountLink = { id: newId('link'), ...input, expires_at: nowSeconds() + 300, used: false };
    this.links.set(link.id, link);
    return {
      object: 'account_link',
      created: nowSeconds(),
      expires_at: link.expires_at,
      url: `${this.siteUrl()}/setup/e/${link.id}`,
    };
  }

  /** The onboarding form was submitted: the account can take charges and be paid out. */
  completeOnboarding(linkId: string): string {
    const link = this.links.get(linkId);
    if (!link) throw missing('account link', linkId);
    if (link.used || link.expires_at < nowSeconds()) return link.refresh_url;
    link.used = true;
    this.setAccountState(link.account, true);
    return link.return_url;
  }

  /** Turns an account's charges and payouts on or off (onboarding, or Stripe disabling it). */
  setAccountState(id: Id, enabled: boolean): Account {
    const account = this.account(id);
    account.details_submitted = true;
    account.charges_enabled = enabled;
    account.payouts_enabled = enabled;
    account.capabilities = enabled
      ? { card_payments: 'active', transfers: 'active' }
      : { card_payments: 'inactive', transfers: 'inactive' };
    account.requirements = { currently_due: enabled ? [] : ['external_account'] };
    this.emit([this.event('account.updated', account, account.id)]);
    return account;
  }
}
