import '../../infra/local/quiet-sdk';
import { createExtractRegister } from '../../lambdas/adapters/register/extract-register';
import { folderIndexSource } from '../../lambdas/adapters/register/index-sources';

/**
 * Run in a fresh process by the search bench: what a function's cold start does with the index (read the
 * current version, map the columns, answer a first query), timed from inside, plus the heap it holds.
 */
async function main() {
  const dir = process.argv[2] as string;
  const t0 = performance.now();
  const register = createExtractRegister(folderIndexSource(dir));
  await register.load();
  const loaded = performance.now();
  await register.search('friends of the', 'name', 150);
  const firstQuery = performance.now();
  global.gc?.();
  const mem = process.memoryUsage();
  console.log(
    JSON.stringify({
      loadMs: loaded - t0,
      firstQueryMs: firstQuery - loaded,
      heapMB: mem.heapUsed / 1048576,
      externalMB: (mem.external + mem.arrayBuffers) / 1048576,
      rssMB: mem.rss / 1048576,
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
