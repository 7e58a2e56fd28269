import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { routeList } from '@shared/api/routes';
import type { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { VIEW_COUNTER_ATTRIBUTES } from '../../lambdas/data/analytics';
import type { AppFunction } from '../constructs/app-function';
import { repoRoot } from '../paths';
import { type IdentityOperation, jobCapabilities, routeCapabilities } from '../route-capabilities';
import { apiTemplate, logicalIdOf, synthApp } from '../testing/synth-app';

const { api, jobs, stateful } = synthApp({
  paymentsSecretArn: 'arn:aws:secretsmanager:eu-west-2:123456789012:secret:kindred/stripe-AbCdEf',
});
const statefulJson = Template.fromStack(stateful).toJSON();
const templates = new Map<Stack, ReturnType<Template['toJSON']>>([
  [api, apiTemplate(api).toJSON()],
  [jobs, Template.fromStack(jobs).toJSON()],
]);

type Statement = { Action: string | string[]; Resource: unknown };
const actionsOf = (statements: Statement[]) => statements.flatMap((s) => [s.Action].flat());

/** Every statement of a function's role: its inline policies and the stateful managed policies attached. */
function allowedStatements(stack: Stack, fn: AppFunction): Statement[] {
  const json = templates.get(stack)!;
  const roleId = logicalIdOf(fn.role);
  const inline = Object.values(json.Resources as Record<string, { Type: string; Properties: never }>)
    .filter((r) => r.Type === 'AWS::IAM::Policy')
    .map((r) => r.Properties as { Roles: unknown[]; PolicyDocument: { Statement: Statement[] } })
    .filter((p) => JSON.stringify(p.Roles).includes(`"${roleId}"`))
    .flatMap((p) => p.PolicyDocument.Statement);
  const attached = JSON.stringify(json.Resources[roleId].Properties.ManagedPolicyArns ?? []);
  const managed = Object.entries(
    statefulJson.Resources as Record<string, { Type: string; Properties: never }>,
  )
    .filter(([id, r]) => r.Type === 'AWS::IAM::ManagedPolicy' && attached.includes(id))
    .flatMap(
      ([, r]) => (r.Properties as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument.Statement,
    );
  return [...inline, ...managed];
}

/** Every action a function's role allows. */
const allowedActions = (stack: Stack, fn: AppFunction): string[] => actionsOf(allowedStatements(stack, fn));

const WRITE_OR_ADMIN = [
  /^dynamodb:(PutItem|UpdateItem|DeleteItem|BatchWriteItem)$/,
  /^s3:(PutObject|DeleteObject|ListBucket)/,
  /^cognito-idp:/,
  /^ses:/,
  /^secretsmanager:/,
];

/** The view counter's grant: UpdateItem alone, of `ANALYTICS#*` partitions alone, of its attributes alone. */
const isViewCounter = (s: Statement & { Condition?: Record<string, Record<string, unknown>> }): boolean =>
  JSON.stringify([s.Action].flat()) === '["dynamodb:UpdateItem"]' &&
  JSON.stringify(s.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys']) === '["ANALYTICS#*"]' &&
  JSON.stringify(s.Condition?.['ForAllValues:StringEquals']?.['dynamodb:Attributes']) ===
    JSON.stringify([...VIEW_COUNTER_ATTRIBUTES]);

/** Public routes that only read: every public GET, and the POSTs that only look something up. */
const PUBLIC_READS = [
  ...routeList.filter((r) => r.auth === 'public' && r.method === 'GET').map((r) => r.id),
  'search-charities',
  'get-charity-details',
  'validate-reset-token',
];

describe('least privilege per route (route-capabilities.ts)', () => {
  it('gives the health check and every public read route no write or admin permission', () => {
    expect(PUBLIC_READS).toEqual(
      expect.arrayContaining(['health', 'get-public-charity-page', 'get-sitemap']),
    );
    for (const id of PUBLIC_READS) {
      const statements = allowedStatements(api, api.functions.get(id)!);
      // The public page's view counter (decision 20.20): UpdateItem of the analytics partitions' view counter
      // alone, only for the routes that declare it, and nothing else writes.
      const counters = statements.filter(isViewCounter);
      expect({ id, counters: counters.length }).toEqual({
        id,
        counters: routeCapabilities[id as keyof typeof routeCapabilities].countViews ? 1 : 0,
      });
      const actions = actionsOf(statements.filter((s) => !isViewCounter(s)));
      const bad = actions.filter((a) => WRITE_OR_ADMIN.some((re) => re.test(a)));
      expect({ id, bad }).toEqual({ id, bad: [] });
    }
    // The health check reads one item of the table and nothing else (beyond its own logs and trace segments).
    const health = allowedActions(api, api.functions.get('health')!).filter(
      (a) => !a.startsWith('logs:') && !/^xray:Put(TraceSegments|TelemetryRecords)$/.test(a),
    );
    expect(health.length).toBeGreaterThan(0);
    expect(
      health.every((a) =>
        /^dynamodb:(GetItem|BatchGetItem|Query|Scan|ConditionCheckItem|DescribeTable|GetRecords|GetShardIterator)$/.test(
          a,
        ),
      ),
    ).toBe(true);
  });

  it('grants each function exactly the Cognito operations its route declares', () => {
    for (const route of routeList) {
      const declared = (routeCapabilities[route.id as keyof typeof routeCapabilities].identity ?? []).map(
        (op) => `cognito-idp:${op}`,
      );
      const granted = allowedActions(api, api.functions.get(route.id)!).filter((a) =>
        a.startsWith('cognito-idp:'),
      );
      expect({ id: route.id, ops: [...new Set(granted)].sort() }).toEqual({
        id: route.id,
        ops: [...new Set(declared)].sort(),
      });
    }
  });

  it('gives only the routes that mail the send permission, and only media routes media', () => {
    for (const route of routeList) {
      const caps = routeCapabilities[route.id as keyof typeof routeCapabilities];
      const actions = allowedActions(api, api.functions.get(route.id)!);
      expect({ id: route.id, mail: actions.includes('ses:SendEmail') }).toEqual({
        id: route.id,
        mail: !!caps.mail,
      });
      expect({
        id: route.id,
        media: actions.some((a) => a.startsWith('s3:') && a !== 's3:GetObject'),
      }).toEqual({
        id: route.id,
        // The exports policy writes too, to its own bucket (checked below).
        media: !!caps.media || !!caps.exports,
      });
    }
  });

  it('gives the exports policy (writes to the exports bucket) only to the routes that declare exports', () => {
    for (const route of routeList) {
      const caps = routeCapabilities[route.id as keyof typeof routeCapabilities];
      const actions = allowedActions(api, api.functions.get(route.id)!);
      expect({ id: route.id, exports: actions.includes('s3:AbortMultipartUpload') }).toEqual({
        id: route.id,
        exports: !!caps.exports,
      });
    }
  });

  it('grants no Cognito operation the code never calls, and every one it calls somewhere', () => {
    const sources = ['lambdas/adapters', 'lambdas/jobs', 'lambdas/triggers', 'lambdas/domain'].flatMap(
      (dir) =>
        readdirSync(path.join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
          .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
          .map((f) => readFileSync(path.join(repoRoot, dir, f), 'utf8')),
    );
    const called = new Set(
      sources.flatMap((s) => [...s.matchAll(/new (Admin\w+|ListUsers)Command\(/g)].map((m) => m[1])),
    );
    const granted = new Set<string>();
    for (const [stack, fns] of [
      [api, [...api.functions.values(), api.seedData, api.mailSuppressions.fn]],
      [jobs, [...jobs.functions.values()]],
    ] as const) {
      for (const fn of fns) {
        for (const a of allowedActions(stack, fn)) if (a.startsWith('cognito-idp:')) granted.add(a.slice(12));
      }
    }
    for (const never of ['AdminUpdateUserAttributes', 'ListUsers', 'AdminInitiateAuth']) {
      expect(called.has(never)).toBe(false);
      expect(granted.has(never)).toBe(false);
    }
    expect([...granted].sort()).toEqual([...called].sort());
    const declared = new Set<IdentityOperation>(
      [...Object.values(routeCapabilities), ...Object.values(jobCapabilities)].flatMap(
        (c) => c.identity ?? [],
      ),
    );
    expect([...declared].sort()).toEqual([...called].sort());
  });

  it('gives the Stripe secret to exactly the routes that declare it', () => {
    for (const route of routeList) {
      const declared =
        routeCapabilities[route.id as keyof typeof routeCapabilities].secrets?.includes('payments');
      const granted = allowedActions(api, api.functions.get(route.id)!).includes(
        'secretsmanager:GetSecretValue',
      );
      expect({ id: route.id, granted }).toEqual({ id: route.id, granted: !!declared });
    }
  });

  it("keeps the client-error reporter to its own rate counters (LeadingKeys), nothing of anyone else's", () => {
    const json = templates.get(api)!;
    const fn = api.functions.get('report-client-error')!;
    const roleId = logicalIdOf(fn.role);
    const statements = Object.values(json.Resources as Record<string, { Type: string; Properties: never }>)
      .filter((r) => r.Type === 'AWS::IAM::Policy')
      .map(
        (r) => r.Properties as { Roles: unknown[]; PolicyDocument: { Statement: Record<string, unknown>[] } },
      )
      .filter((p) => JSON.stringify(p.Roles).includes(`"${roleId}"`))
      .flatMap((p) => p.PolicyDocument.Statement)
      .filter((st) => JSON.stringify(st.Action).includes('dynamodb:'));
    expect(statements).toHaveLength(1);
    expect(statements[0]?.Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RATE#CLIENT_ERROR#*'] },
    });
    expect(JSON.stringify(statements[0]?.Resource)).not.toContain('/index/');
  });

  it('lets only the functions that declare followQueue send to the follow-mail queue, and only its consumer receive', () => {
    const consumer = jobs.followMailSender.fn;
    const everyFunction: [Stack, string, AppFunction][] = [
      ...[...api.functions].map(([id, fn]): [Stack, string, AppFunction] => [api, `route ${id}`, fn]),
      [api, 'seed-data', api.seedData],
      [api, 'origin-digests', api.originDigests],
      [api, 'record-mail-suppression', api.mailSuppressions.fn],
      ...[...jobs.functions].map(([id, fn]): [Stack, string, AppFunction] => [jobs, `job ${id}`, fn]),
      [jobs, 'send-follow-mail', consumer],
    ];
    const declares = (name: string) => {
      if (name === 'send-follow-mail') return true;
      const [kind, id] = name.split(' ') as [string, string];
      const caps =
        kind === 'route' ? routeCapabilities[id as keyof typeof routeCapabilities] : jobCapabilities[id];
      return !!caps?.followQueue;
    };
    // The queue's logical id, in its own stack's policy and in the other stacks' cross-stack references.
    const queueId = logicalIdOf(stateful.followMail.queue);
    const senders: string[] = [];
    for (const [stack, name, fn] of everyFunction) {
      const onQueue = allowedStatements(stack, fn).filter((st) =>
        JSON.stringify(st.Resource).includes(queueId),
      );
      const sqs = actionsOf(onQueue);
      const receives = sqs.some((a) => a !== 'sqs:SendMessage');
      expect({ name, receives }).toEqual({ name, receives: fn === consumer });
      expect({ name, sends: sqs.includes('sqs:SendMessage') }).toEqual({ name, sends: declares(name) });
      if (sqs.includes('sqs:SendMessage')) senders.push(name);
    }
    // The announcers (publishing a post now or at its time), the weekly digest and the consumer's fan-out.
    expect(senders.sort()).toEqual(
      [
        'job publish-due-posts',
        'job send-weekly-digest',
        'route create-post',
        'route update-post',
        'send-follow-mail',
      ].sort(),
    );
    // The send policy: SendMessage (SendMessageBatch's permission too) on that one queue, nothing else.
    const send = statefulJson.Resources[logicalIdOf(stateful.followMail.sendPolicy)].Properties as {
      PolicyDocument: { Statement: Statement[] };
    };
    expect(send.PolicyDocument.Statement).toEqual([
      expect.objectContaining({
        Action: 'sqs:SendMessage',
        Resource: { 'Fn::GetAtt': [logicalIdOf(stateful.followMail.queue), 'Arn'] },
      }),
    ]);
  });

  it('lets the upload signer write only under incoming/ of the media bucket', () => {
    const upload = Object.values(
      statefulJson.Resources as Record<string, { Type: string; Properties: never }>,
    )
      .filter((r) => r.Type === 'AWS::IAM::ManagedPolicy')
      .map((r) => r.Properties as { Description?: string; PolicyDocument: { Statement: Statement[] } })
      .find((p) => p.Description?.includes('presigned POST'));
    expect(upload).toBeDefined();
    const resources = JSON.stringify(upload?.PolicyDocument.Statement.map((st) => st.Resource));
    expect(resources).toContain('/incoming/*');
    expect(resources).not.toMatch(/"\/\*"/);
  });
});
