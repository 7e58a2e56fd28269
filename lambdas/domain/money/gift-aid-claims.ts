import { Readable } from 'node:stream';
import { ErrorCode } from '@shared/api/error-codes';
import type { ExportFile, GiftAidClaim } from '@shared/api/schemas/donations';
import { DonationsMessage, giftAidOn, ukDay } from '@shared/donations';
import type { Donation } from '../../data/donations';
import type { GiftAidClaimData, GiftAidClaimItem } from '../../data/gift-aid-claims';
import { AppError, NotFoundError, ValidationError } from '../../lib/http-errors';
import { ODS_CONTENT_TYPE } from '../../lib/ods';
import type { ExportDeps } from './exports';
import { createdWindow, paidBetween, writeFile } from './files';
import { scheduleFiles, scheduleRow, scheduleSpreadsheet } from './schedule';

/**
 * Gift Aid claims (issue 33): a claim takes every paid, Gift-Aided donation of the period in no claim yet,
 * marks each with the claim's id (conditionally, so never two claims) and writes HMRC's schedule, 1,000 rows a
 * file. Asking for a claim's files again re-issues the same claim: its donations, less those refunded or
 * disputed since (the answer counts them, and the charity must tell HMRC of a refund already claimed).
 */

export interface ClaimDeps extends ExportDeps {
  claims: Pick<GiftAidClaimData, 'start' | 'mark' | 'complete' | 'get' | 'list'>;
  clock: { now(): Date };
  newId(): string;
}

const claimable = (d: Donation) =>
  d.status === 'paid' && !!d.gift_aid && typeof d.gift_aid === 'object' && !d.claim_id && !!d.paid_at;

/** Donations oldest paid first (the schedule's order), by time then reference. */
const byPayment = (a: Donation, b: Donation) =>
  (a.paid_at ?? '').localeCompare(b.paid_at ?? '') || a.id.localeCompare(b.id);

async function collect(
  deps: ClaimDeps,
  userId: string,
  period: { from: string; to: string },
  keep: (d: Donation) => boolean,
): Promise<Donation[]> {
  const inPeriod = paidBetween(period.from, period.to);
  const found: Donation[] = [];
  for await (const page of deps.donationPages(userId, createdWindow(period.from, period.to)))
    for (const d of page) if (inPeriod(d) && keep(d)) found.push(d);
  return found.sort(byPayment);
}

/** The schedule files of donations, written to the exports bucket. */
async function writeSchedule(
  deps: ClaimDeps,
  userId: string,
  claim: GiftAidClaimItem,
  donations: readonly Donation[],
): Promise<ExportFile[]> {
  const files = scheduleFiles(donations.map(scheduleRow));
  const written: ExportFile[] = [];
  for (const [i, rows] of files.entries()) {
    const part = files.length > 1 ? `-part-${i + 1}-of-${files.length}` : '';
    written.push(
      await writeFile(deps, userId, {
        name: `gift-aid-schedule-${claim.from}-to-${claim.to}${part}.ods`,
        contentType: ODS_CONTENT_TYPE,
        body: Readable.from([scheduleSpreadsheet(rows)]),
        rows: () => rows.length,
      }),
    );
  }
  return written;
}

export function claimView(claim: GiftAidClaimItem): GiftAidClaim {
  const donated = claim.donated_pence ?? 0;
  return {
    id: claim.id,
    created_at: claim.created_at,
    from: claim.from,
    to: claim.to,
    donations: claim.donations ?? 0,
    donated_pence: donated,
    gift_aid_pence: giftAidOn(donated),
    files: claim.files ?? 0,
  };
}

/** `create-gift-aid-claim`. */
export async function createGiftAidClaim(
  deps: ClaimDeps,
  userId: string,
  input: { from: string; to: string },
) {
  const now = deps.clock.now().toISOString();
  if (input.from > input.to || input.to > ukDay(now))
    throw new ValidationError(DonationsMessage.Period, 'to');
  const candidates = await collect(deps, userId, input, claimable);
  if (!candidates.length)
    throw new AppError({
      statusCode: 422,
      code: ErrorCode.ValidationFailed,
      message: DonationsMessage.NothingToClaim,
    });
  const claim: GiftAidClaimItem = {
    id: deps.newId(),
    user_id: userId,
    created_at: now,
    from: input.from,
    to: input.to,
    status: 'building',
  };
  if (!(await deps.claims.start(claim))) throw new Error('claim id taken');
  const marked = new Set(
    (
      await deps.claims.mark(
        claim,
        candidates.map((d) => ({ id: d.id, pence: d.donation_pence })),
      )
    ).map((d) => d.id),
  );
  const claimed = candidates.filter((d) => marked.has(d.id));
  const files = await writeSchedule(deps, userId, claim, claimed);
  const figures = {
    donations: claimed.length,
    donated_pence: claimed.reduce((sum, d) => sum + d.donation_pence, 0),
    files: files.length,
  };
  await deps.claims.complete(claim.id, figures);
  return { success: true as const, claim: claimView({ ...claim, ...figures, status: 'complete' }), files };
}

/** `list-gift-aid-claims`. */
export async function listGiftAidClaims(deps: Pick<ClaimDeps, 'claims'>, userId: string) {
  return { success: true as const, claims: (await deps.claims.list(userId)).map(claimView) };
}

/**
 * `get-gift-aid-claim-files`: the claim's schedule again, from the donations marked with it that are still
 * paid; `withdrawn` counts those refunded or disputed since (no longer in the schedule).
 */
export async function getGiftAidClaimFiles(deps: ClaimDeps, userId: string, input: { claimId: string }) {
  const claim = await deps.claims.get(userId, input.claimId);
  if (!claim) throw new NotFoundError(DonationsMessage.ClaimNotFound);
  const marked = await collect(deps, userId, claim, (d) => d.claim_id === claim.id);
  const paid = marked.filter((d) => d.status === 'paid');
  const files = paid.length ? await writeSchedule(deps, userId, claim, paid) : [];
  return { success: true as const, files, withdrawn: marked.length - paid.length };
}
