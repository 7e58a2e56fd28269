import { Readable } from 'node:stream';
import { ErrorCode } from '@shared/api/error-codes';
import type { ExportFile, GiftAidAdjustment, GiftAidClaim } from '@shared/api/schemas/donations';
import { brand } from '@shared/brand';
import { DonationsMessage, giftAidOn, SCHEDULE_MAX_ROWS, ukDay } from '@shared/donations';
import type { Donation } from '../../data/donations';
import type { GiftAidClaimData, GiftAidClaimItem } from '../../data/gift-aid-claims';
import { AppError, NotFoundError, ValidationError } from '../../lib/http-errors';
import { ODS_CONTENT_TYPE } from '../../lib/ods';
import type { ExportDeps } from './exports';
import { createdWindow, paidBetween, writeFile } from './files';
import {
  type ScheduleRow,
  scheduleFiles,
  scheduleRow,
  scheduleSpreadsheet,
  UnreadableDeclarationError,
} from './schedule';

/**
 * Gift Aid claims (issue 33): a claim takes every paid, Gift-Aided donation of the period in no claim yet,
 * marks each with the claim's id (conditionally, so never two claims) and writes HMRC's schedule, 1,000 rows a
 * file. Asking for a claim's files again re-issues the same claim: its donations, less those refunded or
 * disputed since (the answer counts them), and its Box 2 as it was made.
 *
 * A donation an earlier claim included and refunded (or lost to a dispute) since is over-claimed Gift Aid:
 * the next claim carries it, each donation's once (a conditional marker, issue 42), and puts its Gift Aid
 * (the tax, not the gift) in the schedule's Box 2, "Previously over-claimed amount", for HMRC to deduct.
 * Every row is built before anything is written: a declaration HMRC could not read stops the claim, naming it.
 *
 * Marking runs side by side, each transaction adding to a part of the claim; the charity's Gift Aid to claim
 * changes once, when the claim completes (decision 19.15).
 */

/**
 * A claim still `building` this long after it started was left so by a run that died (the route's function
 * stops after 29 s): the charity's next claim completes it first, from its parts.
 */
export const STALE_BUILDING_MS = 5 * 60_000;

/**
 * Schedule files written at once: building a file is synchronous CPU work, and locally the bench wrote 10 in
 * 1.1 s one at a time and 2.0 s four at a time (decision 19.15); raise it where uploads wait on the network.
 */
const FILE_CONCURRENCY = 1;

/** A schedule's files for this many donations (1,000 rows a file). */
const filesOf = (donations: number) => Math.ceil(donations / SCHEDULE_MAX_ROWS);

export interface ClaimDeps extends ExportDeps {
  claims: Pick<
    GiftAidClaimData,
    'start' | 'mark' | 'complete' | 'get' | 'list' | 'building' | 'carry' | 'carriedAlready' | 'adjustments'
  >;
  clock: { now(): Date };
  newId(): string;
}

const claimable = (d: Donation) =>
  d.status === 'paid' && !!d.gift_aid && typeof d.gift_aid === 'object' && !d.claim_id && !!d.paid_at;

/** Donations oldest paid first (the schedule's order), by time then reference. */
const byPayment = (a: Donation, b: Donation) =>
  (a.paid_at ?? '').localeCompare(b.paid_at ?? '') || a.id.localeCompare(b.id);

/** Slices of the period read at once (each one query, page after page). */
const READ_SLICES = 6;

/**
 * The window cut into `slices` windows of equal time that neither overlap nor leave a gap (ISO instants with
 * milliseconds compare as text, both ends included).
 */
export function windowSlices(window: { fromIso: string; toIso: string }, slices: number) {
  const from = Date.parse(window.fromIso);
  const span = Date.parse(window.toIso) - from + 1;
  const at = (i: number) => from + Math.floor((span * i) / slices);
  return Array.from({ length: slices }, (_, i) => ({
    fromIso: new Date(at(i)).toISOString(),
    toIso: i === slices - 1 ? window.toIso : new Date(at(i + 1) - 1).toISOString(),
  })).filter((w) => w.fromIso <= w.toIso);
}

async function collect(
  deps: ClaimDeps,
  userId: string,
  period: { from: string; to: string },
  keep: (d: Donation) => boolean,
): Promise<Donation[]> {
  const inPeriod = paidBetween(period.from, period.to);
  const found: Donation[] = [];
  await Promise.all(
    windowSlices(createdWindow(period.from, period.to), READ_SLICES).map(async (window) => {
      for await (const page of deps.donationPages(userId, window))
        for (const d of page) if (inPeriod(d) && keep(d)) found.push(d);
    }),
  );
  return found.sort(byPayment);
}

/**
 * The donations' schedule rows; a donation whose declaration HMRC could not read (a required cell would be
 * blank, and HMRC would reject the whole file) stops the claim before anything is written, naming it.
 */
function rowsOf(donations: readonly Donation[]): ScheduleRow[] {
  try {
    return donations.map(scheduleRow);
  } catch (error) {
    if (!(error instanceof UnreadableDeclarationError)) throw error;
    throw new AppError({
      statusCode: 422,
      code: ErrorCode.ValidationFailed,
      message: `The Gift Aid declaration of donation ${error.donationId} has a ${error.field} HMRC cannot read, and HMRC would reject the whole schedule for it, so no schedule was written. Please email ${brand.supportEmail} with this reference and we will help you put it right.`,
    });
  }
}

