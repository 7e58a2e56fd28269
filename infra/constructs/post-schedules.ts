import { Annotations, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import { POST_SCHEDULE_ENV, SCHEDULE_NAME } from '../../lambdas/adapters/scheduler';
import type { AppFunction } from './app-function';
import { acknowledgeWildcardResource } from './nag';

/** What a post function that declares `postSchedules` is given (by the jobs stack, which owns the target). */
export interface PostScheduleAccess {
  /** The schedule group (`POST_SCHEDULE_GROUP`). */
  readonly groupName: string;
  /** The publisher the schedules invoke (`POST_SCHEDULE_TARGET_ARN`). */
  readonly targetArn: string;
  /** The role Scheduler assumes to invoke it (`POST_SCHEDULE_ROLE_ARN`). */
  readonly roleArn: string;
  /** `scheduler:CreateSchedule` in the group and `iam:PassRole` of the role, nothing else. */
  readonly createPolicy: iam.IManagedPolicy;
}

/** Props of {@link PostSchedules}. */
export interface PostSchedulesProps {
  /** The publisher (`publish-due-posts`), invoked by each schedule with the post it names. */
  readonly target: lambda.IFunction;
}

/**
 * The scheduled posts' one-off schedules (decision 20.1): a schedule group of the stage, the role EventBridge
 * Scheduler assumes to invoke the publisher (`lambda:InvokeFunction` on that one function, assumable only by
 * Scheduler for this group's schedules), and the policy of the post functions that create schedules
 * (`scheduler:CreateSchedule` in this group only, `iam:PassRole` of this role only, to Scheduler only).
 * The schedules themselves are made at run time (`lambdas/adapters/scheduler.ts`) and delete themselves.
 */
export class PostSchedules extends Construct {
  public readonly group: CfnScheduleGroup;
  public readonly role: iam.Role;
  public readonly createPolicy: iam.ManagedPolicy;
  public readonly access: PostScheduleAccess;

  constructor(scope: Construct, id: string, props: PostSchedulesProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const groupName = `${stack.stackName}-posts`;
    if (!SCHEDULE_NAME.test(groupName))
      throw new Error(
        `The schedule group name ${groupName} is not a Scheduler name (1-64 of [0-9a-zA-Z-_.]).`,
      );
    this.group = new CfnScheduleGroup(this, 'Group', { name: groupName });
    const schedulesArn = stack.formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${groupName}/*`,
    });

    this.role = new iam.Role(this, 'InvokeRole', {
      description: 'EventBridge Scheduler: invokes the scheduled posts publisher at a post time',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: {
          StringEquals: { 'aws:SourceAccount': stack.account },
          ArnEquals: { 'aws:SourceArn': this.group.attrArn },
        },
      }),
      inlinePolicies: {
        InvokePublisher: new iam.PolicyDocument({
          statements: [
            new iam.PolicyStatement({
              sid: 'InvokePublisher',
              actions: ['lambda:InvokeFunction'],
              resources: [props.target.functionArn],
            }),
          ],
        }),
      },
    });

    this.createPolicy = new iam.ManagedPolicy(this, 'CreatePolicy', {
      description: 'Kindred: create the one-off schedules of scheduled posts (their group, their role)',
      statements: [
        new iam.PolicyStatement({
          sid: 'CreatePostSchedules',
          actions: ['scheduler:CreateSchedule'],
          resources: [schedulesArn],
        }),
        new iam.PolicyStatement({
          sid: 'PassInvokeRole',
          actions: ['iam:PassRole'],
          resources: [this.role.roleArn],
          conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
        }),
      ],
    });
    acknowledgeWildcardResource(
      this.createPolicy,
      schedulesArn,
      'Schedules are named per post and time at run time (post-<postId>-<epoch ms>); CreateSchedule is granted in the posts group only.',
    );
    this.access = {
      groupName,
      targetArn: props.target.functionArn,
      roleArn: this.role.roleArn,
      createPolicy: this.createPolicy,
    };
  }
}

/**
 * Lets a function create post schedules: the group, the publisher and the role in its environment, and the create
 * policy. Without schedules (an app whose job manifest has no publisher) a warning: its saves are then logged as
 * unscheduled and left to the sweep.
 */
export function bindPostSchedules(fn: AppFunction, access: PostScheduleAccess | undefined): void {
  if (!access) {
    Annotations.of(fn).addWarningV2(
      'kindred:no-post-schedules',
      `${fn.serviceName} declares postSchedules, but this app has no publisher job to schedule.`,
    );
    return;
  }
  fn.function.addEnvironment(POST_SCHEDULE_ENV.group, access.groupName);
  fn.function.addEnvironment(POST_SCHEDULE_ENV.target, access.targetArn);
  fn.function.addEnvironment(POST_SCHEDULE_ENV.role, access.roleArn);
  fn.role.addManagedPolicy(access.createPolicy);
}
