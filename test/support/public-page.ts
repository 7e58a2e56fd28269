import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { callApi, post } from './api';
import { createCharity, setFlags, type TestCharity, tableClient } from './charity';
import { cloud } from './cloud';
import { fakeJpeg, upload } from './media';

export const LIVE_CONTENT = {
  page_description: 'We cook hot meals for families in Brambleford every Friday.',
  about_text: 'Started in a church hall in 2019, we now feed forty families a week with local food.',
};

/**
 * A charity donors may see: verified, set up, a live main page with `images` photos, an active explore page,
 * and set live through the API (so its LIVE record is written as in production). Its registration number is
 * made of digits (9 digits from 8..., never one of the sample register's) with the account's marker, as
 * registration writes it.
 */
export async function makeLiveCharity(
  opts: { label?: string; charityName?: string; images?: Buffer[]; live?: boolean } = {},
): Promise<TestCharity> {
  const c = await createCharity({ label: opts.label ?? 'public', charityName: opts.charityName });
  const registrationNumber = `8${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const { TABLE_NAME } = cloud().env;
  await tableClient().send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: { PK: `CHARITY#${c.userId}`, SK: 'PROFILE' },
      UpdateExpression: 'SET registration_number = :n',
      ExpressionAttributeValues: { ':n': registrationNumber },
    }),
  );
  await tableClient().send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        PK: `REGNO#${registrationNumber}`,
        SK: 'REGNO',
        userId: c.userId,
        charity_name: c.charityName,
        created_at: new Date().toISOString(),
      },
    }),
  );

  let pageId: string | undefined;
  const keys: string[] = [];
  for (const body of opts.images ?? [fakeJpeg(), fakeJpeg()]) {
    const u = await upload(c.idToken, { purpose: 'page', pageId }, body);
    pageId = u.pageId;
    keys.push(u.key);
  }
  const page = await post(
    '/api/me/pages',
    {
      pageId,
      name: 'Main',
      template_type: 'basic',
      content: LIVE_CONTENT,
      media: keys.map((key) => ({ key })),
    },
    { token: c.idToken },
  );
  if (page.status !== 200) throw new Error(`create page ${page.status}: ${JSON.stringify(page.body)}`);

  const grid = await upload(c.idToken, { purpose: 'explore-grid' });
  const feed = await upload(c.idToken, { purpose: 'explore-feed', position: 1 });
  const explore = await callApi(
    'PUT',
    '/api/me/explore',
    {
      short_description: 'Hot meals, warm welcome',
      long_description: 'Every Friday we cook for forty families.',
      grid: { key: grid.key },
      feed: [{ key: feed.key }],
    },
    { token: c.idToken },
  );
  if (explore.status !== 200) throw new Error(`save explore ${explore.status}`);
  await post('/api/me/explore/active', { active: true }, { token: c.idToken });
  await setFlags(c.userId, { finished_setting_up_account: true });
  if (opts.live !== false) {
    const live = await post('/api/me/live', { live: true }, { token: c.idToken });
    if (live.status !== 200) throw new Error(`set live ${live.status}: ${JSON.stringify(live.body)}`);
  }
  return { ...c, registrationNumber };
}

/** A GET through the local origin, as a crawler would: status, content type and text. */
export async function fetchText(path: string): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(new URL(path, cloud().appUrl));
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}
