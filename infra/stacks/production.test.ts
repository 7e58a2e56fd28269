/**
 * Issue 34, a first production deploy: one synthesis of a production-shaped stage (custom domain, mail domain,
 * hosted zone, HTTPS alarm endpoint), read by every assertion below.
 */

import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getRoute, routeList } from '@shared/api/routes';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { ORIGIN_DIGESTS_ENV } from '../../lambdas/lib/edge';
import { PRE_TOKEN_GENERATION, reservedConcurrency } from '../concurrency';
import { COGNITO_BACKEND_SECRET_REVISION_ENV } from '../constructs/backend-access';
import { BACKEND_SECRET_REVISION_PARAMETER } from '../constructs/user-pool-firewall';
import { COSTLY_ROUTE_LIMITS, costlyRouteRuleName } from '../constructs/waf-rules';
import { routeCapabilities } from '../route-capabilities';
import { apiTemplate, logicalIdOf, synthApp, validationViolations } from '../testing/synth-app';
import { SITE_MANAGED_RULE_GROUPS } from './edge-stack';
import { BACKUP_RETENTION_DAYS, MEDIA_NONCURRENT_DAYS } from './stateful-stack';
import { ORIGIN_SECRET_VERSION_HEADER, ORIGIN_SECRET_VERSION_PARAMETER } from './web-stack';

const zone = { id: 'Z0123456789ABCDEFGHIJ', name: 'kindredgiving.org.uk' };
const synthesized = synthApp({
  production: true,
  sesSender: 'no-reply@kindredgiving.org.uk',
  mailDomain: 'kindredgiving.org.uk',
  siteDomain: 'kindredgiving.org.uk',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
  hostedZone: zone,
  alarmEmail: 'alerts@kindredgiving.org.uk',
  alarmHttpsEndpoint: 'https://hooks.example.org/sns',
  reservedConcurrency: 'plan',
  wafManagedRulesCountOnly: true,
});
const { stateful, web, api, ops, edge, assembly } = synthesized;
const edgeT = Template.fromStack(edge!);
const statefulT = Template.fromStack(stateful);
const webT = Template.fromStack(web);
const apiT = apiTemplate(api);
const apiParentT = Template.fromStack(api);
const opsT = Template.fromStack(ops);
const json = (value: unknown) => JSON.stringify(value);

