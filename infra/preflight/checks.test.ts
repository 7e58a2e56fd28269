import { routeList } from '@shared/api/routes';
import { reservedConcurrency, totalReserved } from '../concurrency';
import { parseStageConfig } from '../stage-config';
import {
  certificateCovers,
  type Finding,
  formatFindings,
  type PreflightPort,
  runPreflight,
  type SesAccountFacts,
} from './checks';

const ACCOUNT = '210987654321';
const CERT = `arn:aws:acm:us-east-1:${ACCOUNT}:certificate/5f3c1e2a-8b4d-4c6e-9f0a-1b2c3d4e5f60`;
const STRIPE = `arn:aws:secretsmanager:eu-west-2:${ACCOUNT}:secret:kindred/stripe-Q1w2E3`;
const HOOKS = `arn:aws:secretsmanager:eu-west-2:${ACCOUNT}:secret:kindred/stripe-webhooks-R4t5Y6`;
const SES_REQUEST =
  'aws sesv2 put-account-details --production-access-enabled --mail-type TRANSACTIONAL --website-url https://kindredgiving.org.uk --contact-language EN --region eu-west-2';
const QUOTA_REQUEST =
  'aws service-quotas request-service-quota-increase --service-code lambda --quota-code L-B99A9384 --desired-value 1000 --region eu-west-2';

const prod = (overrides: Record<string, unknown> = {}) =>
  parseStageConfig('prod', {
    production: true,
    account: ACCOUNT,
    region: 'eu-west-2',
    sesSender: 'no-reply@kindredgiving.org.uk',
    mailDomain: 'kindredgiving.org.uk',
    siteDomain: 'kindredgiving.org.uk',
    certificateArn: CERT,
    registerSource: 'api',
    registerApiKeySecretName: 'kindred/charity-commission-api-key',
    stripeSecretArn: STRIPE,
    stripeWebhookSecretsArn: HOOKS,
    alarmEmail: 'alerts@kindredgiving.org.uk',
    ...overrides,
  });

/** Everything in place; each test takes one piece away. */
function healthy(): PreflightPort & { secrets: Set<string>; bootstrapped: Map<string, number> } {
  const secrets = new Set([STRIPE, HOOKS, 'kindred/charity-commission-api-key']);
  const bootstrapped = new Map([
    ['eu-west-2', 21],
    ['us-east-1', 21],
  ]);
  return {
    secrets,
    bootstrapped,
    callerAccount: async () => ACCOUNT,
    bootstrapVersion: async (region) => bootstrapped.get(region),
    certificate: async () => ({
      status: 'ISSUED',
      domains: ['kindredgiving.org.uk', 'www.kindredgiving.org.uk'],
    }),
    secretExists: async (id) => secrets.has(id),
    sesAccount: async (): Promise<SesAccountFacts> => ({
      productionAccessEnabled: true,
      sendingEnabled: true,
    }),
    sesIdentity: async () => ({ verified: true, dkimStatus: 'SUCCESS', mailFromStatus: 'SUCCESS' }),
    lambdaConcurrencyLimit: async () => 1000,
    ownRouteCount: async () => 0,
  };
}

const errors = (findings: Finding[]) => findings.filter((f) => f.level === 'error');
const run = (port: PreflightPort, config = prod()) => runPreflight(port, { stage: 'prod', config });

