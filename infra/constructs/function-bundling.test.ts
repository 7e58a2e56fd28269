import { LAMBDA_RUNTIME } from './app-function';
import { esbuildOptions, LAMBDA_NODE_MAJOR } from './function-bundling';

describe('function bundles target the Lambda runtime, not the Node that builds them', () => {
  it('esbuild targets the runtime major (decision 18.7: CI runs an older Node)', () => {
    expect(LAMBDA_RUNTIME.name).toBe(`nodejs${LAMBDA_NODE_MAJOR}.x`);
    expect(esbuildOptions.target).toBe(`node${LAMBDA_NODE_MAJOR}`);
    // The builder may be older than the runtime, never newer (a bundle for a newer Node could not be tested).
    expect(Number(process.versions.node.split('.')[0])).toBeLessThanOrEqual(LAMBDA_NODE_MAJOR);
  });
});
