import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { charityKey } from '../../lambdas/data/charities';
import { callApi, freshAddress, post } from '../support/api';
import { cloud } from '../support/cloud';
import { signIn } from '../support/identity';
import { sampleCharity } from '../support/numbers';
import { tableClient } from '../support/table';
import { forceVerificationFlags } from '../support/tampering';

jest.setTimeout(30_000);
const { env } = cloud();
const doc = tableClient();
const PASSWORD = 'Kindred-Charity-2026!';

/** Registers a sample charity of its own through the API and signs in. */
async function charity() {
  const email = `live-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
  const res = await post(
    '/api/register-charity',
    { email, password: PASSWORD, charityRegistrationNumber: sampleCharity().number },
    { from: freshAddress() },
  );
  expect(res.status).toBe(200);
  const { idToken } = await signIn(env.CHARITY_CLIENT_ID as string, email, PASSWORD);
  const userId = JSON.parse(Buffer.from(idToken.split('.')[1] as string, 'base64url').toString())
    .sub as string;
  return { idToken, userId };
}
/** Every requirement of going live at once (or none), whatever the journeys that set them. */
const setFlags = (userId: string, value: boolean) =>
  forceVerificationFlags(userId, {
    verified: value,
    finished_setting_up_account: value,
    valid_main_page: value,
    valid_explore_page: value,
  });
const state = async (userId: string) => {
  const [flags, live] = await Promise.all([
    doc.send(
      new GetCommand({
        TableName: env.TABLE_NAME,
        Key: charityKey.verification(userId),
        ConsistentRead: true,
      }),
    ),
    doc.send(
      new GetCommand({
        TableName: env.TABLE_NAME,
        Key: charityKey.live(userId),
        ConsistentRead: true,
      }),
    ),
  ]);
  return { page_is_live: flags.Item?.page_is_live, live: live.Item?.live };
};

describe('set-charity-live', () => {
  it('refuses to go live until every requirement holds, and derives page_is_liveable on the server', async () => {
    const c = await charity();
    const refused = await post('/api/me/live', { live: true }, { token: c.idToken });
    expect(refused).toMatchObject({ status: 409, body: { code: 'NOT_LIVEABLE' } });
    expect(await state(c.userId)).toEqual({ page_is_live: false, live: undefined });
    // A stored page_is_liveable is never trusted: only the four flags count.
    await forceVerificationFlags(c.userId, { page_is_liveable: true });
    expect((await callApi('GET', '/api/me/profile', undefined, { token: c.idToken })).body).toMatchObject({
      verification: { page_is_liveable: false },
    });
    expect((await post('/api/me/live', { live: true }, { token: c.idToken })).status).toBe(409);

    await setFlags(c.userId, true);
    expect((await callApi('GET', '/api/me/profile', undefined, { token: c.idToken })).body).toMatchObject({
      verification: { page_is_liveable: true },
    });
    expect(await post('/api/me/live', { live: true }, { token: c.idToken })).toEqual({
      status: 200,
      body: { success: true, live: true },
    });
    expect(await state(c.userId)).toEqual({ page_is_live: true, live: true });
    expect(await post('/api/me/live', { live: false }, { token: c.idToken })).toEqual({
      status: 200,
      body: { success: true, live: false },
    });
    expect(await state(c.userId)).toEqual({ page_is_live: false, live: false });
  });

  it('keeps the flag and the live record in agreement under parallel toggles', async () => {
    const c = await charity();
    await setFlags(c.userId, true);
    await Promise.all(
      Array.from({ length: 12 }, (_, k) => post('/api/me/live', { live: k % 2 === 0 }, { token: c.idToken })),
    );
    const s = await state(c.userId);
    expect(typeof s.live).toBe('boolean');
    expect(s.page_is_live).toBe(s.live);
  });

  it('refuses bad input and callers without a charity token', async () => {
    const c = await charity();
    for (const body of [{}, { live: 'yes' }, { live: 1 }, { live: true, userId: 'someone' }]) {
      expect((await post('/api/me/live', body, { token: c.idToken })).status).toBe(400);
    }
    expect((await post('/api/me/live', { live: false })).status).toBe(401);
  });
});
