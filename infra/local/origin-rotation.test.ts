/**
 * The origin secret's rotation (infra/origin-secret-rotation.ts) against the local edge: the local origin
 * (CloudFront's stand-in, sending the secret) in front of the local gateway, calling a route handler built by
 * the real pipeline, which reads the secrets from its environment at cold start as a Lambda function does.
 * "Deploying the functions" is a new cold start with the new environment; "deploying the edge" changes what
 * the origin sends. Requests run throughout, and none may be refused.
 */
import type { AddressInfo } from 'node:net';
import { systemRoutes } from '@shared/api/route-groups/system';
import { apiHandler } from '../../lambdas/lib/api-handler';
import { ORIGIN_DIGESTS_ENV, originDigests } from '../../lambdas/lib/edge';
import { type OriginSecretValue, rotateOriginSecret } from '../origin-secret-rotation';
import { ORIGIN_SECRET_NO_PREVIOUS } from '../stacks/web-stack';
import { type ApiHandler, createGateway } from './gateway';
import { close, listen } from './http';
import { createOrigin } from './origin';

const saved = { ...process.env };
afterAll(() => {
  process.env = saved;
});

/** The local edge with a store of the secret and the two "deploys" of the rotation. */
async function localEdge() {
  let stored: OriginSecretValue = { current: 'a'.repeat(48), previous: ORIGIN_SECRET_NO_PREVIOUS };
  let versions = 0;
  let sent = stored.current;
  /** A cold start: the handler reads the secrets from the environment as it is now. */
  const coldStart = (value: OriginSecretValue): ApiHandler => {
    process.env[ORIGIN_DIGESTS_ENV] = originDigests(value);
    return apiHandler(systemRoutes.health, async () => ({
      success: true as const,
      status: 'ok' as const,
      checks: { database: 'ok' as const },
      time: new Date().toISOString(),
    })) as ApiHandler;
  };
  let handler = coldStart(stored);
  const gateway = createGateway({
    routes: [systemRoutes.health],
    loadHandler: async () => handler,
    verifier: { verify: async () => ({}) },
  });
  const origin = await listen(
    createOrigin({
      webDir: __dirname,
      runtimeConfig: () => ({}),
      api: gateway,
      cognito: async () => undefined,
      media: { s3Url: 'http://127.0.0.1:1', bucket: 'none' },
      securityHeaders: {},
      originSecret: () => sent,
    }),
    0,
  );
  const url = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/api/health`;
  const statuses: number[] = [];
  const call = async () => {
    const res = await fetch(url);
    statuses.push(res.status);
    return res.status;
  };
  return {
    url,
    call,
    statuses,
    stop: () => close(origin),
    stored: () => stored,
    port: {
      read: async () => stored,
      write: async (value: OriginSecretValue) => {
        stored = value;
        versions += 1;
        return `v${versions}`;
      },
      deployFunctions: async () => {
        await call();
        handler = coldStart(stored);
        await call();
      },
      deployEdge: async () => {
        await call();
        sent = stored.current;
        await call();
      },
    },
    /** A request carrying `secret` straight to the handler (as an edge that has or has not updated yet). */
    direct: async (secret: string) => {
      const res = (await handler(
        {
          rawPath: '/api/health',
          headers: { 'x-origin-verify': secret },
          requestContext: { http: { method: 'GET', sourceIp: '203.0.113.1' } },
        } as never,
        { awsRequestId: 'r' } as never,
      )) as { statusCode: number };
      return res.statusCode;
    },
  };
}

describe('origin secret rotation against the local edge', () => {
  it('refuses no request during two rotations, accepts the previous value, and drops the one before', async () => {
    const edge = await localEdge();
    try {
      expect(await edge.call()).toBe(200);
      const first = edge.stored().current;
      // The placeholder "previous" of a new secret is never accepted.
      expect(await edge.direct(ORIGIN_SECRET_NO_PREVIOUS)).toBe(403);

      await rotateOriginSecret(edge.port, () => 'b'.repeat(48));
      expect(edge.stored()).toEqual({ current: 'b'.repeat(48), previous: first });
      // An edge still sending the old value (CloudFront takes minutes) is accepted, as is the new one.
      expect(await edge.direct(first)).toBe(200);
      expect(await edge.direct('b'.repeat(48))).toBe(200);

      await rotateOriginSecret(edge.port, () => 'c'.repeat(48));
      expect(await edge.direct('b'.repeat(48))).toBe(200);
      expect(await edge.direct(first)).toBe(403);
      expect(await edge.direct('guess')).toBe(403);

      expect(await edge.call()).toBe(200);
      expect(edge.statuses.length).toBeGreaterThanOrEqual(10);
      expect(new Set(edge.statuses)).toEqual(new Set([200]));
    } finally {
      await edge.stop();
    }
  });

  it('refuses to "rotate" to the same or a short value', async () => {
    const edge = await localEdge();
    try {
      await expect(rotateOriginSecret(edge.port, () => edge.stored().current)).rejects.toThrow(/must be new/);
      await expect(rotateOriginSecret(edge.port, () => 'short')).rejects.toThrow(/at least 32/);
    } finally {
      await edge.stop();
    }
  });
});
