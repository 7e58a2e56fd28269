import type { ExportFile } from '@shared/api/schemas/donations';
import { useCallback, useRef, useState } from 'react';
import { startDownload } from '../utils/download';
import { EXPORT_FAILED, failureText } from '../utils/failures';

export interface DownloadNews {
  tone: 'progress' | 'done' | 'error';
  text: string;
  /** The files made (their links last a few minutes), offered as links under the message. */
  files: readonly ExportFile[];
}

const rowsText = (files: readonly ExportFile[]) => {
  const rows = files.reduce((sum, file) => sum + file.rows, 0);
  return `${rows.toLocaleString('en-GB')} ${rows === 1 ? 'row' : 'rows'}`;
};

/** What an export answers: its files and, for a claim made again, the donations left out since. */
interface Made {
  files: readonly ExportFile[];
  withdrawn?: number;
}

/** A claim's files made again: its donations refunded or disputed since are not in them. */
const withdrawnText = (count: number) =>
  `${count} ${count === 1 ? 'donation' : 'donations'} of this claim ${count === 1 ? 'was' : 'were'} refunded or disputed since and ${count === 1 ? 'is' : 'are'} left out: take ${count === 1 ? 'its' : 'their'} Gift Aid off your next claim.`;

/**
 * Runs one export at a time and says what happens in the card's polite live region: making the file, then
 * the download started (one file: the browser fetches it at once) or the files to download (several:
 * browsers refuse a burst of downloads, so each is a link), or why it failed.
 */
export function useDownloads() {
  const [busy, setBusy] = useState<string | null>(null);
  const [news, setNews] = useState<DownloadNews | null>(null);
  const running = useRef(false);

  const run = useCallback(async (key: string, what: string, make: () => Promise<Made>) => {
    if (running.current) return false;
    running.current = true;
    setBusy(key);
    setNews({ tone: 'progress', text: `Preparing ${what}...`, files: [] });
    try {
      const { files, withdrawn = 0 } = await make();
      const [only] = files;
      const left = withdrawn > 0 ? ` ${withdrawnText(withdrawn)}` : '';
      if (files.length === 1 && only) {
        startDownload(only.url, only.name);
        setNews({
          tone: 'done',
          text: `Your download of ${what} has started (${rowsText(files)}).${left}`,
          files,
        });
      } else {
        setNews({
          tone: 'done',
          text: `${what[0]?.toUpperCase()}${what.slice(1)} is ready as ${files.length} files (${rowsText(files)}): download each below.${left}`,
          files,
        });
      }
      return true;
    } catch (error) {
      setNews({ tone: 'error', text: failureText(error, EXPORT_FAILED), files: [] });
      return false;
    } finally {
      running.current = false;
      setBusy(null);
    }
  }, []);

  return { busy, news, run };
}
