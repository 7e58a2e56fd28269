import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RegisterUnavailableError } from './port';
import { createRegisterApi } from './register-api';

/** A stand-in for the Commission's API, answering in its documented shapes. */
const charity = {
  organisation_number: 1,
  reg_charity_number: 1123456,
  group_subsid_suffix: 0,
  charity_name: 'Hollowmere Hedgehog Hospital',
  reg_status: 'R',
  date_of_registration: '2008-04-11T00:00:00',
  date_of_removal: null,
  latest_income: 19900,
  latest_expenditure: 18000.5,
  address_line_one: '7 Example Street',
  address_line_two: 'Hollowmere',
  address_post_code: 'ZZ1 1AA',
  phone: '01632 960111',
  email: 'hello@hedgehogs.example.org',
  web: 'https://hedgehogs.example.org',
  trustee_names: [{ trustee_name: 'Alex Hughes' }, { trustee_name: 'Sam Patel' }],
  who_what_where: [
    { classification_code: 306, classification_type: 'How', classification_desc: 'Provides Services' },
    { classification_code: 111, classification_type: 'What', classification_desc: 'Animals' },
    // No code: read by its description; not on the list: left out.
    { classification_type: 'Who', classification_desc: 'The General Public/Mankind' },
    { classification_code: 299, classification_type: 'Who', classification_desc: 'Hedgehog Owners' },
  ],
  CharityAoOCountryContinent: [{ country: 'England' }],
};
let mode: 'ok' | '401' | '429' | '500' | 'slow' | 'html' = 'ok';
const seen: { path: string; key: string | undefined }[] = [];

const server = http.createServer((req, res) => {
  seen.push({ path: req.url ?? '', key: req.headers['ocp-apim-subscription-key'] as string | undefined });
  const send = (status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (mode === 'slow') return void setTimeout(() => send(200, []), 500);
  if (mode === '401')
    return send(401, { statusCode: 401, message: 'Access denied due to missing subscription key.' });
  if (mode === '429') return send(429, { statusCode: 429, message: 'Rate limit is exceeded.' });
  if (mode === '500') return send(500, {});
  if (mode === 'html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
  const url = decodeURIComponent(req.url ?? '');
  if (url.startsWith('/register/api/searchCharityName/')) {
    const term = url.split('/').pop() as string;
    if (term === 'nothing') return send(404, { statusCode: 404 });
    return send(200, [
      { ...charity, charity_name: 'Friends of Hollowmere Hedgehogs', reg_charity_number: 1000001 },
      { ...charity, charity_name: 'Removed Hedgehogs', reg_status: 'RM' },
      { ...charity, charity_name: 'Linked Hedgehogs', group_subsid_suffix: 1 },
      charity,
    ]);
  }
  if (url === '/register/api/allcharitydetailsV2/1123456/0') return send(200, charity);
  send(404, { statusCode: 404 });
});

let api: ReturnType<typeof createRegisterApi>;
/** Gives up after 200 ms, so the stand-in's 500 ms answer times out; `api` keeps the default 5 s, so a busy
 * machine (the first fetch loads the HTTP client) cannot turn a prompt answer into a timeout. */
let impatient: ReturnType<typeof createRegisterApi>;
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/register/api/`;
  api = createRegisterApi({ apiKey: 'test-key', baseUrl: base });
  impatient = createRegisterApi({ apiKey: 'test-key', baseUrl: base, timeoutMs: 200 });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  mode = 'ok';
  seen.length = 0;
});

describe('Register API adapter', () => {
  it('searches by name with the subscription key, registered main charities only, the exact name first', async () => {
    const hits = await api.search('Hollowmere Hedgehog Hospital', 'name', 150);
    expect(hits.map((h) => h.name)).toEqual([
      'Hollowmere Hedgehog Hospital',
      'Friends of Hollowmere Hedgehogs',
    ]);
    expect(hits[0]).toEqual({
      registrationNumber: '1123456',
      name: 'Hollowmere Hedgehog Hospital',
      isActive: true,
      registrationDate: '2008-04-11',
      activities: null,
      website: 'https://hedgehogs.example.org',
    });
    expect(seen[0]).toEqual({
      path: '/register/api/searchCharityName/Hollowmere%20Hedgehog%20Hospital',
      key: 'test-key',
    });
  });

  it('treats 404 as no match', async () => {
    await expect(api.search('nothing', 'name', 150)).resolves.toEqual([]);
    await expect(api.search('999', 'number', 150)).resolves.toEqual([]);
    await expect(api.getDetails('999')).resolves.toBeNull();
  });

  it('finds a number through the details endpoint and maps the details', async () => {
    await expect(api.search('1123456', 'number', 150)).resolves.toHaveLength(1);
    const detail = await api.getDetails('1123456');
    expect(detail).toMatchObject({
      registrationNumber: '1123456',
      isActive: true,
      address: { line1: '7 Example Street', line2: 'Hollowmere', postcode: 'ZZ1 1AA' },
      income: 19900,
      trustees: ['Alex Hughes', 'Sam Patel'],
      activities: 'Animals',
      areaOfOperation: ['England'],
      causes: [111, 207, 306],
    });
  });

  it('answers the facts of many numbers, one details call each', async () => {
    const facts = await api.facts(['1123456', '999']);
    expect(facts.get('1123456')).toEqual({ causes: [111, 207, 306], income: 19900, registered: true });
    expect(facts.get('999')).toEqual({ causes: [], income: null, registered: false });
    expect(seen.map((s) => s.path).sort()).toEqual([
      '/register/api/allcharitydetailsV2/1123456/0',
      '/register/api/allcharitydetailsV2/999/0',
    ]);
  });

  it.each([
    ['401', /refused the subscription key/],
    ['429', /rate limit/],
    ['500', /answered 500/],
    ['slow', /did not answer in time/],
    ['html', /other than JSON/],
  ] as const)('reports %s as the register being unavailable', async (m, message) => {
    mode = m;
    const failure = (m === 'slow' ? impatient : api).search('hedgehog', 'name', 150);
    await expect(failure).rejects.toBeInstanceOf(RegisterUnavailableError);
    await expect(failure).rejects.toThrow(message);
  });
});
