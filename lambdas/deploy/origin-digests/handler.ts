import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { readSecretString } from '../../adapters/secrets';
import { handleOriginDigests } from './origin-digests';

/** CloudFormation invokes this function directly (the resource's ServiceToken); it answers on the ResponseURL. */
export const handler = async (event: CloudFormationCustomResourceEvent) => {
  const response = await handleOriginDigests(event, {
    readSecret: readSecretString,
    respond: async (url, body) => {
      // The presigned URL is signed for an empty content type.
      const res = await fetch(url, { method: 'PUT', body, headers: { 'content-type': '' } });
      if (!res.ok) throw new Error(`CloudFormation refused the response: ${res.status}`);
    },
  });
  console.log(JSON.stringify({ status: response.Status, reason: response.Reason }));
};
