import { AreaCard } from '@/components/charity-area/signed-in-page';
import { AuthIcon } from '@/components/ui/auth-icon';
import { Button } from '@/components/ui/button';
import { useExportDeclarations, useExportDonations } from '../api/donations-api';
import { useDownloads } from '../hooks/use-downloads';
import { monthLabel } from '../utils/dates';
import { DownloadNews } from './download-news';

/**
 * The donations CSV and the Gift Aid declarations CSV, of the month the list shows or of all time: spreadsheet
 * files for the charity's own books and its auditor.
 */
export function DownloadsCard({ month }: { month: string | null }) {
  const donations = useExportDonations();
  const declarations = useExportDeclarations();
  const { busy, news, run } = useDownloads();
  const period = month ? monthLabel(month) : 'all time';
  const input = month ? { month } : {};

  return (
    <AreaCard id="downloads" title="Downloads">
      <p>
        Spreadsheet files (CSV) of {month ? `the donations of ${period}` : 'every donation'}, for your books
        and your auditor. The donations file has each gift&rsquo;s amount, card fee and net; the declarations
        file is your record of every Gift Aid declaration, as HMRC asks you to keep.
      </p>
      <div className="area-card__actions">
        <Button
          variant="secondary"
          disabled={busy !== null}
          aria-busy={busy === 'donations'}
          onClick={() =>
            void run('donations', `the donations CSV (${period})`, () => donations.mutate(input))
          }
        >
          <AuthIcon name="download" size={18} />
          {busy === 'donations' ? 'Preparing...' : `Donations CSV (${period})`}
        </Button>
        <Button
          variant="secondary"
          disabled={busy !== null}
          aria-busy={busy === 'declarations'}
          onClick={() =>
            void run('declarations', `the Gift Aid declarations CSV (${period})`, () =>
              declarations.mutate(input),
            )
          }
        >
          <AuthIcon name="download" size={18} />
          {busy === 'declarations' ? 'Preparing...' : `Gift Aid declarations CSV (${period})`}
        </Button>
      </div>
      <DownloadNews news={news} />
    </AreaCard>
  );
}
