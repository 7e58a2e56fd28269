import { randomBytes } from 'node:crypto';
import type { Logger } from '@aws-lambda-powertools/logger';
import { s3ExportStore } from '../adapters/exports';
import { donationData, donationPages } from '../data/donations';
import { giftAidClaimData } from '../data/gift-aid-claims';
import { payoutData } from '../data/payouts';
import type { exportDonations } from '../domain/donations/exports';
import type { createGiftAidClaim, listGiftAidClaims } from '../domain/donations/gift-aid-claims';
import type { exportPayout, listPayouts } from '../domain/donations/payouts';
import { systemClock } from '../lib/clock';
import { BaseEnv, rule } from '../lib/env';
import { type DepsOf, readEnvAndTable } from './compose';

/** The exports' functions: the table and the private exports bucket. */
export const ExportsEnv = BaseEnv.extend({ EXPORTS_BUCKET: rule.text() });

/** The donations and declarations CSV. */
export function exportDeps(): DepsOf<typeof exportDonations> {
  const { env, table } = readEnvAndTable(ExportsEnv);
  return {
    files: s3ExportStore(env.EXPORTS_BUCKET),
    donationPages: (userId, window) => donationPages(table, userId, window),
  };
}

/** Gift Aid claims: creating one, its files again, the list (the list needs no bucket). */
export function claimDeps(): DepsOf<typeof createGiftAidClaim> {
  return {
    ...exportDeps(),
    claims: giftAidClaimData(readEnvAndTable(BaseEnv).table),
    clock: systemClock,
    newId: () => `gac_${randomBytes(12).toString('base64url')}`,
  };
}

export function claimListDeps(): DepsOf<typeof listGiftAidClaims> {
  return { claims: giftAidClaimData(readEnvAndTable(BaseEnv).table) };
}

export function payoutListDeps(): DepsOf<typeof listPayouts> {
  return { payouts: payoutData(readEnvAndTable(BaseEnv).table) };
}

export function payoutExportDeps(): (logger: Logger) => DepsOf<typeof exportPayout> {
  const { env, table } = readEnvAndTable(ExportsEnv);
  const donations = donationData(table);
  const base = {
    files: s3ExportStore(env.EXPORTS_BUCKET),
    payouts: payoutData(table),
    donation: donations.get,
  };
  return (logger) => ({ ...base, alarm: (message, extra) => logger.error(message, extra) });
}
