/**
 * Issue 43: the runbook run literally. The fenced block of docs/operating.md marked `<!-- runbook-commands`
 * ("The commands in short") is read from the doc and run line by line, as an operator would, on a fresh copy
 * of the repository (the working tree, committed and not: `git ls-files`, so no `web/dist`, `.local-build` or
 * `cdk.out`), against a fake AWS account that answers like a new one (`infra/testing/fake-aws.ts`: nothing
 * bootstrapped, a Lambda concurrency quota of 10, SES in the sandbox). Editing a command in the doc changes
 * what runs here.
 *
 * - `export …` sets the environment of the next commands.
 * - `npm install` is the one stand-in: the copy's `node_modules` is a link to this checkout's install, and
 *   `npm ls --depth=0` proves it satisfies the copy's package.json (a full install would take minutes and the
 *   network; `npm install` replaces a linked `node_modules`). `npm run build:web` runs for real (seconds).
 * - `npx cdk synth …` runs for real (it bundles every function: about 30 s). The copied example config must
 *   stop it naming each example value; the operator's values are then filled in and it must pass.
 * - `aws …` and `npx cdk bootstrap …` change the account, so they are never run: each must be what the
 *   preflight prints as the fix of an obstacle; the test then makes that change in the fake account.
 * - `npm run deploy -- prod` runs for real (`AWS_ENDPOINT_URL` points the SDK at the fake, with fake
 *   credentials): its preflight must stop it (exit 1, nothing built or deployed) with every FAIL's fix a
 *   command of the block. The test applies the fixes and deploys again until the same preflight, run here
 *   against the same fake, would pass: it stops there, as `cdk deploy` needs AWS.
 *
 * Then two later obstacles of a new account: the redeploy once DNS has verified the mail domain (SES
 * production access not yet requested), and a stage that reserves concurrency on a quota of 10.
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { repoRoot } from './paths';
import { awsPreflightPort, defaultClients } from './preflight/aws-port';
import { DEFAULT_QUALIFIER, formatFindings, runPreflight } from './preflight/checks';
import { loadStageConfig } from './stage-config';
import { type FakeAccount, type FakeAws, newAccount, startFakeAws } from './testing/fake-aws';

const DOC = path.join(repoRoot, 'docs', 'operating.md');
const MARKER = '<!-- runbook-commands';
const STAGE = 'prod';

/** The operator's own values, in the fake account, for the keys the synth refuses as example values. */
const ACCOUNT = '210987654321';
const OPERATOR_VALUES: Record<string, string> = {
  account: ACCOUNT,
  certificateArn: `arn:aws:acm:us-east-1:${ACCOUNT}:certificate/5f3c1e2a-8b4d-4c6e-9f0a-1b2c3d4e5f60`,
  stripeSecretArn: `arn:aws:secretsmanager:eu-west-2:${ACCOUNT}:secret:kindred/stripe-Q1w2E3`,
  stripeWebhookSecretsArn: `arn:aws:secretsmanager:eu-west-2:${ACCOUNT}:secret:kindred/stripe-webhooks-R4t5Y6`,
};

/**
 * The commands of the marked block: comments dropped (a line starting with `#`, or ` # …` after a command),
 * a trailing `\` joined with the next line, runs of spaces made one.
 */
function runbookCommands(markdown: string): string[] {
  const at = markdown.indexOf(MARKER);
  if (at < 0) throw new Error(`docs/operating.md has no ${MARKER} block`);
  const block = /```sh\n([\s\S]*?)\n```/.exec(markdown.slice(at));
  if (!block) throw new Error(`no \`\`\`sh block after ${MARKER}`);
  const commands: string[] = [];
  let pending = '';
  for (const raw of (block[1] as string).split('\n')) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!line) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    commands.push(`${pending}${line}`.replace(/\s+/g, ' ').trim());
    pending = '';
  }
  if (pending) throw new Error(`the runbook block ends in a continued line: ${pending}`);
  return commands;
}

/** A command that changes the AWS account: never run here, only printed by the preflight and applied to the fake. */
const changesAccount = (command: string) =>
  command.startsWith('aws ') || command.startsWith('npx cdk bootstrap ');

