import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { handleOriginDigests } from './origin-digests';

const secrets = new SecretsManagerClient({});

/** CloudFormation invokes this function directly (the resource's ServiceToken); it answers on the ResponseURL. */
export const handler = async (event: CloudFormationCustomResourceEvent) => {
  const response = await handleOriginDigests(event, {
    readSecret: async (secretId) => {
      const out = await secrets.send(new GetSecretValueCommand({ SecretId: secretId }));
      return out.SecretString ?? '';
    },
    respond: async (url, body) => {
      // The presigned URL is signed for an empty content type.
      const res = await fetch(url, { method: 'PUT', body, headers: { 'content-type': '' } });
      if (!res.ok) throw new Error(`CloudFormation refused the response: ${res.status}`);
    },
  });
  console.log(JSON.stringify({ status: response.Status, reason: response.Reason }));
};
