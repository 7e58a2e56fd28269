import '../../infra/local/quiet-sdk';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SEARCH_RESULT_LIMIT } from '@shared/register';
import FlexSearch from 'flexsearch';
import MiniSearch from 'minisearch';
import { buildIndex } from '../../lambdas/adapters/register/build-index';
import { createExtractRegister } from '../../lambdas/adapters/register/extract-register';
import { importExtract } from '../../lambdas/adapters/register/import-extract';
import { deserializeIndex, serializeIndex, textAt } from '../../lambdas/adapters/register/index-format';
import { createSearchIndex } from '../../lambdas/adapters/register/search-index';
import { buildRegisterFromExtract, writeRegisterFiles } from '../../lambdas/adapters/register/write-index';
import { spawnLocalCloud } from '../support/local-cloud-process';
import { generateExtract } from './generate-extract';

/**
 * `npm run bench:search`: the register search on a generated full-size extract (420,000 rows, 175,000
 * registered), side by side with FlexSearch and MiniSearch on the same data and the same 1,000 queries.
 */
const ROOT = resolve(__dirname, '..', '..');
const WORK = join(ROOT, '.local', 'bench');

type Query = {
  text: string;
  kind: 'exact' | 'partial' | 'common' | 'typo' | 'unfinished' | 'number';
  expect?: string;
};

