import { Annotations, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { synthApp, validationViolations } from './testing/synth-app';

describe('the CDK app', () => {
  it('stays clean with a custom domain and the register API key', () => {
    const { assembly, web } = synthApp({
      siteDomain: 'kindredgiving.org.uk',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
      registerSource: 'api',
      registerApiKeySecretName: 'kindred/charity-commission-api-key',
    });
    expect(validationViolations(assembly)).toEqual([]);
    expect(web.siteUrl).toBe('https://kindredgiving.org.uk');
  });

  it('stays clean with a custom bootstrap qualifier (the asset bucket acknowledgement follows it)', () => {
    const { assembly, web } = synthApp({ context: { '@aws-cdk/core:bootstrapQualifier': 'kindred01' } });
    expect(validationViolations(assembly)).toEqual([]);
    const template = JSON.stringify(Template.fromStack(web).toJSON());
    expect(template).toContain('cdk-kindred01-assets-');
    expect(template).not.toContain('hnb659fds');
  });

  // The three probes below prove the check above can fail.
  beforeEach(() => {
    // CDK prints the validation report of a probe to stderr.
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => jest.restoreAllMocks());

  it('fails the synth on an unacknowledged cdk-nag error', () => {
    expect(() =>
      synthApp({ beforeSynth: ({ stateful }) => new s3.Bucket(stateful, 'ProbeBucketWithoutTls') }),
    ).toThrow(/AwsSolutions-S10/);
  });

  it('lists an unacknowledged warning', () => {
    const { assembly } = synthApp({
      beforeSynth: ({ web }) => Annotations.of(web).addWarningV2('kindred:probe', 'A probe warning.'),
    });
    expect(validationViolations(assembly)).toEqual([
      expect.objectContaining({ rule: 'Annotation::kindred:probe', severity: 'warning' }),
    ]);
  });

  it('does not list an acknowledged warning', () => {
    const { assembly } = synthApp({
      beforeSynth: ({ web }) => {
        Annotations.of(web).addWarningV2('kindred:probe', 'A probe warning.');
        Validations.of(web).acknowledge({ id: 'kindred:probe', reason: 'Probe.' });
      },
    });
    expect(validationViolations(assembly)).toEqual([]);
  });
});
