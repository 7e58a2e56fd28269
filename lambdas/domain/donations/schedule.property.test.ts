import { GiftAidDeclarationInput } from '@shared/api/schemas/giving';
import {
  GIFT_AID_WORDING_VERSION,
  MAX_DONATION_PENCE,
  MIN_DONATION_PENCE,
  OUTSIDE_UK_POSTCODE,
} from '@shared/giving';
import { hmrcSchedule, removeNonWesternCharacters } from '../../../test/support/hmrc-schedule';
import type { Donation } from '../../data/donations';
import { scheduleFiles, scheduleRow, scheduleSpreadsheet } from './schedule';

/**
 * Issue 42's property: any donor the giving schema accepts (any Unicode name and address, any postcode shape,
 * any amount from £2 to £10,000, any day) gives a row HMRC's validator (our port of it) accepts with zero
 * errors, unchanged by its character deletion; a donor HMRC could not read is refused at the box instead.
 * A seeded generator, so a failure names its seed and donor and reproduces.
 */

const DONORS = 2000;
const SEED = Number(process.env.PROPERTY_SEED ?? 42);

/** mulberry32: a small seeded generator. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rnd = random(SEED);
const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;

/** Pieces of names and addresses people type, and what a paste or a phone adds. */
const PIECES = [
  () => pick(['Ada', 'Mary', 'Jane', 'Smith', 'O’Brien', "D'Arcy", 'Lovelace', 'Flat', 'Rose Cottage']),
  () => pick(['Zoë', 'José', 'Ærøskøbing', 'Müller', 'Façade', 'Ñúñez', 'ß', 'Ýr']),
  () => pick(['Łukasz', 'Dvořák', 'Şahin', 'Nguyễn', 'Œuvre', 'Ōsaka', 'Đorđe', 'Ħal']),
  () => pick(['Γιώργος', 'Дом', 'Иван', '王芳', '山田', 'محمد', 'דוד', 'ישראל', 'Ⅻ', '٣']),
  () => pick(['😀', '🏠', '👍🏽', '★', '…', '–', '—', '‘', '”', '•']),
  () => pick(['123', '8th', '4B', '221', '0']),
  () => pick([' ', '  ', '\u00a0', '\u202f', '\u3000', '\n', '\r\n', '\u2028', '-', '‐', "'", '.', ',']),
  () => String.fromCodePoint(int(0x20, 0x2fff)),
  () => String.fromCodePoint(int(0x10000, 0x1faff)),
];

/** How often each kind of piece comes (most donors type Latin letters; a few paste anything). */
const WEIGHTS = [30, 12, 10, 2, 3, 6, 8, 1, 1];

function piece(): string {
  let at = rnd() * WEIGHTS.reduce((a, b) => a + b, 0);
  for (const [i, w] of WEIGHTS.entries()) {
    at -= w;
    if (at < 0) return (PIECES[i] as () => string)();
  }
  return (PIECES[0] as () => string)();
}