describe('deploy preflight', () => {
  it('passes when everything is in place, and says what it checked', async () => {
    const findings = await run(healthy());
    expect(errors(findings)).toEqual([]);
    expect(new Set(findings.map((f) => f.check))).toEqual(
      new Set(['account', 'bootstrap', 'certificate', 'secrets', 'ses', 'routes', 'concurrency']),
    );
    expect(formatFindings(findings).failed).toBe(false);
  });

  it('stops a stage whose API stack still holds its routes itself, naming the one-time move', async () => {
    const port = healthy();
    port.ownRouteCount = async (stack) => (stack === 'Kindred-prod-Api' ? 65 : 0);
    const [error] = errors(await run(port));
    expect(error).toMatchObject({ check: 'routes' });
    expect(error?.message).toMatch(/holds 65 routes itself/);
    expect(error?.fix).toMatch(/npx cdk destroy -c stage=prod Kindred-prod-Ops Kindred-prod-Api/);
    port.ownRouteCount = async () => undefined;
    expect(errors(await run(port))).toEqual([]);
  });

  it('names the one command that bootstraps the missing region (us-east-1 for the -Edge stack)', async () => {
    const port = healthy();
    port.bootstrapped.delete('us-east-1');
    const [error] = errors(await run(port));
    expect(error).toMatchObject({
      check: 'bootstrap',
      fix: `npx cdk bootstrap aws://${ACCOUNT}/us-east-1`,
    });
  });

  it('bootstraps both regions in one command, with a custom qualifier, and treats an old version as missing', async () => {
    const port = healthy();
    port.bootstrapped.set('eu-west-2', 3);
    port.bootstrapped.delete('us-east-1');
    const findings = await runPreflight(port, { stage: 'prod', config: prod(), qualifier: 'kindred1' });
    expect(errors(findings)[0]?.fix).toBe(
      `npx cdk bootstrap aws://${ACCOUNT}/eu-west-2 aws://${ACCOUNT}/us-east-1 --qualifier kindred1`,
    );
  });

  it('does not ask for us-east-1 when the stage brings its own web ACL', async () => {
    const port = healthy();
    port.bootstrapped.delete('us-east-1');
    const acl = `arn:aws:wafv2:us-east-1:${ACCOUNT}:global/webacl/kindred/abc`;
    expect(errors(await run(port, prod({ webAclArn: acl })))).toEqual([]);
  });

  it("refuses another account's credentials", async () => {
    const port = { ...healthy(), callerAccount: async () => '999999999999' };
    expect(errors(await run(port))).toEqual([
      expect.objectContaining({ check: 'account', message: expect.stringContaining('999999999999') }),
    ]);
  });

  it('refuses a certificate that is missing, pending, or does not cover the site domain', async () => {
    const missing = { ...healthy(), certificate: async () => undefined };
    expect(errors(await run(missing))[0]?.message).toMatch(/no certificate/);
    const pending = {
      ...healthy(),
      certificate: async () => ({ status: 'PENDING_VALIDATION', domains: ['kindredgiving.org.uk'] }),
    };
    expect(errors(await run(pending))[0]?.message).toMatch(/PENDING_VALIDATION, not ISSUED/);
    const other = { ...healthy(), certificate: async () => ({ status: 'ISSUED', domains: ['example.org'] }) };
    expect(errors(await run(other))[0]?.message).toMatch(/not kindredgiving\.org\.uk/);
  });

  it.each([
    [STRIPE, /Stripe secret key/],
    [HOOKS, /webhook signing secrets/],
    ['kindred/charity-commission-api-key', /Commission API key/],
  ])('refuses a missing secret: %s', async (id, what) => {
    const port = healthy();
    port.secrets.delete(id);
    const found = errors(await run(port));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ check: 'secrets', message: expect.stringMatching(what) });
  });

  it('does not ask for the Commission key with the extract register', async () => {
    const port = healthy();
    port.secrets.delete('kindred/charity-commission-api-key');
    expect(errors(await run(port, prod({ registerSource: 'extract' })))).toEqual([]);
  });

  describe('SES production access, which AWS grants to a verified domain the first deploy creates', () => {
    const sandbox = (review?: SesAccountFacts['review']) => async (): Promise<SesAccountFacts> => ({
      productionAccessEnabled: false,
      sendingEnabled: true,
      ...(review ? { review } : {}),
    });
    const ses = (findings: Finding[]) => findings.filter((f) => f.check === 'ses' && f.level !== 'ok');

    it('warns on the first deploy (no identity yet) and while the identity is unverified, naming the request for later', async () => {
      const first = { ...healthy(), sesAccount: sandbox(), sesIdentity: async () => undefined };
      const findings = await run(first);
      expect(errors(findings)).toEqual([]);
      expect(ses(findings)).toEqual([
        expect.objectContaining({
          level: 'warning',
          message: expect.stringMatching(
            /sandbox.*this deploy creates the identity kindredgiving\.org\.uk.*once it is verified/,
          ),
          fix: SES_REQUEST,
        }),
      ]);
      const unverified = {
        ...first,
        sesIdentity: async () => ({ verified: false, dkimStatus: 'PENDING', mailFromStatus: 'PENDING' }),
      };
      expect(errors(await run(unverified))).toEqual([]);
    });

    it('fails once the identity is verified and nobody has asked, with the exact request', async () => {
      const [error] = errors(await run({ ...healthy(), sesAccount: sandbox() }));
      expect(error).toMatchObject({
        check: 'ses',
        message: expect.stringMatching(/is verified/),
        fix: SES_REQUEST,
      });
      // A failed submission is asked again.
      expect(errors(await run({ ...healthy(), sesAccount: sandbox({ status: 'FAILED' }) }))[0]?.fix).toBe(
        SES_REQUEST,
      );
    });

    it('warns while the request is under review, and fails when AWS denied it', async () => {
      const pending = await run({ ...healthy(), sesAccount: sandbox({ status: 'PENDING', caseId: '1234' }) });
      expect(errors(pending)).toEqual([]);
      expect(ses(pending)[0]?.message).toMatch(/requested \(AWS Support case 1234\) and is under review/);
      const [denied] = errors(await run({ ...healthy(), sesAccount: sandbox({ status: 'DENIED' }) }));
      expect(denied).toMatchObject({ check: 'ses', message: expect.stringMatching(/DENIED/) });
    });

    it('only warns on a development stage', async () => {
      const dev = parseStageConfig('dev', { production: false, sesSender: 'a@example.org' });
      const port = { ...healthy(), sesAccount: sandbox(), callerAccount: async () => '111111111111' };
      const findings = await run(port, dev);
      expect(errors(findings)).toEqual([]);
      expect(ses(findings)[0]).toMatchObject({ level: 'warning' });
    });
  });

  it('warns about an unverified identity or DKIM, and refuses an import of an identity that does not exist', async () => {
    const pending = {
      ...healthy(),
      sesIdentity: async () => ({ verified: false, dkimStatus: 'PENDING', mailFromStatus: 'PENDING' }),
    };
    const findings = await run(pending);
    expect(errors(findings)).toEqual([]);
    expect(findings.find((f) => f.check === 'ses' && f.level === 'warning')?.message).toMatch(/DKIM PENDING/);
    const none = { ...healthy(), sesIdentity: async () => undefined };
    expect(errors(await run(none))).toEqual([]);
    expect(errors(await run(none, prod({ sesIdentity: 'import' })))[0]?.check).toBe('ses');
  });

  it('turns an AWS error (access denied) into a failed check instead of a crash', async () => {
    const port = {
      ...healthy(),
      sesAccount: async () => {
        throw new Error('AccessDeniedException: not allowed');
      },
    };
    const found = errors(await run(port));
    expect(found).toEqual([
      expect.objectContaining({ check: 'ses', message: expect.stringMatching(/AccessDenied/) }),
    ]);
    expect(formatFindings(found).text).toContain('FAIL ses');
  });
});

