import { routeList } from '@shared/api/routes';
import { callApi } from '../support/api';
import { createCharity } from '../support/charity';

jest.setTimeout(120_000);

/** Request bodies no route accepts: every schema is a strict object, so each must be a clear 4xx. */
const BODIES: { name: string; raw: string }[] = [
  { name: 'array', raw: '[1,2]' },
  { name: 'null', raw: 'null' },
  { name: 'string', raw: '"text"' },
  { name: 'number', raw: '12345678901234567890' },
  { name: 'unknown field', raw: '{"unknown":1}' },
  { name: 'deep nesting', raw: `{"x":${'['.repeat(200)}${']'.repeat(200)}}` },
  { name: 'broken JSON', raw: '{"name":' },
];
const PATH_VALUES = ['not-a-uuid', '%2e%2e', '00000000-0000-4000-8000-000000000000'];

describe('bad input of any shape', () => {
  it('gets a 4xx from every route, never a 500, for a signed-in charity', async () => {
    const c = await createCharity({ label: 'bad-input' });
    const failures: string[] = [];
    for (const route of routeList) {
      const paths = route.path.includes('{')
        ? PATH_VALUES.map((v) => route.path.replace(/\{\w+\}/g, v))
        : [route.path];
      for (const path of paths) {
        const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
        const attempts = hasBody
          ? BODIES.map((b) =>
              callApi(route.method, path, undefined, { token: c.idToken, raw: b.raw }).then(
                (r) => [b.name, r] as const,
              ),
            )
          : [
              callApi(route.method, `${path}?unknown=1`, undefined, { token: c.idToken }).then(
                (r) => ['query', r] as const,
              ),
            ];
        // A document (the page a shared link opens) answers its path whatever the query: as without one.
        const expected = route.document
          ? (await callApi(route.method, path, undefined, { token: c.idToken })).status
          : undefined;
        for (const [name, res] of await Promise.all(attempts)) {
          if (expected !== undefined ? res.status !== expected : res.status < 400 || res.status >= 500)
            failures.push(`${route.id} ${path} ${name}: ${res.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
