import { DeleteCommand, type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { onPlatformIndexKeys, registrationMarkerKey } from '../../lambdas/data/charities';

/**
 * Marks a register number as on the platform as registration does (a finalised marker, listed under GSI1),
 * then waits until the finder's in-memory list has picked it up (the test cloud refreshes it every second).
 * Returns the undo.
 */
export async function markOnPlatform(opts: {
  doc: DynamoDBDocumentClient;
  tableName: string;
  appUrl: string;
  registrationNumber: string;
  userId: string;
}): Promise<() => Promise<void>> {
  const { doc, tableName, appUrl, registrationNumber } = opts;
  const key = registrationMarkerKey(registrationNumber);
  await doc.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...key, ...onPlatformIndexKeys(registrationNumber), userId: opts.userId },
    }),
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(`${appUrl}/api/search-charities`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ searchTerm: registrationNumber, searchType: 'number' }),
    });
    const body = (await res.json()) as { charities?: { isOnKindred: boolean }[] };
    if (body.charities?.[0]?.isOnKindred) break;
    if (Date.now() > deadline) throw new Error(`${registrationNumber} was not flagged within 10 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return async () => {
    await doc.send(new DeleteCommand({ TableName: tableName, Key: key }));
  };
}
