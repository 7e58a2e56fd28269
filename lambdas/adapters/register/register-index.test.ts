import { join } from 'node:path';
import { buildIndex, type IndexedCharity, snippetOf } from './build-index';
import { createExtractRegister, type IndexSource } from './extract-register';
import { importExtract } from './import-extract';
import { deserializeIndex, serializeIndex } from './index-format';
import { createSearchIndex } from './search-index';

const SAMPLE = join(__dirname, '..', '..', '..', 'infra', 'local', 'register-sample');

function charity(regNo: number, name: string, income: number | null): IndexedCharity {
  return {
    regNo,
    detail: {
      name,
      registrationNumber: String(regNo),
      isActive: true,
      email: null,
      phone: null,
      website: null,
      address: null,
      registrationDate: '2001-01-01',
      removalDate: null,
      income,
      expenditure: null,
      trustees: [],
      employees: null,
      volunteers: null,
      activities: null,
      objectives: null,
      areaOfOperation: [],
    },
    causes: [],
  };
}

/** Builds, serializes and reloads, so every test goes through the file format too. */
function searchOver(charities: IndexedCharity[]) {
  const built = buildIndex(charities, { extractDate: '2026-11-20', builtAt: '2026-11-21T00:00:00Z' });
  return createSearchIndex(deserializeIndex(serializeIndex(built.index)));
}
const names = (s: ReturnType<typeof searchOver>, docs: number[]) =>
  docs.map((d) => s.index.name.text.slice(s.index.name.offsets[d], s.index.name.offsets[d + 1]));

describe('register search ranking', () => {
  const s = searchOver([
    charity(1001, 'Friends of the Earth Trust', 900),
    charity(1002, 'The Friends of Hollowmere Park', 50),
    charity(1003, 'Friends of Hollowmere', 10),
    charity(1004, 'Hollowmere Friends Club', 5000),
    charity(1005, 'Frends of Ashcombe', 100),
    charity(1006, "St Mary's Church Hollowmere", 70),
    charity(1007, 'Stanley Foundation', 80),
    charity(1008, 'Earthworks & Gardens', 20),
    charity(10070, 'Numbers Trust', 1),
  ]);

  it('puts the exact name first, then names starting with the query, then all-words matches by income', () => {
    expect(names(s, s.searchByName('Friends of Hollowmere', 150))).toEqual([
      'Friends of Hollowmere',
      // all words present, by income
      'The Friends of Hollowmere Park',
    ]);
    expect(names(s, s.searchByName('friends', 150)).slice(0, 3)).toEqual([
      'Friends of the Earth Trust',
      'Friends of Hollowmere',
      'Hollowmere Friends Club',
    ]);
  });

  it('ignores case, accents, apostrophes and "&"', () => {
    expect(names(s, s.searchByName('ST MARYS church', 150))).toEqual(["St Mary's Church Hollowmere"]);
    expect(names(s, s.searchByName('earthworks and gardens', 150))).toEqual(['Earthworks & Gardens']);
  });

  it('lets the last word be unfinished', () => {
    expect(names(s, s.searchByName('friends of the ear', 150))).toEqual(['Friends of the Earth Trust']);
  });

  it('finds one-typo matches after exact ones', () => {
    expect(names(s, s.searchByName('frends', 150))).toEqual([
      'Frends of Ashcombe',
      'Hollowmere Friends Club',
      'Friends of the Earth Trust',
      'The Friends of Hollowmere Park',
      'Friends of Hollowmere',
    ]);
    expect(names(s, s.searchByName('hollowmeer park', 150))).toEqual(['The Friends of Hollowmere Park']);
  });

  it('caps the results', () => {
    expect(s.searchByName('friends', 2)).toHaveLength(2);
  });

  it('searches numbers exactly first, then numbers starting with the digits', () => {
    expect(names(s, s.searchByNumber('1007', 150))).toEqual(['Stanley Foundation', 'Numbers Trust']);
    expect(s.findNumber('1003')).toBeDefined();
    expect(s.findNumber('99')).toBeUndefined();
  });

  it('returns nothing for text with no letters or digits', () => {
    expect(s.searchByName('  --  ', 150)).toEqual([]);
  });
});

describe('snippets', () => {
  it('shortens long activity text at a word boundary', () => {
    const long = 'word '.repeat(100);
    const snip = snippetOf(long);
    expect(snip.length).toBeLessThanOrEqual(241);
    expect(snip.endsWith('…')).toBe(true);
    expect(snippetOf('Short text.')).toBe('Short text.');
  });
});

describe('the sample extract', () => {
  it('imports only registered main charities, with details from every table', async () => {
    const { charities, stats } = await importExtract(SAMPLE);
    expect(stats.rows).toBe(66);
    expect(stats.registeredMain).toBe(64);
    expect(stats.optionalTablesMissing).toEqual([]);
    const larder = charities.find((c) => c.detail.name === 'Brambleford Community Larder');
    expect(larder?.detail).toMatchObject({
      isActive: true,
      trustees: expect.arrayContaining([expect.any(String)]),
      volunteers: 8, // the later of two annual returns (5, then 8)
      areaOfOperation: ['Brambleford (fictional)'],
      objectives: expect.stringContaining('Brambleford'),
    });
    expect(charities.some((c) => c.detail.name.includes('Tennis for Tots'))).toBe(false);
    expect(charities.some((c) => c.detail.name.includes('Youth Kitchen'))).toBe(false);
  });

  it('serves details from the byte range of the details file', async () => {
    const { charities } = await importExtract(SAMPLE);
    const built = buildIndex(charities, { extractDate: 'x', builtAt: 'y' });
    const source: IndexSource = {
      open: async () => ({
        index: serializeIndex(built.index),
        readDetails: async (offset, length) => built.details.subarray(offset, offset + length),
      }),
    };
    const register = createExtractRegister(source);
    const hits = await register.search('hedgehog', 'name', 150);
    expect(hits.map((h) => h.name)).toEqual(['Hollowmere Hedgehog Hospital']);
    const detail = await register.getDetails(hits[0]!.registrationNumber);
    expect(detail?.name).toBe('Hollowmere Hedgehog Hospital');
    expect(await register.getDetails('1')).toBeNull();
  });
});
