import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ORIGIN_SECRET_ENV, ORIGIN_VERIFY_HEADER } from '../../lambdas/lib/edge';
import { spawnLocalCloud } from '../support/local-cloud-process';
import type { ColdStartFunction } from './cold-start';

/**
 * The register-backed functions' time to a first answer in a fresh process: import, index load and the
 * first request, against the local cloud (DynamoDB Local, cognito-local, local SES). The index is the
 * full-size one of `npm run bench:search` when it has been built, the fictional sample otherwise.
 */
const ROOT = resolve(__dirname, '..', '..');
const FULL_INDEX = join(ROOT, '.local', 'bench', 'state', 'register');
const PORT_OFFSET = Number(process.env.LOCAL_PORT_OFFSET ?? 700);

const REQUESTS: Record<string, { body: unknown; expect: number }> = {
  'search-charities': { body: { searchTerm: 'trust', searchType: 'name' }, expect: 200 },
  // A number the register does not hold: the lookup itself runs, the answer is the spec's "not found".
  'get-charity-details': { body: { registrationNumber: '99999999' }, expect: 404 },
  'register-charity': {
    body: {
      email: 'bench@example.org',
      password: 'Bench-Password-123!',
      charityRegistrationNumber: '99999999',
    },
    expect: 400,
  },
};

/** The deployed variables, reading the index from the local folder instead of the bucket. */
const withoutBucket = ({ REGISTER_INDEX_BUCKET: _, ...env }: Record<string, string>) => env;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

export async function benchFirstAnswer(
  fns: ColdStartFunction[],
  runs: number,
  baseEnv: Record<string, string>,
): Promise<void> {
  const cloud = await spawnLocalCloud({ portOffset: PORT_OFFSET });
  try {
    const index = existsSync(join(FULL_INDEX, 'current.json')) ? FULL_INDEX : undefined;
    console.log(
      `\nFirst answer in a fresh process (import + index load + one request), median of ${runs}; index: ${index ? 'full-size bench extract' : 'fictional sample (run npm run bench:search first for the full-size one)'}:`,
    );
    for (const [name, req] of Object.entries(REQUESTS)) {
      const fn = fns.find((f) => f.name === name);
      if (!fn) continue;
      const event = {
        version: '2.0',
        routeKey: `POST /api/${name}`,
        rawPath: `/api/${name}`,
        // As CloudFront sends it: the functions refuse a request without the origin secret.
        headers: {
          'content-type': 'application/json',
          [ORIGIN_VERIFY_HEADER]: cloud.info.env[ORIGIN_SECRET_ENV] ?? '',
        },
        body: JSON.stringify(req.body),
        isBase64Encoded: false,
        requestContext: {
          http: { method: 'POST', path: `/api/${name}`, sourceIp: '127.0.0.1' },
          requestId: 'bench',
        },
      };
      const code = `const t = performance.now(); const m = await import(${JSON.stringify(pathToFileURL(fn.bundle).href)}); const r = await m.handler(${JSON.stringify(event)}, { awsRequestId: 'bench', functionName: ${JSON.stringify(name)}, getRemainingTimeInMillis: () => 10000 }); process.stdout.write(JSON.stringify({ ms: performance.now() - t, status: r.statusCode })); process.exit(0);`;
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
          cwd: ROOT,
          env: {
            PATH: process.env.PATH,
            ...baseEnv,
            ...withoutBucket(fn.env),
            ...cloud.info.env,
            ...(index ? { REGISTER_INDEX_DIR: index } : {}),
            SERVICE_NAME: name,
            LOG_LEVEL: 'ERROR',
          },
          encoding: 'utf8',
        });
        const out = JSON.parse(run.stdout || '{}') as { ms?: number; status?: number };
        if (run.status !== 0 || out.status !== req.expect)
          throw new Error(`${name} answered ${out.status} (expected ${req.expect}): ${run.stderr}`);
        times.push(out.ms as number);
      }
      console.log(
        `${name.padEnd(30)} ${median(times).toFixed(0).padStart(6)} ms to the first answer (${req.expect})`,
      );
    }
  } finally {
    await cloud.stop();
  }
}
