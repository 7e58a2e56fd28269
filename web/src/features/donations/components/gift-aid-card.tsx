import type { GiftAidClaim } from '@shared/api/schemas/donations';
import { DAY_PATTERN, DonationsMessage, SCHEDULE_MAX_ROWS, ukDay } from '@shared/donations';
import { formatPence } from '@shared/giving';
import { type FormEvent, useState } from 'react';
import { AreaCard } from '@/components/charity-area/signed-in-page';
import { TextField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { LoadingStatus } from '@/components/ui/loading-status';
import { Notice } from '@/components/ui/notice';
import { useClaimFiles, useCreateGiftAidClaim, useGiftAidClaimsQuery } from '../api/donations-api';
import { useDownloads } from '../hooks/use-downloads';
import { type ClaimPeriod, dayLabel, defaultClaimPeriod, ukDayLabel } from '../utils/dates';
import { failureText, LOAD_FAILED } from '../utils/failures';
import { ClaimAdjustments } from './claim-adjustments';
import { DownloadNews } from './download-news';

const periodText = (claim: Pick<GiftAidClaim, 'from' | 'to'>) =>
  `${dayLabel(claim.from)} to ${dayLabel(claim.to)}`;

/** The claim form's own check: both days, in order, none after today (the server checks it again). */
function periodError({ from, to }: ClaimPeriod, today: string): string | null {
  const valid = DAY_PATTERN.test(from) && DAY_PATTERN.test(to) && from <= to && to <= today;
  return valid ? null : DonationsMessage.Period;
}

function PastClaims({ onAgain, busy }: { onAgain: (claim: GiftAidClaim) => void; busy: string | null }) {
  const claims = useGiftAidClaimsQuery();
  if (claims.status === 'loading') return <LoadingStatus>Loading your claims...</LoadingStatus>;
  if (claims.status === 'error')
    return (
      <Notice tone="error">
        <p>{failureText(claims.error, LOAD_FAILED)}</p>
      </Notice>
    );
  const list = claims.data?.claims ?? [];
  if (list.length === 0) return <p className="money-muted">No claims yet.</p>;
  return (
    <ul className="money-list">
      {list.map((claim) => (
        <li key={claim.id} className="money-list__item">
          <div>
            <p className="money-list__title">{periodText(claim)}</p>
            <p className="money-muted">
              Made {ukDayLabel(claim.created_at)} · {claim.donations.toLocaleString('en-GB')}{' '}
              {claim.donations === 1 ? 'donation' : 'donations'} of{' '}
              {formatPence(claim.donated_pence, { always: true })} · Gift Aid{' '}
              {formatPence(claim.gift_aid_pence, { always: true })} · {claim.files}{' '}
              {claim.files === 1 ? 'file' : 'files'}
            </p>
          </div>
          <ClaimAdjustments claim={claim} />
          <Button
            variant="secondary"
            disabled={busy !== null}
            aria-busy={busy === claim.id}
            aria-label={`Download again: the schedule for ${periodText(claim)}`}
            onClick={() => onAgain(claim)}
          >
            {busy === claim.id ? 'Preparing...' : 'Download again'}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Claiming Gift Aid: the period (by default the last full month, from where the last claim ended) makes
 * HMRC's schedule for Charities Online from every Gift-Aided donation of it not yet claimed; past claims can be
 * downloaded again (the same donations).
 */
export function GiftAidCard({
  toClaimPence,
  firstMonth,
}: {
  toClaimPence: number;
  firstMonth: string | null;
}) {
  const today = ukDay(new Date().toISOString());
  const claims = useGiftAidClaimsQuery();
  const lastClaimTo =
    claims.data?.claims.reduce<string | null>((last, c) => (!last || c.to > last ? c.to : last), null) ??
    null;
  const suggested = defaultClaimPeriod(today, lastClaimTo, firstMonth);
  const [typed, setTyped] = useState<Partial<ClaimPeriod>>({});
  const period = { ...suggested, ...typed };
  const [invalid, setInvalid] = useState<string | null>(null);
  const create = useCreateGiftAidClaim();
  const again = useClaimFiles();
  const { busy, news, run } = useDownloads();

  const change = (field: keyof ClaimPeriod) => (value: string) => {
    setTyped((t) => ({ ...t, [field]: value }));
    setInvalid(null);
  };

  const claim = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = periodError(period, today);
    setInvalid(problem);
    if (problem) return;
    const made = await run('claim', `the Gift Aid schedule for ${periodText(period)}`, () =>
      create.mutate(period),
    );
    if (made) setTyped({});
  };

  return (
    <AreaCard id="gift-aid" title="Claim Gift Aid">
      <p>
        Gift Aid to claim now: <strong>{formatPence(toClaimPence, { always: true })}</strong>. A claim takes
        every Gift-Aided donation of the period not claimed before and makes HMRC&rsquo;s schedule (a
        spreadsheet, up to {SCHEDULE_MAX_ROWS.toLocaleString('en-GB')} donations a file) to upload with your
        claim in Charities Online. Each donation is claimed once.
      </p>
      <p>
        The period starts where your last claim ended and runs to the end of last month: a month still going
        on is left for your next claim, so each claim matches whole bank statements.
      </p>
      <form className="auth-form money-claim" noValidate onSubmit={claim} aria-busy={busy === 'claim'}>
        <div className="money-claim__dates">
          <TextField
            id="claim-from"
            label="From"
            type="date"
            value={period.from}
            onValueChange={change('from')}
            max={today}
            required
          />
          <TextField
            id="claim-to"
            label="To"
            type="date"
            value={period.to}
            onValueChange={change('to')}
            error={invalid ?? undefined}
            max={today}
            required
          />
        </div>
        <div>
          <Button type="submit" disabled={busy !== null}>
            {busy === 'claim' ? 'Making the Schedule...' : 'Claim Gift Aid'}
          </Button>
        </div>
      </form>
      <DownloadNews news={news} />
      <h3 className="money-subtitle">Past claims</h3>
      <p className="money-muted">Download again gives the same donations: send HMRC each schedule once.</p>
      <PastClaims
        busy={busy}
        onAgain={(c) =>
          void run(c.id, `the Gift Aid schedule for ${periodText(c)}`, () => again.mutate({ claimId: c.id }))
        }
      />
    </AreaCard>
  );
}
