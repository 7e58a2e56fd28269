import '../../infra/local/quiet-sdk';
import { benchAnalytics } from './analytics';
import { benchColdStart } from './cold-start';
import { benchDiscover } from './discover';
import { benchDonations } from './donations';
import { benchGiving } from './giving';
import { benchLocalCloud } from './local-cloud';
import { benchUpdates } from './updates';
import { benchWeb } from './web';

/**
 * `npm run bench`: every benchmark of the project, one after another (`npm run bench -- <name>` runs one).
 * Figures are wall-clock on this machine: run on an idle machine and compare like with like.
 */
const benches: Record<string, () => Promise<void>> = {
  'cold-start': benchColdStart,
  'local-cloud': benchLocalCloud,
  web: benchWeb,
  giving: benchGiving,
  donations: benchDonations,
  analytics: benchAnalytics,
  updates: benchUpdates,
  discover: benchDiscover,
};

async function main() {
  const only = process.argv.slice(2);
  for (const [name, run] of Object.entries(benches)) {
    if (only.length && !only.includes(name)) continue;
    console.log(`\n== ${name} ==`);
    await run();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