function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function buildQueries(sample: { name: string; regNo: number }[]): Query[] {
  const rand = rng(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
  const words = (name: string) => name.split(' ');
  const queries: Query[] = [];
  for (let i = 0; i < 300; i++) {
    const c = pick(sample);
    queries.push({ text: c.name, kind: 'exact', expect: c.name });
  }
  for (let i = 0; i < 150; i++) {
    const w = words(pick(sample).name).filter((x) => x.length > 2);
    queries.push({ text: w.slice(-2).join(' '), kind: 'partial' });
  }
  const common = [
    'the',
    'st',
    'friends',
    'trust',
    'church',
    'school',
    'foundation',
    'friends of',
    'st marys',
    'food bank',
    'hospice',
    'the trust',
    'of',
    'and district',
    'memorial',
  ];
  for (let i = 0; i < 150; i++) queries.push({ text: common[i % common.length] as string, kind: 'common' });
  for (let i = 0; i < 100; i++) {
    const c = pick(sample);
    const w = words(c.name);
    const at = w.findIndex((x) => x.length >= 6);
    if (at < 0) {
      i--;
      continue;
    }
    const word = w[at] as string;
    const pos = 1 + Math.floor(rand() * (word.length - 2));
    w[at] = word.slice(0, pos) + word.slice(pos + 1); // one letter dropped
    queries.push({ text: w.join(' '), kind: 'typo', expect: c.name });
  }
  for (let i = 0; i < 150; i++) {
    const name = pick(sample).name;
    queries.push({ text: name.slice(0, Math.max(4, name.length - 3)), kind: 'unfinished' });
  }
  for (let i = 0; i < 150; i++) {
    const n = String(pick(sample).regNo);
    queries.push({ text: i % 3 ? n : n.slice(0, 5), kind: 'number' });
  }
  return queries;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const stats = (times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  return { p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99) };
};
const heapMB = () => {
  global.gc?.();
  return process.memoryUsage().heapUsed / 1048576;
};

interface Engine {
  name: string;
  buildMs: number;
  memMB: number;
  search(q: Query): string[];
}

export async function benchSearch(): Promise<void> {
  mkdirSync(WORK, { recursive: true });
  const t0 = performance.now();
  const extract = await generateExtract(join(WORK, 'extract'));
  console.log(
    `Extract: ${extract.rows.toLocaleString('en-GB')} rows, ${extract.registered.toLocaleString('en-GB')} registered (${((performance.now() - t0) / 1000).toFixed(1)} s to generate or reuse)`,
  );

  const tImport = performance.now();
  const { charities } = await importExtract(extract.dir);
  const importMs = performance.now() - tImport;
  const names = charities.map((c) => c.detail.name);
  const numbers = charities.map((c) => String(c.regNo));

  // Ours: build + serialize, then load as a function does (from the file bytes).
  let before = heapMB();
  const tOurs = performance.now();
  const built = buildIndex(charities, { extractDate: 'bench', builtAt: new Date().toISOString() });
  const bytes = serializeIndex(built.index);
  const oursBuildMs = performance.now() - tOurs;
  const ours = createSearchIndex(deserializeIndex(bytes));
  ours.searchByName('warm up', 150);
  const oursMem = heapMB() - before + bytes.byteLength / 1048576;
  const register = createExtractRegister({
    open: async () => ({ index: bytes, readDetails: async () => new Uint8Array() }),
  });
  await register.load();
  const oursEngine: Engine = {
    name: 'Kindred index',
    buildMs: oursBuildMs,
    memMB: oursMem,
    search: (q) => {
      const docs =
        q.kind === 'number'
          ? ours.searchByNumber(q.text, SEARCH_RESULT_LIMIT)
          : ours.searchByName(q.text, SEARCH_RESULT_LIMIT);
      return docs.map((d) => textAt(ours.index.name, d));
    },
  };

  before = heapMB();
  const tFlex = performance.now();
  const flexName = new FlexSearch.Index({
    tokenize: 'forward',
    encoder: FlexSearch.Charset.LatinBalance,
    resolution: 9,
  });
  const flexNumber = new FlexSearch.Index({ tokenize: 'forward' });
  for (let i = 0; i < names.length; i++) {
    flexName.add(i, names[i] as string);
    flexNumber.add(i, numbers[i] as string);
  }
  const flexEngine: Engine = {
    name: 'FlexSearch 0.8',
    buildMs: performance.now() - tFlex,
    memMB: heapMB() - before,
    search: (q) => {
      const ids = (q.kind === 'number' ? flexNumber : flexName).search(q.text, {
        limit: SEARCH_RESULT_LIMIT,
        suggest: q.kind !== 'number',
      }) as number[];
      return ids.map((i) => names[i] as string);
    },
  };

  before = heapMB();
  const tMini = performance.now();
  const mini = new MiniSearch<{ id: number; name: string; regNo: string }>({
    fields: ['name', 'regNo'],
    storeFields: [],
  });
  mini.addAll(names.map((name, id) => ({ id, name, regNo: numbers[id] as string })));
  const miniEngine: Engine = {
    name: 'MiniSearch 7',
    buildMs: performance.now() - tMini,
    memMB: heapMB() - before,
    search: (q) =>
      mini
        .search(
          q.text,
          q.kind === 'number'
            ? { fields: ['regNo'], prefix: true }
            : { fields: ['name'], prefix: true, fuzzy: 0.2, combineWith: 'AND' },
        )
        .slice(0, SEARCH_RESULT_LIMIT)
        .map((r) => names[r.id as number] as string),
  };

  const queries = buildQueries(extract.sample);
  const rows: string[][] = [];
  const engines = [oursEngine, flexEngine, miniEngine];
  const results: Record<
    string,
    {
      name: ReturnType<typeof stats>;
      number: ReturnType<typeof stats>;
      all: ReturnType<typeof stats>;
      exactFirst: number;
      typoTop10: number;
    }
  > = {};
  for (const e of engines) {
    for (const q of queries) e.search(q); // warm-up
    const nameTimes: number[] = [];
    const numberTimes: number[] = [];
    let exactFirst = 0;
    let exactTotal = 0;
    let typoTop10 = 0;
    let typoTotal = 0;
    for (const q of queries) {
      const s = performance.now();
      const found = e.search(q);
      const ms = performance.now() - s;
      (q.kind === 'number' ? numberTimes : nameTimes).push(ms);
      if (q.kind === 'exact') {
        exactTotal++;
        if (found[0]?.toLowerCase() === q.expect?.toLowerCase()) exactFirst++;
      }
      if (q.kind === 'typo') {
        typoTotal++;
        if (found.slice(0, 10).some((n) => n === q.expect)) typoTop10++;
      }
    }
    results[e.name] = {
      name: stats(nameTimes),
      number: stats(numberTimes),
      all: stats([...nameTimes, ...numberTimes]),
      exactFirst: exactFirst / exactTotal,
      typoTop10: typoTop10 / typoTotal,
    };
    const r = results[e.name]!;
    const f = (n: number) => n.toFixed(3);
    rows.push([
      e.name,
      `${(e.buildMs / 1000).toFixed(2)} s`,
      `${e.memMB.toFixed(0)} MB`,
      f(r.name.p50),
      f(r.name.p95),
      f(r.name.p99),
      f(r.number.p50),
      f(r.number.p95),
      f(r.number.p99),
      `${(r.exactFirst * 100).toFixed(1)}%`,
      `${(r.typoTop10 * 100).toFixed(1)}%`,
    ]);
  }
  const header = [
    'engine',
    'build',
    'memory',
    'name p50',
    'name p95',
    'name p99',
    'number p50',
    'number p95',
    'number p99',
    'exact first',
    'typo in top 10',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
  console.log(
    `\nSame data (${charities.length.toLocaleString('en-GB')} registered charities), same ${queries.length} queries (${queries.filter((q) => q.kind !== 'number').length} name, ${queries.filter((q) => q.kind === 'number').length} number); times in ms, in process`,
  );
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(r));
  const flexP95 = results['FlexSearch 0.8']!.name.p95;
  const oursP95 = results['Kindred index']!.name.p95;
  console.log(
    `\nName p95: ours ${oursP95.toFixed(3)} ms vs FlexSearch ${flexP95.toFixed(3)} ms (${(flexP95 / oursP95).toFixed(1)}x).`,
  );
  console.log(
    `Import of the extract (streamed, both tables): ${(importMs / 1000).toFixed(1)} s. Index file ${(bytes.byteLength / 1048576).toFixed(1)} MB, details ${(built.details.byteLength / 1048576).toFixed(1)} MB.`,
  );

  // Cold start: a fresh process loads the current index version from disk.
  const registerDir = join(WORK, 'state', 'register');
  rmSync(join(WORK, 'state'), { recursive: true, force: true });
  await writeRegisterFiles(registerDir, await buildRegisterFromExtract(extract.dir));
  const cold = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', join(__dirname, 'search-cold-load.ts'), registerDir],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (cold.status !== 0) throw new Error(cold.stderr);
  const c = JSON.parse(cold.stdout.trim().split('\n').pop() as string);
  console.log(
    `Cold load in a fresh process: index loaded in ${c.loadMs.toFixed(0)} ms, first query ${c.firstQueryMs.toFixed(1)} ms; heap ${c.heapMB.toFixed(0)} MB + buffers ${c.externalMB.toFixed(0)} MB.`,
  );

  // Through the local gateway: origin -> gateway -> handler -> index + in-memory on-platform flags.
  const portOffset = Number(process.env.LOCAL_PORT_OFFSET ?? 600);
  const cloud = await spawnLocalCloud({ portOffset, stateDir: join(WORK, 'state') });
  try {
    const url = `${cloud.info.appUrl}/api/search-charities`;
    const call = async (q: Query) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ searchTerm: q.text, searchType: q.kind === 'number' ? 'number' : 'name' }),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`search answered ${res.status}`);
    };
    for (const q of queries.slice(0, 100)) await call(q);
    const times: number[] = [];
    for (const q of queries) {
      const s = performance.now();
      await call(q);
      times.push(performance.now() - s);
    }
    const g = stats(times);
    console.log(
      `Through the local gateway (HTTP, 1 at a time, ${queries.length} queries): p50 ${g.p50.toFixed(1)} ms, p95 ${g.p95.toFixed(1)} ms, p99 ${g.p99.toFixed(1)} ms.`,
    );
    const ours = results['Kindred index']!.all;
    const flex = results['FlexSearch 0.8']!.all;
    console.log(`\nAll ${queries.length} queries, ms (goal through the gateway: p50 <= 5, p95 <= 10)`);
    console.log('| where                              | p50    | p95    | p99    |');
    console.log('| ---------------------------------- | ------ | ------ | ------ |');
    for (const [label, r] of [
      ['local gateway (HTTP, whole route)', g],
      ['Kindred index, in process', ours],
      ['FlexSearch 0.8, in process', flex],
    ] as const)
      console.log(
        `| ${label.padEnd(34)} | ${r.p50.toFixed(3).padStart(6)} | ${r.p95.toFixed(3).padStart(6)} | ${r.p99.toFixed(3).padStart(6)} |`,
      );
  } finally {
    await cloud.stop();
  }
}

if (require.main === module) {
  benchSearch().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