describe('certificateCovers', () => {
  it('matches exact names and one-level wildcards', () => {
    expect(certificateCovers(['example.org'], 'example.org')).toBe(true);
    expect(certificateCovers(['*.example.org'], 'www.example.org')).toBe(true);
    expect(certificateCovers(['*.example.org'], 'example.org')).toBe(false);
    expect(certificateCovers(['*.example.org'], 'a.b.example.org')).toBe(false);
  });
});

describe('Lambda concurrency', () => {
  const concurrency = (findings: Finding[]) => findings.filter((f) => f.check === 'concurrency');

  it('fails when the reservations of the plan leave fewer than 100 unreserved (a new account: 10), with the Service Quotas request', async () => {
    const port = { ...healthy(), lambdaConcurrencyLimit: async () => 10 };
    const [finding] = concurrency(await run(port, prod({ reservedConcurrency: 'plan' })));
    expect(finding).toMatchObject({ level: 'error', fix: QUOTA_REQUEST });
    // The plan's total grows with the manifest's public reads.
    const planned = totalReserved(reservedConcurrency('plan', routeList));
    expect(planned).toBeGreaterThanOrEqual(120);
    expect(finding?.message).toContain(`reserves ${planned} concurrent executions`);
    expect(finding?.message).toMatch(
      new RegExp(`needs a quota of ${planned + 100}; the quota in eu-west-2 is 10`),
    );
    // Reservations above what 1,000 leaves ask for what they need.
    const [big] = concurrency(
      await run(port, prod({ reservedConcurrency: { 'pre-token-generation': 950 } })),
    );
    expect(big?.fix).toContain('--desired-value 1050 --region eu-west-2');
  });

  it('passes the plan with a quota of 1,000, and warns about a low quota when nothing is reserved', async () => {
    expect(concurrency(await run(healthy(), prod({ reservedConcurrency: 'plan' })))).toMatchObject([
      { level: 'ok' },
    ]);
    const low = { ...healthy(), lambdaConcurrencyLimit: async () => 10 };
    expect(concurrency(await run(low))).toEqual([
      expect.objectContaining({ level: 'warning', fix: QUOTA_REQUEST }),
    ]);
  });

  it('fails, never passes, when the quota cannot be read', async () => {
    const port = {
      ...healthy(),
      lambdaConcurrencyLimit: async (): Promise<number> => {
        throw new Error('AccessDeniedException: lambda:GetAccountSettings');
      },
    };
    expect(errors(await run(port))).toEqual([
      expect.objectContaining({
        check: 'concurrency',
        message: expect.stringMatching(/could not be checked/),
      }),
    ]);
  });
});

describe('wafCountModeUntil', () => {
  const waf = (findings: Finding[]) => findings.filter((f) => f.check === 'waf');
  const at = (until: string) =>
    runPreflight(healthy(), {
      stage: 'prod',
      config: prod({ wafCountModeUntil: until }),
      today: new Date('2026-11-28T12:00:00Z'),
    });

  it('says how long the managed rules only count, and warns about a date too far ahead to be meant', async () => {
    expect(waf(await at('2026-12-28'))).toEqual([
      expect.objectContaining({ level: 'ok', message: expect.stringContaining('(30 days)') }),
    ]);
    expect(waf(await at('2027-06-30'))).toEqual([
      expect.objectContaining({ level: 'warning', message: expect.stringContaining('214 more days') }),
    ]);
    expect(waf(await at('2026-01-01'))).toEqual([expect.objectContaining({ level: 'ok' })]);
    expect(waf(await run(healthy()))).toEqual([]);
  });
});
