import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { LAMBDA_RUNTIME } from './app-function';
import { esbuildOptions, LAMBDA_NODE_MAJOR } from './function-bundling';

describe('function bundles target the Lambda runtime, not the Node that builds them', () => {
  it('esbuild targets the runtime major (decision 18.7)', () => {
    expect(LAMBDA_RUNTIME.name).toBe(`nodejs${LAMBDA_NODE_MAJOR}.x`);
    expect(esbuildOptions.target).toBe(`node${LAMBDA_NODE_MAJOR}`);
  });

  it('tests run on the Node major that Lambda runs, and package.json says so (decision 18.7)', () => {
    // npm puts node_modules/.bin first on a script's PATH: there, `node` is the pinned node-linux-* package.
    expect(Number(process.versions.node.split('.')[0])).toBe(LAMBDA_NODE_MAJOR);
    const pkg = JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as {
      engines: { node: string };
      optionalDependencies: Record<string, string>;
    };
    expect(pkg.engines.node).toBe(`>=${LAMBDA_NODE_MAJOR}.11 <${LAMBDA_NODE_MAJOR + 1}`);
    for (const pin of Object.values(pkg.optionalDependencies))
      expect(pin.split('.')[0]).toBe(`${LAMBDA_NODE_MAJOR}`);
  });
});
