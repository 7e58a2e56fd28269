import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SAMPLE_EXTRACT_DIR } from '../../infra/local/settings';
import { cloud } from './cloud';

/**
 * Registration numbers for tests, each handed to one caller per test cloud (one jest run, every file and
 * worker): a number is claimed by creating a file in the run's claims directory (`claimsDir`, made by the
 * global setup) with `wx`, which exactly one process wins. So no test registers a number another already
 * holds, and none waits for "is taken" to draw again.
 *
 * - {@link sampleCharity}: a registered main charity of the sample register (`infra/local/register-sample`),
 *   for tests that register through the API (the register must know the number);
 * - {@link claimSampleCharity}: a pinned sample charity, for tests about that charity (its card, its flag);
 * - {@link madeUpNumber}: a number the register never holds, for accounts written through the data modules.
 */

export interface SampleCharity {
  number: string;
  name: string;
  /** The address the register holds (where verification codes go); null when it holds none. */
  email: string | null;
}

interface ExtractRow {
  registered_charity_number: number;
  linked_charity_number: number;
  charity_name: string;
  charity_registration_status: string;
  charity_contact_email: string | null;
}

/**
 * Sample charities tests look at by number, so {@link sampleCharity} never hands them out: Friends of Hollowmere
 * Park (the finder journey puts it on the platform), Hollowmere Hedgehog Hospital (the finder search marks it,
 * the finder journey expects it not on the platform) and The Little Fenwick Heritage Society (expected not on
 * the platform). A test claims one of them by number ({@link claimSampleCharity}) when it writes its marker.
 */
export const PINNED_SAMPLES: ReadonlySet<string> = new Set(['5100007', '5100182', '5100147']);

let samples: SampleCharity[] | undefined;

/** The sample register's registered main charities (the only ones registration takes), in number order. */
export function sampleCharities(): SampleCharity[] {
  samples ??= (
    JSON.parse(
      readFileSync(join(SAMPLE_EXTRACT_DIR, 'publicextract.charity.json'), 'utf8').replace(/^\uFEFF/, ''),
    ) as ExtractRow[]
  )
    .filter((row) => row.charity_registration_status === 'Registered' && row.linked_charity_number === 0)
    .map((row) => ({
      number: String(row.registered_charity_number),
      name: row.charity_name,
      email: row.charity_contact_email,
    }))
    .sort((a, b) => Number(a.number) - Number(b.number));
  return samples;
}

/** Claims `name` for this run; false when another caller has it. */
function claim(name: string): boolean {
  const dir = cloud().claimsDir;
  if (!dir) throw new Error('No claims directory: run through the integration or e2e jest project');
  try {
    closeSync(openSync(join(dir, name), 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * A sample charity no other caller of this run has: by default one whose register entry holds an email (its
 * codes are mailed there); `{ registerEmail: false }` for one without (registration opens a case instead).
 */
export function sampleCharity(opts: { registerEmail?: boolean } = {}): SampleCharity {
  const withEmail = opts.registerEmail ?? true;
  const found = sampleCharities().find(
    (c) => (c.email !== null) === withEmail && !PINNED_SAMPLES.has(c.number) && claim(`sample-${c.number}`),
  );
  if (!found)
    throw new Error(
      `Every sample charity ${withEmail ? 'with' : 'without'} a register email is taken in this run: add more ` +
        'to infra/local/register-sample/publicextract.charity.json',
    );
  return found;
}

/** Claims a pinned sample charity (a test about that very charity); throws if another test has it. */
export function claimSampleCharity(number: string): SampleCharity {
  const found = sampleCharities().find((c) => c.number === number);
  if (!found || !PINNED_SAMPLES.has(number))
    throw new Error(`${number} is not a pinned sample charity (PINNED_SAMPLES in test/support/numbers.ts)`);
  if (!claim(`sample-${number}`)) throw new Error(`sample charity ${number} is claimed by another test`);
  return found;
}

/**
 * A registration number no register holds and no other caller of this run has: 8 digits from 80000000 (above any
 * the Commission has issued, canonical: no leading zero), or with `{ style: 'T' }` a `T` and 9 digits (not even
 * the shape of a number). Drawn at random, then the next free one.
 */
export function madeUpNumber(opts: { style?: 'digits' | 'T' } = {}): string {
  const [prefix, digits] = opts.style === 'T' ? ['T', 9] : ['8', 7];
  const size = 10 ** digits;
  const start = Math.floor(Math.random() * size);
  for (let i = 0; i < size; i++) {
    const number = `${prefix}${String((start + i) % size).padStart(digits, '0')}`;
    if (claim(`made-up-${number}`)) return number;
  }
  throw new Error('No made-up registration number left');
}
