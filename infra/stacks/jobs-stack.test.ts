import * as path from 'node:path';
import { type JobDefinition, jobs as jobManifest } from '@shared/jobs';
import { Match, Template } from 'aws-cdk-lib/assertions';
import {
  FOLLOW_MAIL_MAX_RECEIVES,
  FOLLOW_MAIL_TIMEOUT_SECONDS,
  followMailSending,
} from '../constructs/follow-mail';
import { DEFAULT_MAIL_RATE_PER_SECOND } from '../stage-config';
import { fixturesDir, synthApp } from '../testing/synth-app';

const sample: JobDefinition = { id: 'sample', schedule: 'rate(1 hour)', summary: 'A fixture job.' };

/** Properties of a job's function in the template. */
function functionProps(template: Template, logicalId: string): Record<string, unknown> {
  return template.toJSON().Resources[logicalId].Properties;
}

describe('jobs stack', () => {
  it('refuses an empty job manifest (CloudFormation would refuse an empty stack)', () => {
    expect(() => synthApp({ jobs: [] })).toThrow(/job manifest is empty/);
  });

  it('creates one function and one schedule rule per job, with the defaults when the job sets none', () => {
    const { jobs } = synthApp({
      jobs: [sample],
      jobsDir: path.join(fixturesDir, 'jobs'),
      jobCapabilities: { sample: { table: 'readWrite' } },
    });
    const template = Template.fromStack(jobs);

    // The job's, the follow-mail queue's consumer and the discovery cards' (always in this stack).
    template.resourceCountIs('AWS::Lambda::Function', 3);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs24.x',
      Handler: 'index.handler',
      Timeout: 60,
      MemorySize: 512,
      EphemeralStorage: Match.absent(),
      Environment: { Variables: Match.objectLike({ SERVICE_NAME: 'sample', TABLE_NAME: Match.anyValue() }) },
    });
    const fnId = jobs.getLogicalId(jobs.functions.get('sample')!.function.node.defaultChild as never);
    template.resourceCountIs('AWS::Events::Rule', 1);
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 hour)',
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] } })],
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Principal: 'events.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
    });
    // A job that declares only the table gets no managed policy (no media, mail, register or publish rights).
    const roleId = jobs.getLogicalId(jobs.functions.get('sample')!.role.node.defaultChild as never);
    expect(template.toJSON().Resources[roleId].Properties.ManagedPolicyArns).toBeUndefined();
  });

  it('refuses a job that declares no capabilities', () => {
    expect(() =>
      synthApp({ jobs: [sample], jobsDir: path.join(fixturesDir, 'jobs'), jobCapabilities: {} }),
    ).toThrow('Job sample declares no capabilities');
  });
});

describe('jobs stack with the real job manifest', () => {
  const { jobs, stateful } = synthApp();
  const template = Template.fromStack(jobs);
  const refresh = jobs.functions.get('refresh-register');
  const refreshId = jobs.getLogicalId(refresh!.function.node.defaultChild as never);

  it('has one function per manifest job (and the first-deploy trigger provider, and the two consumers)', () => {
    template.resourceCountIs('AWS::Lambda::Function', jobManifest.length + 3);
    expect([...jobs.functions.keys()]).toEqual(jobManifest.map((j) => j.id));
  });

  it('gives refresh-register 3008 MB, 4096 MB of /tmp and 900 s, and runs it daily', () => {
    expect(functionProps(template, refreshId)).toMatchObject({
      MemorySize: 3008,
      EphemeralStorage: { Size: 4096 },
      Timeout: 900,
    });
    // No VPC: it downloads the Commission's extract from the public internet.
    expect(functionProps(template, refreshId).VpcConfig).toBeUndefined();
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: Match.stringLikeRegexp('^cron\\(\\d+ \\d+ \\* \\* \\? \\*\\)$'),
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [refreshId, 'Arn'] } })],
    });
  });

  it('tells refresh-register where to publish the index', () => {
    const variables = (
      functionProps(template, refreshId).Environment as { Variables: Record<string, unknown> }
    ).Variables;
    expect(variables.REGISTER_INDEX_PREFIX).toBe('register');
    const bucketId = stateful.getLogicalId(stateful.registerBucket.node.defaultChild as never);
    expect(JSON.stringify(variables.REGISTER_INDEX_BUCKET)).toContain(bucketId);
  });

  it('attaches the register publish policy to refresh-register only', () => {
    const publishId = stateful.getLogicalId(stateful.registerPublishPolicy.policy.node.defaultChild as never);
    const roles = Object.entries(template.findResources('AWS::IAM::Role'));
    const withPublish = roles.filter(([, r]) =>
      JSON.stringify(r.Properties.ManagedPolicyArns ?? []).includes(publishId),
    );
    expect(withPublish.map(([id]) => id)).toEqual([
      jobs.getLogicalId(refresh!.role.node.defaultChild as never),
    ]);
  });

  it("builds the register index on the first deploy through the job's retry and failure queue", () => {
    template.resourceCountIs('Custom::Trigger', 1);
    const [trigger] = Object.values(template.findResources('Custom::Trigger'));
    expect(trigger?.Properties.InvocationType).toBe('Event');
    expect(trigger?.Properties.ExecuteOnHandlerChange).toBe(false);
    // The unqualified function, whose asynchronous invocation settings are the job's (not a version's).
    expect(trigger?.Properties.HandlerArn).toEqual({ 'Fn::GetAtt': [refreshId, 'Arn'] });
    const failedRunsId = jobs.getLogicalId(jobs.failedRuns.node.defaultChild as never);
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: refreshId },
      Qualifier: '$LATEST',
      MaximumRetryAttempts: 1,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [failedRunsId, 'Arn'] } } },
    });
    // The trigger's provider may invoke exactly that function (the other invoker is Scheduler's, of the publisher).
    const provider = Object.values(template.findResources('AWS::IAM::Role')).find(
      (r) =>
        JSON.stringify(r).includes('lambda:InvokeFunction') &&
        !JSON.stringify(r).includes('scheduler.amazonaws.com'),
    );
    expect(JSON.stringify(provider)).toContain(JSON.stringify({ 'Fn::GetAtt': [refreshId, 'Arn'] }));
  });

  it('has no register trigger when the register is read from the Commission API', () => {
    const { jobs: apiJobs } = synthApp({
      registerSource: 'api',
      registerApiKeySecretName: 'kindred/charity-commission-api-key',
    });
    Template.fromStack(apiJobs).resourceCountIs('Custom::Trigger', 0);
  });
});