describe('production stage (issue 34)', () => {
  it('is clean under cdk-nag (AwsSolutions and Serverless)', () => {
    expect(validationViolations(assembly)).toEqual([]);
  });

  it("passes cfn-lint, CloudFormation's own linter, but for its known false positives (issue 43)", () => {
    // Known false positives, linter lag, each checked by hand (ignore nothing else):
    const KNOWN: Record<string, string> = {
      // Fn::GetStackOutput (the cross-region read of the site's WAF ARN) is valid; the linter types it as string.
      E1017: 'Fn::GetStackOutput is not of type string',
      // AWS::CloudWatch::Dashboard has taken Tags since 2024; the linter's schema lags.
      E3002: 'Tags on AWS::CloudWatch::Dashboard',
      // A warning, not a refusal: CDK adds DependsOn on a function's role next to the GetAtt that implies it.
      W3005: "CDK's redundant DependsOn on a function's role",
    };
    const version = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' });
    if (version.error)
      throw new Error(
        'cfn-lint is not installed: pip install cfn-lint (it is on the CI image), then run again',
      );
    const templates = readdirSync(assembly.directory)
      .filter((name) => name.endsWith('.template.json'))
      .map((name) => path.join(assembly.directory, name));
    expect(templates.length).toBeGreaterThanOrEqual(8);
    const run = spawnSync('cfn-lint', ['--format', 'parseable', ...templates], { encoding: 'utf8' });
    const findings = run.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => ({ rule: line.split(':')[5] ?? line, line: path.basename(line) }));
    expect(findings.filter((f) => !(f.rule in KNOWN)).map((f) => f.line)).toEqual([]);
  }, 120_000);

  it('gives every IAM resource a description IAM accepts (no typographic quotes: IAM refuses the create)', () => {
    // IAM's pattern for a role's (and a policy's) Description; cfn-lint E3031. One typographic apostrophe
    // made -Api roll back (issue 43).
    const iamAccepts = (text: string) =>
      [...text].every((ch) => {
        const c = ch.codePointAt(0) as number;
        return c === 0x09 || c === 0x0a || c === 0x0d || (c >= 0x20 && c <= 0x7e) || (c >= 0xa1 && c <= 0xff);
      });
    const templates = [statefulT, webT, apiT, apiParentT, opsT, edgeT];
    const descriptions = templates.flatMap((t) =>
      Object.entries(t.toJSON().Resources ?? {}).flatMap(([id, resource]) => {
        const r = resource as { Type: string; Properties?: { Description?: unknown } };
        return r.Type.startsWith('AWS::IAM::') && typeof r.Properties?.Description === 'string'
          ? [{ id, description: r.Properties.Description }]
          : [];
      }),
    );
    expect(descriptions.length).toBeGreaterThan(3);
    expect(descriptions.filter((d) => !iamAccepts(d.description))).toEqual([]);
  });

  it('subscribes the alarm email and the HTTPS endpoint to the alarm topic', () => {
    opsT.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'alerts@kindredgiving.org.uk',
    });
    opsT.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'https',
      Endpoint: 'https://hooks.example.org/sns',
    });
  });

  it('alarms on MailFailures for every function that may send mail, and none other', () => {
    const mailing = Object.entries(routeCapabilities)
      .filter(([, caps]) => caps.mail)
      .map(([id]) => id);
    expect(mailing.length).toBeGreaterThan(0);
    const alarms = Object.values(
      opsT.findResources('AWS::CloudWatch::Alarm', {
        Properties: { MetricName: 'MailFailures' },
      }),
    ).map((a) => a.Properties as { Namespace: string; Dimensions: { Value: string }[]; Threshold: number });
    const services = alarms.map((a) => a.Dimensions[0]?.Value);
    for (const id of mailing) expect(services).toContain(id);
    expect(services).not.toContain('health');
    expect(alarms.every((a) => a.Namespace === 'Kindred' && a.Threshold === 1)).toBe(true);
  });

  it('outputs the DKIM, MAIL FROM and DMARC records and publishes them in the hosted zone', () => {
    const outputs = Object.keys(statefulT.toJSON().Outputs);
    for (const key of ['DnsDkim1', 'DnsDkim2', 'DnsDkim3', 'DnsMailFromMx', 'DnsMailFromSpf', 'DnsDmarc']) {
      expect(outputs).toContain(key);
    }
    statefulT.resourceCountIs('AWS::Route53::RecordSet', 6);
    statefulT.hasResourceProperties('AWS::Route53::RecordSet', {
      HostedZoneId: zone.id,
      Type: 'MX',
      Name: 'mail.kindredgiving.org.uk.',
      ResourceRecords: [`10 feedback-smtp.eu-west-2.amazonses.com`],
    });
    statefulT.hasResourceProperties('AWS::Route53::RecordSet', {
      Type: 'TXT',
      Name: '_dmarc.kindredgiving.org.uk.',
    });
    const cnames = Object.values(
      statefulT.findResources('AWS::Route53::RecordSet', { Properties: { Type: 'CNAME' } }),
    );
    expect(cnames).toHaveLength(3);
    // The DKIM names are SES's full names, never with the zone appended twice.
    expect(json(cnames)).toContain('DkimDNSTokenName1');
    expect(json(cnames)).not.toContain('kindredgiving.org.uk.kindredgiving.org.uk');
  });

  it('retains the SES identity and configuration set; RetainExceptOnCreate on the data', () => {
    // Retained when removed or replaced; deleted only by the rollback of the deploy that created them.
    const types = ['AWS::SES::EmailIdentity', 'AWS::SES::ConfigurationSet', 'AWS::DynamoDB::Table'];
    for (const type of [...types, 'AWS::Cognito::UserPool', 'AWS::S3::Bucket', 'AWS::Backup::BackupVault']) {
      const resources = Object.values(statefulT.findResources(type));
      expect({ type, found: resources.length > 0 }).toEqual({ type, found: true });
      for (const resource of resources) {
        expect(resource).toMatchObject({
          DeletionPolicy: 'RetainExceptOnCreate',
          UpdateReplacePolicy: 'Retain',
        });
      }
    }
  });

  it('backs the table up daily for 35 days, and keeps replaced media as noncurrent versions for a while', () => {
    // Names of their own (issue 43): the stage's plan, and a retained vault named for this creation of the
    // stack, so a second stage, or the stage re-created after a deletion, meets neither.
    statefulT.hasResourceProperties('AWS::Backup::BackupVault', {
      BackupVaultName: {
        'Fn::Join': ['', ['Kindred-test-Stateful-', Match.objectLike({ 'Fn::Select': Match.anyValue() })]],
      },
    });
    statefulT.hasResourceProperties('AWS::Backup::BackupPlan', {
      BackupPlan: {
        BackupPlanName: 'Kindred-test-Stateful-daily',
        BackupPlanRule: [
          Match.objectLike({
            ScheduleExpression: 'cron(0 3 * * ? *)',
            Lifecycle: { DeleteAfterDays: BACKUP_RETENTION_DAYS },
          }),
        ],
      },
    });
    const tableId = stateful.getLogicalId(stateful.table.node.defaultChild as never);
    statefulT.hasResourceProperties('AWS::Backup::BackupSelection', {
      BackupSelection: Match.objectLike({ Resources: [{ 'Fn::GetAtt': [tableId, 'Arn'] }] }),
    });
    const media =
      statefulT.toJSON().Resources[stateful.getLogicalId(stateful.mediaBucket.node.defaultChild as never)];
    expect(media.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(json(media.Properties.LifecycleConfiguration)).toContain(
      `"NoncurrentVersionExpiration":{"NoncurrentDays":${MEDIA_NONCURRENT_DAYS}}`,
    );
  });

  it('publishes the site as alias A and AAAA records, apex and www, and serves www as a redirect', () => {
    for (const type of ['A', 'AAAA']) {
      for (const name of ['kindredgiving.org.uk.', 'www.kindredgiving.org.uk.']) {
        webT.hasResourceProperties('AWS::Route53::RecordSet', {
          Type: type,
          Name: name,
          AliasTarget: Match.objectLike({
            DNSName: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Distribution'), 'DomainName'] },
          }),
        });
      }
    }
    webT.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ Aliases: ['kindredgiving.org.uk', 'www.kindredgiving.org.uk'] }),
    });
    const [fn] = Object.values(webT.findResources('AWS::CloudFront::Function')).map(
      (f) => f.Properties as { FunctionCode: string },
    );
    const handler = new Function(`${fn?.FunctionCode}; return handler;`)() as (e: unknown) => {
      statusCode?: number;
      headers?: { location: { value: string } };
    };
    const answer = handler({
      request: { uri: '/charities', headers: { host: { value: 'www.kindredgiving.org.uk' } } },
    });
    expect(answer).toMatchObject({
      statusCode: 301,
      headers: { location: { value: 'https://kindredgiving.org.uk/charities' } },
    });
  });

  it('makes a rotation re-read the origin secret: a version parameter in the distribution and every function', () => {
    for (const t of [webT, apiParentT]) {
      expect(t.toJSON().Parameters[ORIGIN_SECRET_VERSION_PARAMETER]).toMatchObject({ Type: 'String' });
    }
    expect(json(webT.toJSON())).toContain(ORIGIN_SECRET_VERSION_HEADER);
    // The API stack's parameter reaches each route shard as a nested-stack parameter of the same value.
    const passedOn = (shardParameter: string) =>
      Object.values(apiParentT.findResources('AWS::CloudFormation::Stack')).every(
        (nested) =>
          json(nested.Properties.Parameters?.[shardParameter]) ===
          json({ Ref: ORIGIN_SECRET_VERSION_PARAMETER }),
      );
    // The digests resource re-reads the secret when the revision changes; each function gets its answer.
    const [digestsId, digests] =
      Object.entries(apiParentT.findResources('Custom::OriginSecretDigests'))[0] ?? [];
    expect(json(digests?.Properties.Revision)).toBe(json({ Ref: ORIGIN_SECRET_VERSION_PARAMETER }));
    const passedDigests = (shardParameter: string) =>
      Object.values(apiParentT.findResources('AWS::CloudFormation::Stack')).every(
        (nested) =>
          json(nested.Properties.Parameters?.[shardParameter]) ===
          json({ 'Fn::GetAtt': [digestsId, 'Digests'] }),
      );
    for (const fn of api.functions.values()) {
      const props = apiT.toJSON().Resources[logicalIdOf(fn.function)].Properties;
      const vars = props.Environment.Variables;
      expect(passedDigests((vars[ORIGIN_DIGESTS_ENV] as { Ref: string }).Ref)).toBe(true);
      expect(json(vars[ORIGIN_DIGESTS_ENV])).not.toContain('{{resolve:');
    }
    // A version is a snapshot: the revision is in each published version's description too, so a rotation
    // publishes new versions and the live alias moves to ones holding the new secret.
    for (const shard of api.shards) {
      for (const [id, release] of shard.releases) {
        const version = apiT.toJSON().Resources[logicalIdOf(release.version)];
        const refs = [...json(version.Properties.Description).matchAll(/\{"Ref":"(\w+)"\}/g)].map(
          (m) => m[1],
        );
        expect({ id, passed: refs.length >= 1 && passedOn(refs[0] as string) }).toEqual({
          id,
          passed: true,
        });
      }
    }
  });

  it('makes a rotation of the backend header re-read it: a revision in the firewall and the functions that send it', () => {
    const userTokenCalls = Object.keys(routeCapabilities).filter(
      (id) => routeCapabilities[id as keyof typeof routeCapabilities]?.userTokenCalls,
    );
    expect(userTokenCalls.length).toBeGreaterThan(0);
    for (const t of [statefulT, apiParentT]) {
      expect(t.toJSON().Parameters[BACKEND_SECRET_REVISION_PARAMETER]).toMatchObject({ Type: 'String' });
    }
    const [acl] = Object.values(statefulT.findResources('AWS::WAFv2::WebACL'));
    expect(json(acl?.Properties.Description)).toContain(json({ Ref: BACKEND_SECRET_REVISION_PARAMETER }));
    const passedOn = (shardParameter: string) =>
      Object.values(apiParentT.findResources('AWS::CloudFormation::Stack')).some(
        (nested) =>
          json(nested.Properties.Parameters?.[shardParameter]) ===
          json({ Ref: BACKEND_SECRET_REVISION_PARAMETER }),
      );
    for (const shard of api.shards) {
      for (const [id, release] of shard.releases) {
        const fn = apiT.toJSON().Resources[logicalIdOf(release.version)].Properties;
        const vars =
          apiT.toJSON().Resources[logicalIdOf(shard.functions.get(id)?.function as never)].Properties
            .Environment.Variables;
        const revision = vars[COGNITO_BACKEND_SECRET_REVISION_ENV] as { Ref: string } | undefined;
        const sends = userTokenCalls.includes(id);
        expect({ id, revision: revision !== undefined && passedOn(revision.Ref) }).toEqual({
          id,
          revision: sends,
        });
        const refs = [...json(fn.Description).matchAll(/\{"Ref":"(\w+)"\}/g)].map((m) => m[1] as string);
        expect({ id, inVersion: refs.some(passedOn) }).toEqual({ id, inVersion: sends });
      }
    }
  });

  it("keeps every template far under CloudFormation's 60 dynamic references, however many routes (issue 43)", () => {
    // CloudFormation refuses a template with more than 60. The route functions hold the origin secret's
    // digests (a plain value), so a shard's count is its routes that call Cognito with the backend secret.
    const BUDGET = 20;
    const counts = readdirSync(assembly.directory)
      .filter((name) => name.endsWith('.template.json'))
      .map((name) => ({
        name,
        refs: (readFileSync(path.join(assembly.directory, name), 'utf8').match(/\{\{resolve:/g) ?? []).length,
      }));
    expect(counts.filter((c) => c.refs > BUDGET)).toEqual([]);
    for (const shard of api.shards) {
      const template = json(Template.fromStack(shard).toJSON());
      const withBackendSecret = [...shard.functions.keys()].filter(
        (id) => routeCapabilities[id as keyof typeof routeCapabilities]?.userTokenCalls,
      );
      expect((template.match(/\{\{resolve:/g) ?? []).length).toBe(withBackendSecret.length);
    }
  });

  it('leaves no function to make its own log group (it would never expire, and can race the stack): issue 43', () => {
    const templates = readdirSync(assembly.directory).filter((name) => name.endsWith('.template.json'));
    let functions = 0;
    for (const name of templates) {
      const template = JSON.parse(readFileSync(path.join(assembly.directory, name), 'utf8'));
      const groups = new Set(
        Object.entries(template.Resources as Record<string, { Type: string }>)
          .filter(([, r]) => r.Type === 'AWS::Logs::LogGroup')
          .map(([id]) => id),
      );
      for (const [id, r] of Object.entries(
        template.Resources as Record<string, { Type: string; Properties: Record<string, any> }>,
      )) {
        if (r.Type !== 'AWS::Lambda::Function') continue;
        functions += 1;
        const ref = r.Properties.LoggingConfig?.LogGroup?.Ref as string | undefined;
        expect({ name, id, ownGroup: ref !== undefined && groups.has(ref) }).toEqual({
          name,
          id,
          ownGroup: true,
        });
      }
    }
    expect(functions).toBeGreaterThan(routeList.length);
  });

  describe('fair limits (item 6)', () => {
    type Rule = { Name: string; Action?: unknown; OverrideAction?: unknown; Statement: Record<string, any> };
    const [siteAcl] = Object.values(edgeT.findResources('AWS::WAFv2::WebACL'));
    const siteRules = siteAcl?.Properties.Rules as Rule[];

    it('limits each address on each costly public route, matched by the method and path of the manifest', () => {
      for (const id of [
        'register-charity',
        'send-password-reset',
        'register-donor',
        'create-donation',
        'search-charities',
      ])
        expect(Object.keys(COSTLY_ROUTE_LIMITS)).toContain(id);
      for (const [id, limit] of Object.entries(COSTLY_ROUTE_LIMITS)) {
        const route = getRoute(id);
        const rule = siteRules.find((r) => r.Name === costlyRouteRuleName(id));
        expect(rule).toMatchObject({
          Action: { Block: {} },
          Statement: {
            RateBasedStatement: {
              Limit: limit,
              AggregateKeyType: 'IP',
              ScopeDownStatement: {
                AndStatement: {
                  Statements: [
                    { ByteMatchStatement: { FieldToMatch: { Method: {} }, SearchString: route.method } },
                    { ByteMatchStatement: { FieldToMatch: { UriPath: {} }, SearchString: route.path } },
                  ],
                },
              },
            },
          },
        });
      }
      expect(getRoute('create-donation').path).toBe('/api/donations');
    });

    it('counts with the managed rule groups while the stage is in count mode, and logs every request', () => {
      for (const name of SITE_MANAGED_RULE_GROUPS)
        expect(siteRules.find((r) => r.Name === name)?.OverrideAction).toEqual({ Count: {} });
      // Rate rules block from day one.
      expect(siteRules.find((r) => r.Name === 'RateLimitPerAddress')?.Action).toEqual({ Block: {} });
      // Names end with the stack's creation's suffix (creationSuffix): a re-created stage meets none of them.
      const rendered = (value: unknown) =>
        ((value as { 'Fn::Join'?: [string, unknown[]] } | undefined)?.['Fn::Join']?.[1] ?? [value])
          .map((part) =>
            typeof part === 'string' ? part : String(json(part)).includes('AWS::StackId') ? '<id>' : '?',
          )
          .join('');
      const siteLogs = Object.values(edgeT.findResources('AWS::Logs::LogGroup')).map((g) => g.Properties);
      expect(siteLogs.map((g) => [rendered(g.LogGroupName), g.RetentionInDays])).toContainEqual([
        'aws-waf-logs-test-site-<id>',
        90,
      ]);
      const [logging] = Object.values(edgeT.findResources('AWS::WAFv2::LoggingConfiguration'));
      expect(rendered(logging?.Properties.LogDestinationConfigs[0])).toBe(
        'arn:aws:logs:us-east-1:123456789012:log-group:aws-waf-logs-test-site-<id>',
      );
      expect(logging?.Properties.RedactedFields).toContainEqual({ SingleHeader: { Name: 'authorization' } });
      const [poolAcl] = Object.values(statefulT.findResources('AWS::WAFv2::WebACL'));
      const poolCommon = (poolAcl!.Properties.Rules as Rule[]).find(
        (r) => r.Name === 'AWSManagedRulesCommonRuleSet',
      );
      expect(poolCommon?.OverrideAction).toEqual({ Count: {} });
      const poolLogs = Object.values(statefulT.findResources('AWS::Logs::LogGroup'));
      expect(poolLogs.map((g) => rendered(g.Properties.LogGroupName))).toContain(
        'aws-waf-logs-test-userpool-<id>',
      );
    });

    it('reserves concurrency by the plan: the pre-token trigger its own, the public reads capped', () => {
      const plan = reservedConcurrency('plan', routeList);
      const preToken = stateful.getLogicalId(stateful.preTokenGeneration.function.node.defaultChild as never);
      expect(statefulT.toJSON().Resources[preToken].Properties.ReservedConcurrentExecutions).toBe(
        plan.get(PRE_TOKEN_GENERATION),
      );
      for (const [id, fn] of api.functions) {
        const props = apiT.toJSON().Resources[logicalIdOf(fn.function)].Properties;
        expect({ id, reserved: props.ReservedConcurrentExecutions }).toEqual({ id, reserved: plan.get(id) });
      }
    });
  });

  it("keeps every stack, nested route shards included, under CloudFormation's 500 resources", () => {
    const counts = Object.fromEntries<number>([
      ...assembly.stacks.map(
        (stack) => [stack.stackName, Object.keys(stack.template.Resources ?? {}).length] as const,
      ),
      ...api.shards.map(
        (shard) =>
          [shard.node.path, Object.keys(Template.fromStack(shard).toJSON().Resources).length] as const,
      ),
    ]);
    expect(Object.keys(counts)).toContain('Kindred-test-Api/RoutesMoney');
    for (const [name, count] of Object.entries(counts))
      expect({ name, count: Math.min(count, 499) }).toEqual({ name, count });
    // The routes moved to the shards (about 11 resources each, decision 18.10): the API stack itself is small.
    expect(counts['Kindred-test-Api']).toBeLessThan(100);
  });
});
