/**
 * Decision 20.1: each scheduled post's one-off schedule. The grants are scoped: Scheduler alone may assume the
 * invoke role, for the posts group alone, to invoke the publisher alone; only the post routes that declare
 * `postSchedules` may create schedules, in that group alone, passing that role alone.
 */
import { POST_PUBLISHER_JOB } from '@shared/jobs';
import type { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { POST_SCHEDULE_ENV } from '../../lambdas/adapters/scheduler';
import type { AppFunction } from '../constructs/app-function';
import { jobCapabilities, routeCapabilities } from '../route-capabilities';
import { apiTemplate, logicalIdOf, synthApp } from '../testing/synth-app';

const { api, jobs, stateful } = synthApp();
const jobsJson = Template.fromStack(jobs).toJSON();
const templates = new Map<Stack, Record<string, { Type: string; Properties: Record<string, unknown> }>>([
  [api, apiTemplate(api).toJSON().Resources],
  [jobs, jobsJson.Resources],
  [stateful, Template.fromStack(stateful).toJSON().Resources],
]);
const schedules = jobs.postSchedules!;
const publisher = jobs.functions.get(POST_PUBLISHER_JOB)!;
const GROUP = 'Kindred-test-Jobs-posts';

type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown; Sid?: string };

/** A function's role: its properties and the statements of the inline policies attached to it. */
function roleOf(stack: Stack, fn: AppFunction) {
  const resources = templates.get(stack)!;
  const roleId = logicalIdOf(fn.role);
  const inline = Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy')
    .map((r) => r.Properties as { Roles: unknown[]; PolicyDocument: { Statement: Statement[] } })
    .filter((p) => JSON.stringify(p.Roles).includes(`"${roleId}"`))
    .flatMap((p) => p.PolicyDocument.Statement);
  return { props: resources[roleId]!.Properties, inline };
}

describe('scheduled posts: one-off schedules (decision 20.1)', () => {
  it('makes one schedule group of the stage, in the jobs stack beside the publisher', () => {
    Template.fromStack(jobs).resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    expect(jobsJson.Resources[logicalIdOf(schedules.group)].Properties.Name).toBe(GROUP);
    expect(schedules.access.groupName).toBe(GROUP);
  });

  it('lets Scheduler alone assume the invoke role, for the posts group only, to invoke the publisher only', () => {
    const role = jobsJson.Resources[logicalIdOf(schedules.role)].Properties;
    expect(role.AssumeRolePolicyDocument.Statement).toEqual([
      {
        Action: 'sts:AssumeRole',
        Effect: 'Allow',
        Principal: { Service: 'scheduler.amazonaws.com' },
        Condition: {
          StringEquals: { 'aws:SourceAccount': '123456789012' },
          ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [logicalIdOf(schedules.group), 'Arn'] } },
        },
      },
    ]);
    expect(role.Policies).toEqual([
      {
        PolicyName: 'InvokePublisher',
        PolicyDocument: {
          Version: '2012-10-17',
          Statement: [
            {
              Sid: 'InvokePublisher',
              Effect: 'Allow',
              Action: 'lambda:InvokeFunction',
              Resource: { 'Fn::GetAtt': [logicalIdOf(publisher.function), 'Arn'] },
            },
          ],
        },
      },
    ]);
    expect(role.ManagedPolicyArns).toBeUndefined();
    // No other policy is attached to it: the one IAM resource naming it is the create policy (PassRole).
    const roleId = logicalIdOf(schedules.role);
    const attached = Object.values(jobsJson.Resources as Record<string, { Type: string; Properties: never }>)
      .filter((r) => r.Type.startsWith('AWS::IAM::') && r.Type !== 'AWS::IAM::Role')
      .filter((r) => JSON.stringify(r.Properties).includes(`"${roleId}"`));
    expect(attached).toHaveLength(1);
  });

  it('grants CreateSchedule in the posts group alone and PassRole of the invoke role alone, to Scheduler alone', () => {
    const policy = jobsJson.Resources[logicalIdOf(schedules.createPolicy)].Properties;
    expect(policy.PolicyDocument.Statement).toEqual([
      {
        Sid: 'CreatePostSchedules',
        Effect: 'Allow',
        Action: 'scheduler:CreateSchedule',
        Resource: `arn:aws:scheduler:eu-west-2:123456789012:schedule/${GROUP}/*`,
      },
      {
        Sid: 'PassInvokeRole',
        Effect: 'Allow',
        Action: 'iam:PassRole',
        Resource: { 'Fn::GetAtt': [logicalIdOf(schedules.role), 'Arn'] },
        Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      },
    ]);
  });

  it('gives the create policy and the schedules environment to the routes that declare postSchedules, nothing to the rest', () => {
    const policyOutput = logicalIdOf(schedules.createPolicy);
    const declared = Object.entries(routeCapabilities)
      .filter(([, caps]) => caps.postSchedules)
      .map(([id]) => id);
    expect(declared.sort()).toEqual(['create-post', 'update-post']);
    expect(Object.values(jobCapabilities).some((caps) => caps.postSchedules)).toBe(false);
    const everyFunction: [Stack, string, AppFunction][] = [
      ...[...api.functions].map(([id, fn]): [Stack, string, AppFunction] => [api, id, fn]),
      [api, 'seed-data', api.seedData],
      [api, 'origin-digests', api.originDigests],
      [api, 'record-mail-suppression', api.mailSuppressions.fn],
      ...[...jobs.functions].map(([id, fn]): [Stack, string, AppFunction] => [jobs, id, fn]),
      [jobs, 'send-follow-mail', jobs.followMailSender.fn],
    ];
    for (const [stack, name, fn] of everyFunction) {
      const { props, inline } = roleOf(stack, fn);
      const creates = declared.includes(name) && stack === api;
      const attached = JSON.stringify(props.ManagedPolicyArns ?? []).includes(policyOutput);
      const env = (
        templates.get(stack)![logicalIdOf(fn.function)]!.Properties.Environment as {
          Variables: Record<string, unknown>;
        }
      ).Variables;
      expect({ name, attached, group: env[POST_SCHEDULE_ENV.group] }).toEqual({
        name,
        attached: creates,
        group: creates ? GROUP : undefined,
      });
      expect({ name, target: !!env[POST_SCHEDULE_ENV.target], role: !!env[POST_SCHEDULE_ENV.role] }).toEqual({
        name,
        target: creates,
        role: creates,
      });
      // No function is granted Scheduler or PassRole any other way.
      const actions = inline.flatMap((s) => [s.Action].flat());
      expect({ name, bad: actions.filter((a) => /^(scheduler:|iam:PassRole)/.test(a)) }).toEqual({
        name,
        bad: [],
      });
    }
  });
});