describe('the follow-mail queue and its consumer (issue 44, decision 20.13)', () => {
  const { jobs, stateful } = synthApp();
  const template = Template.fromStack(jobs);
  const statefulTemplate = Template.fromStack(stateful);
  const consumer = jobs.followMailSender.fn;
  const consumerId = jobs.getLogicalId(consumer.function.node.defaultChild as never);
  const queueId = stateful.getLogicalId(stateful.followMail.queue.node.defaultChild as never);
  const deadId = stateful.getLogicalId(stateful.followMail.deadLetters.node.defaultChild as never);
  const sending = followMailSending(DEFAULT_MAIL_RATE_PER_SECOND);

  it('encrypts both queues, refuses plain HTTP, and sends a job to the dead letters after its tries', () => {
    for (const id of [queueId, deadId]) {
      expect(statefulTemplate.toJSON().Resources[id].Properties.SqsManagedSseEnabled).toBe(true);
      statefulTemplate.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: id }],
        PolicyDocument: {
          Statement: [
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ],
        },
      });
    }
    expect(statefulTemplate.toJSON().Resources[queueId].Properties.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [deadId, 'Arn'] },
      maxReceiveCount: FOLLOW_MAIL_MAX_RECEIVES,
    });
  });

  it("keeps a received job invisible longer than the consumer's timeout", () => {
    const timeout = functionProps(template, consumerId).Timeout as number;
    const visibility = statefulTemplate.toJSON().Resources[queueId].Properties.VisibilityTimeout as number;
    expect(timeout).toBe(FOLLOW_MAIL_TIMEOUT_SECONDS);
    expect(visibility).toBeGreaterThan(timeout);
  });

  it('reads the queue with partial batch responses, at most as many at once as the workers sharing the rate', () => {
    const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).filter(
      (m) => JSON.stringify(m.Properties.FunctionName) === JSON.stringify({ Ref: consumerId }),
    );
    expect(mappings).toHaveLength(1);
    expect(mappings[0]?.Properties).toMatchObject({
      FunctionName: { Ref: consumerId },
      BatchSize: sending.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: sending.workers },
    });
    // The stateful stack's queue (a cross-stack reference to its ARN).
    expect(JSON.stringify(mappings[0]?.Properties.EventSourceArn)).toContain('FollowMailQueue');
    expect(functionProps(template, consumerId)).toMatchObject({
      Environment: {
        Variables: expect.objectContaining({
          FOLLOW_MAIL_RATE: String(DEFAULT_MAIL_RATE_PER_SECOND),
          FOLLOW_MAIL_WORKERS: String(sending.workers),
          FOLLOW_MAIL_QUEUE_URL: expect.anything(),
          SES_SENDER: expect.any(String),
        }),
      },
    });
  });

  it('queues the weekly digest on Mondays', () => {
    const digest = jobs.functions.get('send-weekly-digest');
    const digestId = jobs.getLogicalId(digest!.function.node.defaultChild as never);
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(0 8 ? * MON *)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [digestId, 'Arn'] } })],
    });
    expect(functionProps(template, digestId)).toMatchObject({
      Environment: { Variables: expect.objectContaining({ FOLLOW_MAIL_QUEUE_URL: expect.anything() }) },
    });
  });
});

describe('the discovery cards stream consumer (issue 45, decision 21.2)', () => {
  const { jobs, stateful } = synthApp();
  const template = Template.fromStack(jobs);
  const consumerId = jobs.getLogicalId(jobs.discoveryCards.fn.function.node.defaultChild as never);
  const deadId = jobs.getLogicalId(jobs.discoveryCards.deadLetters.node.defaultChild as never);

  it('streams keys only from the table, no item data', () => {
    const table = Template.fromStack(stateful).findResources('AWS::DynamoDB::Table');
    expect(Object.values(table).map((t) => t.Properties.StreamSpecification)).toEqual([
      { StreamViewType: 'KEYS_ONLY' },
    ]);
  });

  it("reads the stream filtered to the cards' inputs, one batch per shard, failures split and kept", () => {
    const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).filter(
      (m) => JSON.stringify(m.Properties.FunctionName) === JSON.stringify({ Ref: consumerId }),
    );
    expect(mappings).toHaveLength(1);
    const props = mappings[0]?.Properties;
    expect(props).toMatchObject({
      StartingPosition: 'LATEST',
      ParallelizationFactor: 1,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [deadId, 'Arn'] } } },
    });
    const pattern = JSON.parse(props.FilterCriteria.Filters[0].Pattern);
    expect(pattern.dynamodb.Keys.PK.S).toEqual([{ prefix: 'CHARITY#' }]);
    expect(pattern.dynamodb.Keys.SK.S).toEqual(
      expect.arrayContaining([
        'PROFILE',
        'VERIFICATION',
        'LIVE',
        'PREFS#LOCATIONS',
        'EXPLORE',
        { prefix: 'PAGE#' },
      ]),
    );
  });
});
