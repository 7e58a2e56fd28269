import type { GetCharityCausesResponse } from '@shared/api/schemas/causes';
import type { DiscoverResponse } from '@shared/api/schemas/discover';
import { CAUSES } from '@shared/causes';
import { CharityCausesMessage } from '@shared/charity-causes';
import { callApi } from '../support/api';
import { createCharity } from '../support/charity';
import { listedCard, makeListedCharity } from '../support/discover';
import { until } from '../support/until';

jest.setTimeout(90_000);

const getCauses = async (token: string) => {
  const res = await callApi('GET', '/api/me/causes', undefined, { token });
  expect(res.status).toBe(200);
  return res.body as unknown as GetCharityCausesResponse;
};
const saveCauses = (token: string | undefined, body: unknown) =>
  callApi('PUT', '/api/me/causes', body, token ? { token } : {});

/**
 * A charity's own causes (issue 45, decision 21.4) through the local cloud: chosen within the register's list
 * on its profile, and found by them on /api/discover once its card is rebuilt from the table's stream.
 */
describe("a charity's causes", () => {
  let listed: Awaited<ReturnType<typeof makeListedCharity>>;
  beforeAll(async () => {
    listed = await makeListedCharity({ label: 'causes' });
  });

  it("starts from the register's causes, and donors find it by the causes it chooses instead", async () => {
    const { charity } = listed;
    const before = await getCauses(charity.idToken);
    expect(before.causes).toBeNull();
    expect(before.register_causes.length).toBeGreaterThan(0);
    expect(listed.card.causes.map((c) => c.slug)).toEqual(before.register_causes);

    const removed = before.register_causes[0] as string;
    const added = CAUSES.find((c) => !before.register_causes.includes(c.slug))?.slug as string;
    const saved = await saveCauses(charity.idToken, { causes: [added, added] });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ success: true, causes: [added] });
    expect((await getCauses(charity.idToken)).causes).toEqual([added]);

    // The card is rebuilt from the stream: wait for what a donor would see.
    const card = await until(() => listedCard(charity.registrationNumber, `cause=${added}&place=Leeds`));
    expect(card.causes.map((c) => c.slug)).toEqual([added]);
    expect(await listedCard(charity.registrationNumber, `cause=${removed}&place=Leeds`)).toBeNull();
  });

  it("changes only the caller's own causes: another charity's token saves its own", async () => {
    const { charity } = listed;
    const mine = (await getCauses(charity.idToken)).causes;
    const other = await createCharity({ label: 'causes-other' });
    const theirs = await saveCauses(other.idToken, { causes: ['sport'] });
    expect(theirs.status).toBe(200);
    expect((await getCauses(other.idToken)).causes).toEqual(['sport']);
    expect((await getCauses(charity.idToken)).causes).toEqual(mine);
    // No session: refused before anything is read.
    expect((await saveCauses(undefined, { causes: ['sport'] })).status).toBe(401);
    expect((await callApi('GET', '/api/me/causes')).status).toBe(401);
  });

  it.each([
    [{ causes: ['animals', 'unicorns'] }, CharityCausesMessage.Unknown('unicorns')],
    [{ causes: [] }, CharityCausesMessage.NoneChosen],
    [{}, CharityCausesMessage.NoneChosen],
    [{ causes: CAUSES.slice(0, 11).map((c) => c.slug) }, CharityCausesMessage.TooMany],
    [{ causes: 'animals' }, CharityCausesMessage.NotAList],
  ])('refuses %j with 400: %s', async (body, message) => {
    const res = await saveCauses(listed.charity.idToken, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });
});

describe('places by postcode (decision 21.3)', () => {
  it('finds a charity serving Leeds from a Leeds postcode, and says why a BFPO number is no place', async () => {
    const { charity } = await makeListedCharity({ label: 'postcode' });
    const res = await callApi('GET', `/api/discover?place=${encodeURIComponent('ls1 4ap')}`);
    expect(res.status).toBe(200);
    const body = res.body as unknown as DiscoverResponse;
    expect(body.place_label).toBe('LS1 4AP');
    expect(await listedCard(charity.registrationNumber, 'place=LS1')).not.toBeNull();
    const bfpo = (await callApi('GET', '/api/discover?place=BFPO%20123')).body as unknown as DiscoverResponse;
    expect(bfpo.empty?.message).toBe(
      'BFPO 123 is a postcode for post, not a place. Try a town or the postcode of where you are.',
    );
  });
});
