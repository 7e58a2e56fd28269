import * as path from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { JobDefinition } from '../../shared/src/jobs';
import { fixturesDir, synthApp } from '../testing/synth-app';

const sample: JobDefinition = { id: 'sample', schedule: 'rate(1 hour)', summary: 'A fixture job.' };

describe('jobs stack', () => {
  it('is left out while the job manifest is empty', () => {
    const { jobs } = synthApp({ jobs: [] });
    expect(jobs).toBeUndefined();
  });

  it('creates one function and one schedule rule per job', () => {
    const { jobs } = synthApp({ jobs: [sample], jobsDir: path.join(fixturesDir, 'jobs') });
    expect(jobs).toBeDefined();
    const template = Template.fromStack(jobs!);

    template.resourceCountIs('AWS::Lambda::Function', 1);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs24.x',
      Handler: 'index.handler',
      Timeout: 60,
      Environment: { Variables: Match.objectLike({ SERVICE_NAME: 'sample', TABLE_NAME: Match.anyValue() }) },
    });
    const fnId = jobs!.getLogicalId(jobs!.functions.get('sample')!.function.node.defaultChild as never);
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
  });
});
