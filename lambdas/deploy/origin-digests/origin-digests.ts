import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { originDigests } from '../../lib/origin-digests';

/** The resource's one physical id: an update changes its data, never replaces it. */
export const ORIGIN_DIGESTS_RESOURCE_ID = 'origin-secret-digests';

/** What the custom resource needs: the secret's JSON text, and the way to answer CloudFormation. */
export interface OriginDigestsDeps {
  readSecret(secretId: string): Promise<string>;
  /** PUTs the response to CloudFormation's presigned `ResponseURL`. */
  respond(url: string, body: string): Promise<void>;
}

/** The response body CloudFormation expects from a custom resource. */
interface CustomResourceResponse {
  Status: 'SUCCESS' | 'FAILED';
  Reason?: string;
  PhysicalResourceId: string;
  StackId: string;
  RequestId: string;
  LogicalResourceId: string;
  Data?: { Digests: string };
}

/**
 * The `Custom::OriginSecretDigests` resource of the API stack: reads the origin secret (JSON `current` and
 * `previous`) and answers the digests the route functions compare the header with (`ORIGIN_VERIFY_DIGESTS`,
 * lambdas/lib/edge.ts). It answers only digests: the secret itself is never in its data, its logs or its
 * failure reason. Run by CloudFormation on create and whenever the secret's revision parameter changes.
 */
export async function handleOriginDigests(
  event: CloudFormationCustomResourceEvent,
  deps: OriginDigestsDeps,
): Promise<CustomResourceResponse> {
  const base = {
    PhysicalResourceId: ORIGIN_DIGESTS_RESOURCE_ID,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
  };
  let response: CustomResourceResponse;
  if (event.RequestType === 'Delete') {
    response = { Status: 'SUCCESS', ...base };
  } else {
    try {
      const secretId = String(event.ResourceProperties.SecretId ?? '');
      if (!secretId) throw new Error('SecretId is missing');
      const value = JSON.parse(await deps.readSecret(secretId)) as { current?: unknown; previous?: unknown };
      if (typeof value.current !== 'string') throw new Error('the origin secret has no current value');
      const previous = typeof value.previous === 'string' ? value.previous : undefined;
      response = {
        Status: 'SUCCESS',
        ...base,
        Data: { Digests: originDigests({ current: value.current, previous }) },
      };
    } catch (error) {
      // The reason names what went wrong, never a value read from the secret.
      const reason =
        error instanceof SyntaxError ? 'the origin secret is not JSON' : (error as Error).message;
      response = { Status: 'FAILED', Reason: `Origin secret digests: ${reason}`, ...base };
    }
  }
  await deps.respond(event.ResponseURL, JSON.stringify(response));
  return response;
}
