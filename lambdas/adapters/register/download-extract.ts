import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { EXTRACT_FILES } from './import-extract';

/** Where the Commission publishes the daily JSON extract: one zip per table, `<file name>.zip`. */
export const COMMISSION_EXTRACT_BASE_URL = 'https://ccewuksprdoneregsadata1.blob.core.windows.net/data/json';

/**
 * Downloads the extract tables we read into `dir` (each zip streamed to disk, then its JSON entry
 * unzipped beside it). The charity table is required; a missing optional table (404) is skipped.
 */
export async function downloadExtract(
  baseUrl: string,
  dir: string,
  opts: { fetch?: typeof fetch; timeoutMs?: number } = {},
) {
  const doFetch = opts.fetch ?? fetch;
  const fetched: string[] = [];
  for (const [table, file] of Object.entries(EXTRACT_FILES)) {
    const zipName = file.replace(/\.json$/, '.zip');
    const res = await doFetch(`${baseUrl.replace(/\/$/, '')}/${zipName}`, {
      signal: AbortSignal.timeout(opts.timeoutMs ?? 300_000),
    });
    if (res.status === 404 && table !== 'charity') continue;
    if (!res.ok || !res.body) throw new Error(`Downloading ${zipName} failed: HTTP ${res.status}`);
    const zipPath = join(dir, zipName);
    await pipeline(Readable.fromWeb(res.body as never), createWriteStream(zipPath));
    await unzipEntry(zipPath, file, join(dir, file));
    await rm(zipPath);
    fetched.push(file);
  }
  return fetched;
}

/** Extracts the one JSON entry of a table's zip (named as the table file, or the only .json inside). */
function unzipEntry(zipPath: string, wanted: string, target: string): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error(`Cannot open ${zipPath}`));
      let done = false;
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName.split('/').pop() ?? '';
        if (done || !(name === wanted || name.endsWith('.json'))) return zip.readEntry();
        done = true;
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err ?? new Error(`Cannot read ${name}`));
          pipeline(stream, createWriteStream(target)).then(() => {
            zip.close();
            resolve();
          }, reject);
        });
      });
      zip.on('end', () => {
        if (!done) reject(new Error(`${zipPath} holds no JSON file`));
      });
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
