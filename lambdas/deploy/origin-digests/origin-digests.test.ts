import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { hasOriginSecret, ORIGIN_DIGESTS_ENV, originSecretFromEnv } from '../../lib/edge';
import { handleOriginDigests, ORIGIN_DIGESTS_RESOURCE_ID } from './origin-digests';

const CURRENT = 'c'.repeat(48);
const PREVIOUS = 'p'.repeat(48);

function event(type: 'Create' | 'Update' | 'Delete', url: string): CloudFormationCustomResourceEvent {
  return {
    RequestType: type,
    ServiceToken: 'arn:aws:lambda:eu-west-2:123456789012:function:digests',
    ResponseURL: url,
    StackId: 'arn:aws:cloudformation:eu-west-2:123456789012:stack/Kindred-dev-Api/guid',
    RequestId: 'req-1',
    LogicalResourceId: 'OriginSecretDigests',
    ResourceType: 'Custom::OriginSecretDigests',
    ResourceProperties: { ServiceToken: 'x', SecretId: 'arn:secret', Revision: 'v2' },
    ...(type === 'Create'
      ? {}
      : { PhysicalResourceId: ORIGIN_DIGESTS_RESOURCE_ID, OldResourceProperties: {} }),
  } as CloudFormationCustomResourceEvent;
}

/** A stand-in for CloudFormation's presigned S3 URL: records each PUT body. */
async function responseUrl() {
  const bodies: { method?: string; type?: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      bodies.push({ method: req.method, type: req.headers['content-type'], body });
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/response?X-Amz-Signature=x`;
  return { url, bodies, close: () => new Promise((r) => server.close(r)) };
}

const put = async (url: string, body: string) => {
  const res = await fetch(url, { method: 'PUT', body, headers: { 'content-type': '' } });
  if (!res.ok) throw new Error(String(res.status));
};

describe('the origin secret digests resource (issue 43: no dynamic reference per route)', () => {
  it('answers the digests of both values on the response URL, and they open the edge check', async () => {
    const cfn = await responseUrl();
    try {
      const secret = JSON.stringify({ current: CURRENT, previous: PREVIOUS });
      await handleOriginDigests(event('Create', cfn.url), { readSecret: async () => secret, respond: put });
      expect(cfn.bodies).toHaveLength(1);
      const [sent] = cfn.bodies;
      expect(sent?.method).toBe('PUT');
      expect(sent?.body).not.toContain(CURRENT);
      expect(sent?.body).not.toContain(PREVIOUS);
      const body = JSON.parse(sent?.body ?? '{}');
      expect(body).toMatchObject({
        Status: 'SUCCESS',
        PhysicalResourceId: ORIGIN_DIGESTS_RESOURCE_ID,
        RequestId: 'req-1',
      });
      const digests = originSecretFromEnv({ [ORIGIN_DIGESTS_ENV]: body.Data.Digests });
      const carrying = (value: string) => ({ headers: { 'x-origin-verify': value } });
      expect(hasOriginSecret(carrying(CURRENT), digests ?? [])).toBe(true);
      expect(hasOriginSecret(carrying(PREVIOUS), digests ?? [])).toBe(true);
      expect(hasOriginSecret(carrying('x'.repeat(48)), digests ?? [])).toBe(false);
    } finally {
      await cfn.close();
    }
  });

  it('fails the deploy without naming the secret when it is unreadable, and deletes without reading', async () => {
    const sent: string[] = [];
    const respond = async (_url: string, body: string) => {
      sent.push(body);
    };
    const broken = await handleOriginDigests(event('Update', 'u'), {
      readSecret: async () => `{"current": "${CURRENT}"`,
      respond,
    });
    expect(broken).toMatchObject({
      Status: 'FAILED',
      Reason: 'Origin secret digests: the origin secret is not JSON',
    });
    const short = await handleOriginDigests(event('Update', 'u'), {
      readSecret: async () => JSON.stringify({ current: 'short' }),
      respond,
    });
    expect(short.Status).toBe('FAILED');
    expect(sent.join('')).not.toContain(CURRENT);
    let read = false;
    const deleted = await handleOriginDigests(event('Delete', 'u'), {
      readSecret: async () => {
        read = true;
        return '';
      },
      respond,
    });
    expect(deleted.Status).toBe('SUCCESS');
    expect(read).toBe(false);
  });
});