/** The working tree (committed and not, without what git ignores) in a new folder, `node_modules` linked. */
function freshCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kindred-runbook-'));
  let files: string[] | undefined;
  try {
    files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: repoRoot,
      maxBuffer: 64 * 1024 * 1024,
    })
      .toString('utf8')
      .split('\0')
      .filter(Boolean);
  } catch {
    // No git (an exported tree): everything but what a clone would not have.
    const skip = new Set(['node_modules', '.git', 'cdk.out', 'coverage', 'test-results', '.soak']);
    cpSync(repoRoot, dir, {
      recursive: true,
      filter: (from) => {
        const rel = path.relative(repoRoot, from);
        const top = rel.split(path.sep)[0] ?? '';
        return !skip.has(top) && !top.startsWith('.local') && rel !== path.join('web', 'dist');
      },
    });
  }
  for (const file of files ?? []) {
    const from = path.join(repoRoot, file);
    if (!existsSync(from)) continue; // deleted in the working tree
    const to = path.join(dir, file);
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(from, to);
  }
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/** One printed preflight line (`  FAIL check: message` and its `       fix: …`). */
interface Printed {
  readonly level: 'ok' | 'WARN' | 'FAIL';
  readonly check: string;
  readonly message: string;
  readonly fix?: string;
}

function printedFindings(output: string): Printed[] {
  const out: Printed[] = [];
  for (const line of output.split('\n')) {
    const finding = /^ {2}(ok {2}|WARN|FAIL) (\w+): (.*)$/.exec(line);
    if (finding) {
      out.push({
        level: (finding[1] as string).trim() as Printed['level'],
        check: finding[2] as string,
        message: finding[3] as string,
      });
      continue;
    }
    const fix = /^ {7}fix: (.*)$/.exec(line);
    const last = out.pop();
    if (last) out.push(fix ? { ...last, fix: fix[1] as string } : last);
  }
  return out;
}

/** Makes in the fake account the change a runbook command would make in AWS. */
function apply(state: FakeAccount, command: string): void {
  const words = command.split(' ');
  const option = (name: string) => {
    const at = words.indexOf(name);
    if (at < 0) throw new Error(`${command}: no ${name}`);
    return words[at + 1] as string;
  };
  if (command.startsWith('npx cdk bootstrap ')) {
    for (const target of words.filter((w) => w.startsWith('aws://'))) {
      const [, account, region] = /^aws:\/\/(\d{12})\/([a-z0-9-]+)$/.exec(target) ?? [];
      expect(account).toBe(state.account);
      state.bootstrap.set(region as string, 30);
    }
  } else if (command.startsWith('aws service-quotas request-service-quota-increase ')) {
    expect([option('--service-code'), option('--quota-code')]).toEqual(['lambda', 'L-B99A9384']);
    // AWS takes a day or two; the fake grants it at once.
    state.lambdaQuota.set(option('--region'), Number(option('--desired-value')));
  } else if (command.startsWith('aws sesv2 put-account-details ')) {
    expect(words).toContain('--production-access-enabled');
    expect(option('--website-url')).toMatch(/^https:\/\/[a-z0-9.-]+$/);
    // AWS reviews it: the request stays PENDING here.
    state.ses.set(option('--region'), {
      productionAccessEnabled: false,
      review: { status: 'PENDING', caseId: '1' },
    });
  } else {
    throw new Error(`the runbook test does not know what ${command} changes in an account`);
  }
}