/**
 * A donation an earlier claim included whose money went back (refunded, or a dispute lost): its Gift Aid was
 * over-claimed and is paid back through the next claim's Box 2.
 */
const overClaimed = (d: Donation) =>
  !!d.claim_id && (d.status === 'refunded' || (d.status === 'disputed' && d.dispute_status === 'lost'));

const adjustmentOf = (d: Donation, claim: GiftAidClaimItem): GiftAidAdjustment => ({
  donation_id: d.id,
  claim_id: claim.id,
  claim_from: claim.from,
  claim_to: claim.to,
  reason: d.status === 'refunded' ? 'refunded' : 'dispute_lost',
  paid_at: d.paid_at ?? d.created_at,
  returned_at: (d.status === 'refunded' ? d.refunded_at : d.disputed_at) ?? null,
  donation_pence: d.donation_pence,
  gift_aid_pence: giftAidOn(d.donation_pence),
});

/**
 * Adjustments no claim carries yet: the donations of the charity's earlier claims refunded or lost to a
 * dispute since, less those whose marker says a claim carried them already.
 */
async function pendingAdjustments(deps: ClaimDeps, userId: string, except: string) {
  const earlier = (await deps.claims.list(userId)).filter((c) => c.id !== except);
  const found = (
    await Promise.all(
      earlier.map(async (c) =>
        (
          await collect(deps, userId, c, (d) => d.claim_id === c.id && overClaimed(d))
        ).map((d) => adjustmentOf(d, c)),
      ),
    )
  ).flat();
  if (!found.length) return [];
  const carried = await deps.claims.carriedAlready(found.map((a) => a.donation_id));
  return found
    .filter((a) => !carried.has(a.donation_id))
    .sort((a, b) => a.paid_at.localeCompare(b.paid_at) || a.donation_id.localeCompare(b.donation_id));
}

/** The schedule files of the rows, written to the exports bucket; Box 2 of the first holds the over-claim. */
async function writeSchedule(
  deps: ClaimDeps,
  userId: string,
  claim: GiftAidClaimItem,
  rows: readonly ScheduleRow[],
  overclaimedPence: number,
): Promise<ExportFile[]> {
  const files = scheduleFiles(rows);
  const written: ExportFile[] = new Array(files.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(FILE_CONCURRENCY, files.length) }, async () => {
      while (next < files.length) {
        const i = next++;
        const rows = files[i] ?? [];
        const part = files.length > 1 ? `-part-${i + 1}-of-${files.length}` : '';
        written[i] = await writeFile(deps, userId, {
          name: `gift-aid-schedule-${claim.from}-to-${claim.to}${part}.ods`,
          contentType: ODS_CONTENT_TYPE,
          body: Readable.from([
            scheduleSpreadsheet(rows, { overclaimedPence: i === 0 ? overclaimedPence : 0 }),
          ]),
          rows: () => rows.length,
        });
      }
    }),
  );
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
    overclaimed_pence: claim.overclaimed_pence ?? 0,
    adjustments: claim.adjustments ?? [],
    adjustment_count: claim.adjustment_count ?? 0,
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
  await completeStale(deps, userId, now);
  const candidates = await collect(deps, userId, input, claimable);
  if (!candidates.length)
    throw new AppError({
      statusCode: 422,
      code: ErrorCode.ValidationFailed,
      message: DonationsMessage.NothingToClaim,
    });
  // Every row is built before anything is written: one HMRC could not read stops the claim here.
  const rowOf = new Map(rowsOf(candidates).map((row, i) => [candidates[i]?.id, row]));
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
  const claimedRows = candidates.flatMap((d) => (marked.has(d.id) ? [rowOf.get(d.id) as ScheduleRow] : []));
  // Gift Aid over-claimed on earlier claims goes in this claim's Box 2, each donation's once (issue 42).
  const carried = await deps.claims.carry(claim, await pendingAdjustments(deps, userId, claim.id));
  const overclaimed = carried.reduce((sum, a) => sum + a.gift_aid_pence, 0);
  // The files and the completion side by side: the files count is known from the donations marked.
  const [figures, files] = await Promise.all([
    deps.claims.complete(claim, filesOf),
    writeSchedule(deps, userId, claim, claimedRows, overclaimed),
  ]);
  if (!figures) throw new Error(`claim ${claim.id} was completed by another run`);
  return { success: true as const, claim: claimView({ ...claim, ...figures, status: 'complete' }), files };
}

/**
 * Completes the charity's claims left `building` by a run that died (older than {@link STALE_BUILDING_MS}):
 * from their parts, in the one transaction that also takes their sum from the Gift Aid to claim. Their files
 * are the re-issue's (`get-gift-aid-claim-files`). A claim building now, in a run still alive, is left alone.
 */
async function completeStale(deps: ClaimDeps, userId: string, now: string) {
  const cutoff = Date.parse(now) - STALE_BUILDING_MS;
  for (const stale of await deps.claims.building(userId))
    if (Date.parse(stale.created_at) < cutoff) await deps.claims.complete(stale, filesOf);
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
  const overclaimed =
    claim.status === 'complete'
      ? (claim.overclaimed_pence ?? 0)
      : (await deps.claims.adjustments(claim.id)).reduce((sum, a) => sum + a.gift_aid_pence, 0);
  const files = paid.length ? await writeSchedule(deps, userId, claim, rowsOf(paid), overclaimed) : [];
  return { success: true as const, files, withdrawn: marked.length - paid.length };
}