function text(maxPieces: number): string {
  let out = '';
  for (let i = int(1, maxPieces); i > 0; i--) out += piece();
  return out;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const char = (set: string) => set[int(0, set.length - 1)] as string;

/** Any shape a donor might type as a postcode: right, nearly right (I, J or Z second), spaced, lower case. */
function postcode(): string {
  const shapes = [
    () => `${char(LETTERS)}${char(DIGITS)}`,
    () => `${char(LETTERS)}${char(DIGITS)}${char(DIGITS)}`,
    () => `${char(LETTERS)}${char(LETTERS)}${char(DIGITS)}`,
    () => `${char(LETTERS)}${char(LETTERS)}${char(DIGITS)}${char(DIGITS)}`,
    () => `${char(LETTERS)}${char(DIGITS)}${char(LETTERS)}`,
    () => `${char(LETTERS)}${char(LETTERS)}${char(DIGITS)}${char(LETTERS)}`,
    () => `${char(LETTERS)}${char(LETTERS + DIGITS)}${char(LETTERS + DIGITS)}`,
  ];
  const outward = (pick(shapes) as () => string)();
  const inward = `${char(DIGITS)}${char(LETTERS)}${char(LETTERS)}`;
  const typed = `${outward}${pick(['', ' ', '  '])}${inward}`;
  return rnd() < 0.3 ? typed.toLowerCase() : typed;
}

interface Case {
  n: number;
  input: unknown;
  pence: number;
  paidAt: string;
}

function donor(n: number): Case {
  const abroad = rnd() < 0.15;
  const input = {
    wording_version: GIFT_AID_WORDING_VERSION,
    ...(rnd() < 0.5 ? { title: pick(['Mr', 'Mrs', 'Ms', 'Dr', 'Mx', 'Prof', 'M', '']) } : {}),
    first_name: text(3).slice(0, 35),
    last_name: text(3).slice(0, 35),
    house: text(4).slice(0, 40),
    postcode: abroad ? null : postcode(),
    outside_uk_address: abroad ? text(12).slice(0, 200) : null,
    own_money: true,
  };
  const from = Date.parse('2020-04-06T00:00:00Z');
  const paidAt = new Date(from + Math.floor(rnd() * (Date.now() - 86_400_000 - from))).toISOString();
  return { n, input, pence: int(MIN_DONATION_PENCE, MAX_DONATION_PENCE), paidAt };
}

const asDonation = (c: Case, gift: GiftAidDeclarationInput): Donation =>
  ({
    id: `don_${c.n}`,
    status: 'paid',
    donation_pence: c.pence,
    paid_at: c.paidAt,
    gift_aid: {
      wording_version: gift.wording_version,
      text: '',
      declared_at: c.paidAt,
      title: gift.title ? gift.title : null,
      first_name: gift.first_name,
      last_name: gift.last_name,
      house: gift.house,
      postcode: gift.postcode ?? OUTSIDE_UK_POSTCODE,
      outside_uk_address: gift.outside_uk_address,
    },
  }) as unknown as Donation;

describe(`property (seed ${SEED}): ${DONORS} generated donors through the giving schema, the claim and HMRC's validator`, () => {
  it('every donor the box accepts is accepted by HMRC with zero errors, unchanged; the rest were refused at the box', () => {
    const cases = Array.from({ length: DONORS }, (_, n) => donor(n));
    const accepted: Donation[] = [];
    let refused = 0;
    for (const c of cases) {
      const parsed = GiftAidDeclarationInput.safeParse(c.input);
      if (!parsed.success) {
        refused++;
        // A refusal is words for the donor, never a crash.
        expect(parsed.error.issues.every((i) => typeof i.message === 'string' && i.message.length > 0)).toBe(
          true,
        );
        continue;
      }
      const donation = asDonation(c, parsed.data);
      // Accepted at the box means HMRC can read it: building its row never refuses.
      try {
        scheduleRow(donation);
      } catch (error) {
        throw new Error(
          `donor ${c.n} (seed ${SEED}) ${JSON.stringify(c.input)}: ${(error as Error).message}`,
        );
      }
      accepted.push(donation);
    }
    // The generator must exercise both sides.
    expect(accepted.length).toBeGreaterThan(DONORS * 0.2);
    expect(refused).toBeGreaterThan(DONORS * 0.2);

    const rows = [...accepted]
      .sort((a, b) => (a.paid_at ?? '').localeCompare(b.paid_at ?? ''))
      .map(scheduleRow);
    const files = scheduleFiles(rows);
    for (const [f, fileRows] of files.entries()) {
      const read = hmrcSchedule(scheduleSpreadsheet(fileRows, { overclaimedPence: f === 0 ? 1234 : 0 }));
      const context = (i: number) => JSON.stringify(fileRows[i]);
      expect({ file: f, errors: read.errors }).toEqual({ file: f, errors: [] });
      expect(read.data?.donations).toHaveLength(fileRows.length);
      for (const [i, d] of (read.data?.donations ?? []).entries()) {
        const r = fileRows[i];
        if (!r) throw new Error('row missing');
        // HMRC's deletion changes nothing we wrote: every cell is already what it keeps.
        for (const cell of [r.title, r.first_name, r.last_name, r.house, r.postcode])
          expect({ row: context(i), cell: removeNonWesternCharacters(cell, true) }).toEqual({
            row: context(i),
            cell,
          });
        expect([d.firstName, d.lastName, d.house, d.postcode]).toEqual([
          r.first_name,
          r.last_name,
          r.house,
          r.postcode,
        ]);
        expect(d.amount).toBe(`${Math.floor(r.pence / 100)}.${String(r.pence % 100).padStart(2, '0')}`);
      }
    }
  });
});
