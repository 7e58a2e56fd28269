import { cloud } from '../support/cloud';
import { claimSampleCharity } from '../support/numbers';
import { markOnPlatform } from '../support/on-platform';

const { appUrl } = cloud();

async function post(
  path: string,
  body: unknown,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) {
  const res = await fetch(`${appUrl}/api/${path}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('search-charities through the local gateway (sample extract)', () => {
  it('finds registered main charities by name, best first, with the spec fields', async () => {
    const { status, body } = await post('search-charities', {
      searchTerm: 'Friends of Hollowmere Park',
      searchType: 'name',
    });
    expect(status).toBe(200);
    const charities = body.charities as Record<string, unknown>[];
    expect(charities[0]).toEqual({
      registrationNumber: expect.stringMatching(/^\d+$/),
      name: 'Friends of Hollowmere Park',
      isActive: true,
      registrationDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      activities: expect.stringContaining('Hollowmere Park'),
      website: expect.any(String),
      // Other suites may have registered it: the flag itself is tested below.
      isOnKindred: expect.any(Boolean),
      isLive: false,
    });
    // Removed and linked charities are never found.
    const all = await post('search-charities', { searchTerm: 'tennis', searchType: 'name' });
    expect(all.body.charities).toEqual([]);
  });

  it('flags charities that have an account, from the in-memory list of registration markers', async () => {
    const first = await post('search-charities', { searchTerm: 'hedgehog', searchType: 'name' });
    const regNo = (first.body.charities as { registrationNumber: string }[])[0]!.registrationNumber;
    // Resolves once a search answers the flag (the list is refreshed in the background).
    const undo = await markOnPlatform({ appUrl, registrationNumber: claimSampleCharity(regNo).number });
    try {
      const again = await post('search-charities', { searchTerm: regNo, searchType: 'number' });
      expect(again.body.charities).toEqual([
        expect.objectContaining({ registrationNumber: regNo, isOnKindred: true }),
      ]);
    } finally {
      await undo();
    }
  });

  it('answers bad input of any shape with a 400 in plain words, never a 500', async () => {
    const cases: [unknown, string][] = [
      [{ searchTerm: 42, searchType: 'name' }, 'Please enter a charity name or registration number'],
      [{ searchTerm: '   ', searchType: 'name' }, 'Please enter a charity name or registration number'],
      [{ searchTerm: 'x'.repeat(201), searchType: 'name' }, 'Please enter at most 200 characters'],
      [{ searchTerm: 'abc', searchType: 'fuzzy' }, 'searchType must be name or number'],
      [{ searchTerm: 'abc', searchType: 'number' }, 'A number search takes digits only'],
      [{ searchTerm: 'abc', searchType: 'name', extra: 1 }, 'Unknown field: extra'],
      [{}, 'Please enter a charity name or registration number'],
    ];
    for (const [input, message] of cases) {
      const { status, body } = await post('search-charities', input);
      expect({ status, error: body.error, success: body.success }).toEqual({
        status: 400,
        error: message,
        success: false,
      });
    }
    expect((await post('search-charities', '{"searchTerm":')).status).toBe(400);
    expect((await post('search-charities', '[]')).status).toBe(400);
    expect((await post('search-charities', 'searchTerm=x', { 'content-type': 'text/plain' })).status).toBe(
      415,
    );
    expect(
      (await post('search-charities', { searchTerm: 'a'.repeat(20_000), searchType: 'name' })).status,
    ).toBe(413);
  });
});

describe('get-charity-details through the local gateway', () => {
  it('returns every spec field for a registered charity', async () => {
    const found = await post('search-charities', {
      searchTerm: 'Brambleford Community Larder',
      searchType: 'name',
    });
    const hit = (found.body.charities as { registrationNumber: string; name: string }[])[0]!;
    const { status, body } = await post('get-charity-details', {
      registrationNumber: hit.registrationNumber,
      charityName: hit.name,
      isActive: true,
    });
    expect(status).toBe(200);
    expect(Object.keys(body.charity as object).sort()).toEqual(
      [
        'name',
        'registrationNumber',
        'isActive',
        'email',
        'phone',
        'website',
        'address',
        'registrationDate',
        'removalDate',
        'income',
        'expenditure',
        'trustees',
        'employees',
        'volunteers',
        'activities',
        'objectives',
        'areaOfOperation',
        'causes',
      ].sort(),
    );
    expect(body.charity).toMatchObject({
      name: 'Brambleford Community Larder',
      income: 48250,
      address: { line1: expect.any(String) },
      // The register's classification codes (shared/src/causes.ts); not the linked Youth Kitchen's.
      causes: [102, 105, 201, 207, 306],
    });
  });

  it('answers 404 for a number not on the register and 400 for a malformed one', async () => {
    const missing = await post('get-charity-details', { registrationNumber: '1' });
    expect(missing).toEqual({
      status: 404,
      body: { success: false, code: 'CHARITY_NOT_FOUND', error: 'Charity not found' },
    });
    expect((await post('get-charity-details', { registrationNumber: 'DROP TABLE' })).status).toBe(400);
    expect((await post('get-charity-details', { registrationNumber: 123 })).status).toBe(400);
  });
});
