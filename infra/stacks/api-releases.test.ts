/**
 * Issue 34, item 7: a release is a new version, published exactly when the function's configuration changes.
 * The releases of the real manifest (aliases, CodeDeploy, rollback alarms, shards) are asserted in
 * api-stack.test.ts, on its one synthesis.
 */
import * as path from 'node:path';
import type { RouteDefinition } from '@shared/api/routes';
import { z } from 'zod';
import { fixturesDir, logicalIdOf, synthApp } from '../testing/synth-app';

describe('a change publishes a new version (so a release), an unchanged function does not', () => {
  const route: RouteDefinition = {
    id: 'fixture-public',
    method: 'GET',
    path: '/api/fixture-public',
    auth: 'public',
    request: z.object({}),
    response: z.object({}),
    summary: 'Fixture route',
  };
  const versionOf = (open: boolean) => {
    const { api } = synthApp({
      routes: [route],
      functionsDir: path.join(fixturesDir, 'functions'),
      routeCapabilities: { 'fixture-public': { table: 'read' } },
      giving: { open, cardFeeBasisPoints: 140, cardFeeFixedPence: 20 },
    });
    return logicalIdOf(api.shards[0]!.releases.get(route.id)!.version);
  };

  it('keeps the version for the same configuration and publishes another when it changes', () => {
    expect(versionOf(false)).toBe(versionOf(false));
    expect(versionOf(true)).not.toBe(versionOf(false));
  });
});
