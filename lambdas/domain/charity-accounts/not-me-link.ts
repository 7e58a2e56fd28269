import { paths } from '@shared/site/paths';
import type { NotMeTokens } from '../../data/not-me-tokens';
import { hashToken, newResetToken } from '../../lib/secrets';

/** What a mail's "this wasn't me" link needs: the token store and the site's address. */
export interface NotMeLinkDeps {
  tokens: Pick<NotMeTokens, 'put'>;
  siteUrl: string;
}

/**
 * Makes the "this wasn't me" link of one verification-code mail: a new single-use token (256 random bits,
 * stored as SHA-256) bound to the account and its number, living as long as the code. A held payout change's
 * mails carry one too, bound to the change's new account and living until the change takes effect.
 */
export async function issueNotMeLink(
  deps: NotMeLinkDeps,
  input: {
    userId: string;
    registrationNumber: string;
    charityName: string;
    expiresAt: string;
    /** A held payout change's link (its new account), instead of a registration's. */
    payoutChange?: { accountId: string };
  },
): Promise<string> {
  const token = newResetToken();
  await deps.tokens.put(hashToken(token), {
    userId: input.userId,
    registration_number: input.registrationNumber,
    charity_name: input.charityName,
    expiresAt: Math.floor(new Date(input.expiresAt).getTime() / 1000),
    ...(input.payoutChange
      ? { purpose: 'payout-change' as const, account_id: input.payoutChange.accountId }
      : {}),
  });
  return new URL(paths.charity.notMe.getHref(token), deps.siteUrl).toString();
}
