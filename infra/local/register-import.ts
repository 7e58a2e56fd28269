import './quiet-sdk';
import { resolve } from 'node:path';
import { buildRegisterFromExtract, writeRegisterFiles } from '../../lambdas/adapters/register/write-index';
import { settingsFromEnv } from './settings';

/**
 * `npm run register:import -- <folder>`: builds the register index from the Commission's JSON extract
 * files in <folder> and installs it under `.local/register`; a running or the next `npm start` uses it
 * (functions load the index at cold start: restart `npm start` to pick it up at once).
 */
async function main() {
  const folder = process.argv[2];
  if (!folder) {
    console.error('Usage: npm run register:import -- <folder holding publicextract.charity.json>');
    process.exit(2);
  }
  const started = performance.now();
  const built = await buildRegisterFromExtract(resolve(folder));
  const outDir = settingsFromEnv().registerDir;
  const version = await writeRegisterFiles(outDir, built);
  const m = built.meta;
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    [
      `Imported ${m.rows.toLocaleString('en-GB')} rows: ${m.registeredMain.toLocaleString('en-GB')} registered main charities indexed.`,
      `Trustees ${m.trustees.toLocaleString('en-GB')}, areas ${m.areas.toLocaleString('en-GB')}, governing documents ${m.governingDocuments.toLocaleString('en-GB')}, annual returns ${m.annualReturns.toLocaleString('en-GB')}, causes ${m.classifications.toLocaleString('en-GB')}.`,
      m.unknownClassifications
        ? `Classification rows with a code not on the causes list (ignored): ${m.unknownClassifications.toLocaleString('en-GB')} (${m.unknownClassificationCodes.join(', ')}).`
        : '',
      m.optionalTablesMissing.length
        ? `Not found (optional): ${m.optionalTablesMissing.join(', ')}`
        : 'All optional tables read.',
      `Index ${mb(m.indexBytes)}, details ${mb(m.detailsBytes)}; written to ${outDir}/${version}.`,
      `Took ${((performance.now() - started) / 1000).toFixed(1)} s, peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}.`,
    ]
      .filter(Boolean)
      .join('\n'),
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