describe('the runbook, docs/operating.md "The commands in short", run literally on a fresh copy (issue 43)', () => {
  const commands = runbookCommands(readFileSync(DOC, 'utf8'));
  const deployCommand = commands.find((c) => c.startsWith(`npm run deploy -- ${STAGE}`)) as string;
  let copy: string;
  let fake: FakeAws;
  const env: NodeJS.ProcessEnv = {};
  /** Every command the deploys printed as a fix (FAIL and WARN); the FAIL fixes applied to the fake, in order. */
  const printed = new Set<string>();
  const applied: string[] = [];
  /** What ran, for the failure messages. */
  const transcript: string[] = [];

  beforeAll(async () => {
    copy = freshCopy();
    // Steps 1 and 2 of the runbook are done in the consoles: an ISSUED certificate, the Stripe secrets.
    const state = newAccount(ACCOUNT);
    state.certificates.set(OPERATOR_VALUES.certificateArn as string, {
      status: 'ISSUED',
      domains: ['kindredgiving.org.uk', 'www.kindredgiving.org.uk'],
    });
    state.secrets.add(OPERATOR_VALUES.stripeSecretArn as string);
    state.secrets.add(OPERATOR_VALUES.stripeWebhookSecretsArn as string);
    fake = await startFakeAws(state);
    // An operator's shell: none of this machine's AWS settings, the fake's endpoint and credentials.
    for (const [key, value] of Object.entries(process.env)) {
      if (/^(AWS_|CDK_|npm_|JEST_)/i.test(key) || key === 'NODE_ENV' || key === 'INIT_CWD') continue;
      env[key] = value;
    }
    Object.assign(env, {
      AWS_ENDPOINT_URL: fake.endpoint,
      AWS_ACCESS_KEY_ID: fake.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: fake.credentials.secretAccessKey,
      AWS_CONFIG_FILE: path.join(copy, '.no-aws', 'config'),
      AWS_SHARED_CREDENTIALS_FILE: path.join(copy, '.no-aws', 'credentials'),
      AWS_EC2_METADATA_DISABLED: 'true',
      CDK_DISABLE_CLI_TELEMETRY: 'true',
      CDK_DISABLE_VERSION_CHECK: 'true',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
    });
  }, 60_000);

  afterAll(async () => {
    if (process.env.RUNBOOK_TRANSCRIPT) console.log(transcript.join('\n'));
    await fake?.close();
    if (!copy) return;
    // The link first, so nothing can reach the checkout's install through it.
    rmSync(path.join(copy, 'node_modules'), { force: true });
    rmSync(copy, { recursive: true, force: true });
  });

  /** Runs one command in the copy with bash (asynchronously: the fake answers from this process). */
  function sh(command: string, timeoutMs = 240_000): Promise<{ code: number; output: string }> {
    const started = Date.now();
    return new Promise((resolve, reject) => {
      // A process group of its own, so a timeout ends the whole command (npx, node, esbuild).
      const child = spawn('bash', ['-c', command], {
        cwd: copy,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
      });
      const timer = setTimeout(() => {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
        reject(new Error(`${command} took more than ${timeoutMs / 1000} s:\n${output}`));
      }, timeoutMs);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        transcript.push(`$ ${command}   (exit ${code}, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
        resolve({ code: code ?? 1, output });
      });
    });
  }

  /** The stage's config as the copy holds it now. */
  const stageConfig = () => loadStageConfig(STAGE, path.join(copy, 'config'));

  /** A runbook command with its `<placeholders>` filled from the stage's config. */
  const filled = (command: string) =>
    command.replace(/<(\w+)>/g, (whole, key: string) => {
      const value = (stageConfig() as Record<string, unknown>)[key];
      if (typeof value !== 'string') throw new Error(`${command}: no config value for ${whole}`);
      return value;
    });
  const accountCommands = () => commands.filter(changesAccount).map(filled);

  /** The preflight here, against the same fake: does it let a deploy through? */
  async function preflightPasses(): Promise<boolean> {
    const port = awsPreflightPort(
      defaultClients({ region: 'eu-west-2', endpoint: fake.endpoint, credentials: fake.credentials }),
    );
    const findings = await runPreflight(port, {
      stage: STAGE,
      config: stageConfig(),
      qualifier: DEFAULT_QUALIFIER,
    });
    return !formatFindings(findings).failed;
  }

  /**
   * Runs the deploy as written until its preflight would pass: each run must stop (exit 1, nothing built or
   * deployed) with FAILs whose fixes are runbook commands; the test applies them. Returns the FAIL fixes.
   */
  async function deployUntilThePreflightPasses(): Promise<string[]> {
    const fixes: string[] = [];
    for (let run = 1; ; run++) {
      if (await preflightPasses()) {
        // Never run a deploy the preflight would let through: cdk deploy needs AWS.
        if (run === 1) throw new Error('the fake account let the deploy through before any obstacle');
        return fixes;
      }
      if (run > 4) throw new Error(`still failing after ${run - 1} deploys:\n${transcript.join('\n')}`);
      const { code, output } = await sh(deployCommand, 120_000);
      const findings = printedFindings(output);
      const context = `${deployCommand} printed:\n${output}`;
      expect({
        code,
        stopped: output.includes('Preflight failed: nothing was deployed.'),
        context,
      }).toMatchObject({
        code: 1,
        stopped: true,
      });
      // It stopped before building the web app, so before cdk deploy.
      expect(output).not.toContain('build:web');
      const fails = findings.filter((f) => f.level === 'FAIL');
      expect(fails.length).toBeGreaterThan(0);
      for (const finding of findings) {
        if (finding.fix && changesAccount(finding.fix)) {
          printed.add(finding.fix);
          // Every command the preflight prints is a line of the runbook.
          expect({ fix: finding.fix, runbook: accountCommands().includes(finding.fix) }).toEqual({
            fix: finding.fix,
            runbook: true,
          });
        }
      }
      for (const fail of fails) {
        expect({
          fail,
          isRunbookCommand: fail.fix !== undefined && accountCommands().includes(fail.fix),
        }).toEqual({
          fail,
          isRunbookCommand: true,
        });
        apply(fake.state, fail.fix as string);
        applied.push(fail.fix as string);
        fixes.push(fail.fix as string);
      }
    }
  }

  it('finds the commands in the doc: the deploy, the synth, and the account changes', () => {
    expect(deployCommand).toBe('npm run deploy -- prod');
    expect(commands).toContain('npx cdk synth -c stage=prod --quiet');
    expect(commands.filter(changesAccount).map((c) => c.split(' ').slice(0, 3).join(' '))).toEqual([
      'aws service-quotas request-service-quota-increase',
      'npx cdk bootstrap',
      'aws sesv2 put-account-details',
    ]);
    // The numbered steps name the same commands, word for word.
    const doc = readFileSync(DOC, 'utf8');
    const steps = doc
      .slice(doc.indexOf('## From a fresh account to a working site'), doc.indexOf(MARKER))
      .replace(/\s+/g, ' ');
    for (const command of commands.filter(changesAccount)) expect(steps).toContain(`\`${command}\``);
  });

  it('walks the block on a new account: each command works, or stops with the next one', async () => {
    for (const command of commands) {
      const exported = /^export (\w+)=(\S+)$/.exec(command);
      if (exported) {
        env[exported[1] as string] = exported[2];
        continue;
      }
      if (changesAccount(command)) continue; // applied only where the preflight prints it
      if (command === deployCommand) {
        const fixes = await deployUntilThePreflightPasses();
        // A new account is bootstrapped in neither region: the preflight prints the runbook's own line.
        expect(fixes).toEqual([`npx cdk bootstrap aws://${ACCOUNT}/eu-west-2 aws://${ACCOUNT}/us-east-1`]);
        // The first deploy's warnings name the requests for later: the quota, SES once the domain verifies.
        expect([...printed].filter((fix) => fix.startsWith('aws '))).toEqual([
          'aws sesv2 put-account-details --production-access-enabled --mail-type TRANSACTIONAL --website-url https://kindredgiving.org.uk --contact-language EN --region eu-west-2',
          'aws service-quotas request-service-quota-increase --service-code lambda --quota-code L-B99A9384 --desired-value 1000 --region eu-west-2',
        ]);
        continue;
      }
      for (const part of command.split(' && ')) {
        if (part === 'npm install') {
          const installed = await sh('npm ls --depth=0 --offline');
          expect({ part, ...installed }).toMatchObject({ code: 0 });
          continue;
        }
        let result = await sh(part);
        if (result.code !== 0 && part.startsWith('npx cdk synth')) {
          // The copied example: the synth names each example value; the operator puts their own.
          expect(result.output).toContain(`config/${STAGE}.json is not a valid stage configuration`);
          const named = [
            ...result.output.matchAll(/^ {2}- (\w+): is .*, copied from config\/example\.json/gm),
          ];
          expect(named.map((m) => m[1]).sort()).toEqual(Object.keys(OPERATOR_VALUES).sort());
          const file = path.join(copy, 'config', `${STAGE}.json`);
          const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
          for (const m of named) config[m[1] as string] = OPERATOR_VALUES[m[1] as string];
          writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
          result = await sh(part);
        }
        expect({ part, code: result.code, output: result.code ? result.output : '' }).toMatchObject({
          code: 0,
        });
      }
    }
    // The synth wrote every stack of the stage.
    const templates = readdirSync(path.join(copy, 'cdk.out')).filter((f) =>
      /^Kindred-prod-.*\.template\.json$/.test(f),
    );
    expect(templates.length).toBeGreaterThanOrEqual(7);
    // It bundled every function with esbuild, to ESM (the app's only bundled synth in the tests): each
    // Lambda asset of the synth holds an index.mjs.
    const out = path.join(copy, 'cdk.out');
    const lambdaAssets = readdirSync(out)
      .filter((f) => f.endsWith('.template.json'))
      .flatMap((f) => {
        const resources = JSON.parse(readFileSync(path.join(out, f), 'utf8')).Resources ?? {};
        return Object.values(resources as Record<string, { Type: string; Properties?: any }>)
          .filter((r) => r.Type === 'AWS::Lambda::Function' && typeof r.Properties?.Code?.S3Key === 'string')
          .map((r) => (r.Properties.Code.S3Key as string).replace(/\.zip$/, ''));
      });
    const ours = lambdaAssets.filter((key) => existsSync(path.join(out, `asset.${key}`, 'index.mjs')));
    expect(ours.length).toBeGreaterThan(60);
  }, 480_000);

  it('a redeploy once DNS has verified the mail domain stops until SES production access is requested', async () => {
    // What the first deploy and step 6 leave in the account (cdk deploy itself needs AWS).
    const state = fake.state;
    state.stacks.set('eu-west-2/Kindred-prod-Stateful', { ownRoutes: 0 });
    state.stacks.set('eu-west-2/Kindred-prod-Api', { ownRoutes: 0 });
    state.identities.set('eu-west-2/kindredgiving.org.uk', {
      verified: true,
      dkimStatus: 'SUCCESS',
      mailFromStatus: 'SUCCESS',
      type: 'DOMAIN',
    });
    expect(await deployUntilThePreflightPasses()).toEqual([
      'aws sesv2 put-account-details --production-access-enabled --mail-type TRANSACTIONAL --website-url https://kindredgiving.org.uk --contact-language EN --region eu-west-2',
    ]);
    // Under review: a warning, the deploy would go on.
    expect(state.ses.get('eu-west-2')?.review?.status).toBe('PENDING');
  }, 120_000);

  it('a stage that reserves concurrency on a quota of 10 stops with the Service Quotas request', async () => {
    const file = path.join(copy, 'config', `${STAGE}.json`);
    const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, `${JSON.stringify({ ...config, reservedConcurrency: 'plan' }, null, 2)}\n`);
    expect(await deployUntilThePreflightPasses()).toEqual([
      'aws service-quotas request-service-quota-increase --service-code lambda --quota-code L-B99A9384 --desired-value 1000 --region eu-west-2',
    ]);
  }, 120_000);

  it("applied every account change of the runbook where the preflight asked for it, and nothing the fake doesn't speak", () => {
    expect([...applied].sort()).toEqual(accountCommands().sort());
    expect(fake.unexpected).toEqual([]);
    // The deploys (and the CDK CLI) read the account; nothing was written to it.
    expect(new Set(fake.requests.map((r) => r.operation))).toEqual(
      new Set([
        'GetCallerIdentity',
        'GetParameter',
        'DescribeCertificate',
        'DescribeSecret',
        'GetAccount',
        'GetEmailIdentity',
        'ListStackResources',
        'GetAccountSettings',
      ]),
    );
  });
});
