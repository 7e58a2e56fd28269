import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CAUSES } from '@shared/causes';
import { buildIndex } from './build-index';
import { causeColumn, causesAt } from './cause-column';
import { createExtractRegister, type IndexSource } from './extract-register';
import { EXTRACT_FILES, importExtract } from './import-extract';
import { deserializeIndex, serializeIndex } from './index-format';

const SAMPLE = join(__dirname, '..', '..', '..', 'infra', 'local', 'register-sample');
const LARDER = '5100000';
const LARDER_CAUSES = [102, 105, 201, 207, 306];

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'register-causes-'));
  await copyFile(join(SAMPLE, EXTRACT_FILES.charity), join(dir, EXTRACT_FILES.charity));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const row = (org: number, regNo: number, code: unknown, extra: Record<string, unknown> = {}) => ({
  date_of_extract: '2026-11-20T00:00:00',
  organisation_number: org,
  registered_charity_number: regNo,
  linked_charity_number: 0,
  classification_code: code,
  classification_type: 'What',
  classification_description: 'x',
  ...extra,
});

/** A register over `dir`'s extract, through the file format and the details file. */
async function registerOf(folder: string) {
  const { charities, stats } = await importExtract(folder);
  const built = buildIndex(charities, { extractDate: 'x', builtAt: 'y' });
  const index = serializeIndex(built.index);
  const source: IndexSource = {
    open: async () => ({
      index,
      readDetails: async (offset, length) => built.details.subarray(offset, offset + length),
    }),
  };
  return { register: createExtractRegister(source), stats, index };
}

describe('causes from the classification table', () => {
  it('reads the sample: main registered charities only, each code once, in list order', async () => {
    const { charities, stats } = await importExtract(SAMPLE);
    const larder = charities.find((c) => c.detail.registrationNumber === LARDER);
    // The linked Youth Kitchen shares the larder's number: its Recreation, Elderly and Human resources stay out.
    expect(larder?.causes).toEqual(LARDER_CAUSES);
    expect(charities.every((c) => c.causes.length > 0)).toBe(true);
    expect(stats).toMatchObject({ unknownClassifications: 0, unknownClassificationCodes: [] });
    expect(stats.classifications).toBe(charities.reduce((n, c) => n + c.causes.length, 0));
  });

  it('ignores unknown codes and counts them; reads a row with no code by its description', async () => {
    await writeFile(
      join(dir, EXTRACT_FILES.classification),
      `\ufeff${JSON.stringify([
        row(700000, 5100000, 105),
        row(700000, 5100000, 105), // twice in the file, once in the index
        row(700000, 5100000, 199),
        row(700000, 5100000, 199),
        row(700000, 5100000, 'abc', { classification_description: 'Knitting' }),
        row(700000, 5100000, null, { classification_description: 'Children/Young People' }),
        row(700000, 5100000, 310, { linked_charity_number: 2 }),
        row(700036, 5100252, 110), // removed
        row(999999, 999999, 111), // not in the charity table
      ])}`,
    );
    const { charities, stats } = await importExtract(dir);
    expect(charities.find((c) => c.regNo === 5100000)?.causes).toEqual([105, 201]);
    expect(stats).toMatchObject({
      classifications: 3,
      unknownClassifications: 3,
      // A code that is not a number is read by its description.
      unknownClassificationCodes: ['199', 'Knitting'],
    });
    expect(stats.optionalTablesMissing).not.toContain(EXTRACT_FILES.classification);
  });

  it('still imports without the classification file: no causes', async () => {
    const { register, stats } = await registerOf(dir);
    expect(stats.optionalTablesMissing).toContain(EXTRACT_FILES.classification);
    expect((await register.getDetails(LARDER))?.causes).toEqual([]);
    expect((await register.facts([LARDER])).get(LARDER)).toEqual({
      causes: [],
      income: 48250,
      registered: true,
    });
  });
});

describe('the cause column', () => {
  it('keeps every code through the bitset, the last bits of a word too', () => {
    const all = CAUSES.map((c) => c.code);
    const perDoc = [all, [], [all[31] as number, all[32] as number], [310, 101], [999]];
    const column = causeColumn(perDoc);
    expect(column.bits.length).toBe(perDoc.length * 2);
    expect(perDoc.map((_, doc) => causesAt(column, doc))).toEqual([
      all,
      [],
      [all[31], all[32]],
      [101, 310],
      [],
    ]);
  });

  it('round-trips through the index file, and an older file without causes still loads', async () => {
    const { charities } = await importExtract(SAMPLE);
    const built = buildIndex(charities, { extractDate: 'x', builtAt: 'y' });
    const file = serializeIndex(built.index);
    expect(file.readUInt32LE(4)).toBe(2);
    const back = deserializeIndex(file);
    expect(back.causes.codes).toEqual(CAUSES.map((c) => c.code));
    for (let doc = 0; doc < back.count; doc++)
      expect(causesAt(back.causes, doc)).toEqual(causesAt(built.index.causes, doc));

    // Version 1: the same file less the causes section and header field.
    const header = JSON.parse(file.subarray(12, 12 + file.readUInt32LE(8)).toString('utf8'));
    delete header.causeCodes;
    header.sections = header.sections.filter((s: { name: string }) => s.name !== 'causes.bits');
    const v1Header = Buffer.from(JSON.stringify(header));
    const oldStart = Math.ceil((12 + file.readUInt32LE(8)) / 8) * 8;
    const start = Math.ceil((12 + v1Header.length) / 8) * 8;
    const v1 = Buffer.alloc(start + file.length - oldStart);
    v1.write('KRIX', 0, 'latin1');
    v1.writeUInt32LE(1, 4);
    v1.writeUInt32LE(v1Header.length, 8);
    v1Header.copy(v1, 12);
    file.copy(v1, start, oldStart);
    const old = deserializeIndex(v1);
    expect(old.count).toBe(back.count);
    expect(causesAt(old.causes, 0)).toEqual([]);
  });
});

describe('the extract register answers causes', () => {
  it('in the details and, for many numbers at once, in the facts', async () => {
    const { register } = await registerOf(SAMPLE);
    expect((await register.getDetails(LARDER))?.causes).toEqual(LARDER_CAUSES);
    const facts = await register.facts([LARDER, '5100182', '5100252', '1', 'x1']);
    expect([...facts.keys()]).toEqual([LARDER, '5100182', '5100252', '1', 'x1']);
    expect(facts.get(LARDER)).toEqual({ causes: LARDER_CAUSES, income: 48250, registered: true });
    expect(facts.get('5100182')).toMatchObject({ causes: [111, 207, 306], registered: true });
    // Removed, unknown and malformed numbers: not registered.
    for (const n of ['5100252', '1', 'x1'])
      expect(facts.get(n)).toEqual({ causes: [], income: null, registered: false });
  });
});
