import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { synthApp, validationViolations } from './testing/synth-app';

// Its own file (the slowest unit test): jest's workers run it beside the other synth tests.
describe('the CDK app, bundled', () => {
  it('synthesizes offline, bundling every function with esbuild, with no unacknowledged finding', () => {
    const { assembly, stateful, web, api, jobs } = synthApp({ bundle: true });

    // cdk-nag 3 reports through CDK's validation report, not annotations: errors fail the synth above, and
    // warnings (cdk-nag's, CDK's own annotations, CloudFormation validation) would be listed here.
    expect(validationViolations(assembly)).toEqual([]);
    expect(stateful.stackName).toBe('Kindred-test-Stateful');
    expect([web, api, jobs].map((s) => s.dependencies.map((d) => d.stackName).sort())).toEqual([
      ['Kindred-test-Edge', 'Kindred-test-Stateful'],
      ['Kindred-test-Stateful', 'Kindred-test-Web'],
      ['Kindred-test-Stateful', 'Kindred-test-Web'],
    ]);
    // A route (in its nested shard), the register job and the deploy-time seed: an ESM bundle in each asset.
    for (const [stack, fn] of [
      [api.shards[0]!, api.functions.get('health')],
      [jobs, jobs.functions.get('refresh-register')],
      [api, api.seedData],
    ] as const) {
      const id = stack.getLogicalId(fn!.function.node.defaultChild as never);
      const s3Key: string = Template.fromStack(stack).toJSON().Resources[id].Properties.Code.S3Key;
      const assetDir = path.join(assembly.directory, `asset.${s3Key.replace(/\.zip$/, '')}`);
      expect(existsSync(path.join(assetDir, 'index.mjs'))).toBe(true);
    }
  });
});
