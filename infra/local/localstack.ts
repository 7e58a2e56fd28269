import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { dynamoClient } from './dynamodb';
import { LOCAL_CREDENTIALS, type LocalSettings } from './settings';

/**
 * Uses LocalStack for DynamoDB, S3 and SES instead of the embedded stand-ins: checks it answers, then
 * creates the media bucket (with the browser-upload CORS rule) and the sender identity. The table and
 * seed data are created by the same code as with DynamoDB Local.
 */
export async function connectLocalStack(s: LocalSettings & { localstackUrl: string }, appOrigin: string) {
  const config = {
    endpoint: s.localstackUrl,
    region: s.region,
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 1,
  };
  const client = dynamoClient(s.localstackUrl, s.region);
  try {
    await client.send(new ListTablesCommand({}));
  } catch (error) {
    throw new Error(
      `LocalStack does not answer at ${s.localstackUrl} (LOCALSTACK_URL): ${(error as Error).message}`,
    );
  }
  const s3 = new S3Client({ ...config, forcePathStyle: true });
  const exists = await s3.send(new HeadBucketCommand({ Bucket: s.mediaBucket })).then(
    () => true,
    () => false,
  );
  if (!exists) await s3.send(new CreateBucketCommand({ Bucket: s.mediaBucket }));
  // The exports bucket (issue 33): private, read through presigned links only.
  await s3.send(new CreateBucketCommand({ Bucket: s.exportsBucket })).catch((error: Error) => {
    if (!/BucketAlreadyOwnedByYou|BucketAlreadyExists/.test(error.name)) throw error;
  });
  await s3.send(
    new PutBucketCorsCommand({
      Bucket: s.mediaBucket,
      CORSConfiguration: {
        CORSRules: [
          { AllowedOrigins: [appOrigin], AllowedMethods: ['GET', 'HEAD', 'POST'], AllowedHeaders: ['*'] },
        ],
      },
    }),
  );
  // LocalStack's SES refuses unverified senders; its identities verify at once.
  await new SESv2Client(config)
    .send(new CreateEmailIdentityCommand({ EmailIdentity: s.sesSender }))
    .catch((error: Error) => {
      if (error.name !== 'AlreadyExistsException')
        console.warn(`[localstack] sender identity: ${error.message}`);
    });
  return {
    dynamo: { client, stop: async () => undefined },
    s3Url: s.localstackUrl,
    /** LocalStack lists sent mail at this internal endpoint. */
    mailboxUrl: `${s.localstackUrl}/_aws/ses`,
  };
}
