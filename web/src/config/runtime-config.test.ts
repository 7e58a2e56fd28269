import { RuntimeConfig } from '@shared/config';
import {
  fetchRuntimeConfig,
  parseRuntimeConfig,
  RUNTIME_CONFIG_URL,
  RuntimeConfigError,
} from './runtime-config';

const valid = {
  environment: 'local',
  siteUrl: 'http://localhost:3000',
  apiBaseUrl: '',
  mediaBaseUrl: '/media',
  region: 'eu-west-2',
  userPoolId: 'eu-west-2_Local0001',
  charityClientId: 'x',
  donorClientId: 'y',
};

const answer = (body: string, status = 200) =>
  jest
    .fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>()
    .mockResolvedValue(new Response(body, { status }));

describe('fetchRuntimeConfig', () => {
  it('fetches /config.json and returns the validated configuration', async () => {
    const fetchFn = answer(JSON.stringify(valid));
    await expect(fetchRuntimeConfig(fetchFn as unknown as typeof fetch)).resolves.toEqual(valid);
    expect(fetchFn.mock.calls[0]![0]).toBe(RUNTIME_CONFIG_URL);
  });

  it.each([
    ['a failed answer', answer('oops', 404), /answered 404/],
    ['invalid JSON', answer('{not json'), /not valid JSON/],
    [
      'a field missing',
      answer(JSON.stringify({ ...valid, userPoolId: undefined })),
      /invalid \(userPoolId\)/,
    ],
  ])('rejects %s with a RuntimeConfigError', async (_, fetchFn, message) => {
    const promise = fetchRuntimeConfig(fetchFn as unknown as typeof fetch);
    await expect(promise).rejects.toBeInstanceOf(RuntimeConfigError);
    await expect(promise).rejects.toThrow(message);
  });

  it('rejects an unreachable configuration', async () => {
    const fetchFn = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(fetchRuntimeConfig(fetchFn)).rejects.toThrow('could not be reached');
  });
});

describe('parseRuntimeConfig agrees with the shared zod schema', () => {
  const cases: [string, unknown][] = [
    ['a valid configuration', valid],
    ['with a cognito endpoint', { ...valid, cognitoEndpoint: '/cognito' }],
    ['with an unknown key', { ...valid, extra: 1 }],
    ['a bad site URL', { ...valid, siteUrl: 'not a url' }],
    ['an empty region', { ...valid, region: '' }],
    ['a numeric api base', { ...valid, apiBaseUrl: 3 }],
    ['a missing client id', { ...valid, donorClientId: undefined }],
    ['a non-string endpoint', { ...valid, cognitoEndpoint: 5 }],
    ['null', null],
    ['an array', []],
  ];
  it.each(cases)('%s', (_, input) => {
    const ours = parseRuntimeConfig(input);
    const theirs = RuntimeConfig.safeParse(input);
    expect(ours.success).toBe(theirs.success);
    if (ours.success && theirs.success) expect(ours.data).toEqual(theirs.data);
    if (!ours.success && !theirs.success) {
      expect(ours.fields).toEqual(theirs.error.issues.map((i) => i.path.join('.') || '(root)'));
    }
  });
});
