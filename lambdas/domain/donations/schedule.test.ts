import { normalisePostcode } from '@shared/giving';
import * as XLSX from 'xlsx';
import { hmrcSchedule } from '../../../test/support/hmrc-schedule';
import type { Donation } from '../../data/donations';
import {
  clip,
  ddmmyy,
  scheduleAmount,
  scheduleFiles,
  scheduleName,
  scheduleRow,
  scheduleSpreadsheet,
  scheduleTitle,
  UnreadableDeclarationError,
} from './schedule';

const donation = (over: Partial<NonNullable<Donation['gift_aid']>>, paidAt = '2025-06-30T23:30:00Z') =>
  ({
    id: 'don_1',
    donation_pence: 1050,
    paid_at: paidAt,
    gift_aid: {
      wording_version: 'v1',
      text: '',
      declared_at: paidAt,
      title: 'Mrs.',
      first_name: 'Ada',
      last_name: 'Lovelace',
      house: '12',
      postcode: 'sw1a1aa',
      outside_uk_address: null,
      ...over,
    },
  }) as unknown as Donation;

describe("HMRC's schedule rules", () => {
  it('titles: letters only, at most 4', () => {
    expect(['Mr.', 'Mrs', 'Prof.', 'Dr', null].map(scheduleTitle)).toEqual(['Mr', 'Mrs', 'Prof', 'Dr', '']);
    // HMRC's validator wants 2 to 4 ASCII letters: one letter is left blank, an accent loses its mark.
    expect(['M', 'Mé', 'Sra.'].map(scheduleTitle)).toEqual(['', 'Me', 'Sra']);
  });

  it('names: at most 35 characters, never half a character, double-barrelled with a space', () => {
    expect(scheduleName('Smith-Jones')).toBe('Smith Jones');
    expect(scheduleName(`${'a'.repeat(34)} bcd`)).toBe('a'.repeat(34));
    expect(Array.from(scheduleName('é'.repeat(40)))).toHaveLength(35);
    expect(clip('abc  ', 4)).toBe('abc');
  });

  it('the UK date of payment as DD/MM/YY, the postcode in capitals with a space, the gross in pence', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    expect(scheduleRow(donation({}))).toEqual({
      title: 'Mrs',
      first_name: 'Ada',
      last_name: 'Lovelace',
      house: '12',
      postcode: 'SW1A 1AA',
      date: '01/07/25',
      pence: 1050,
    });
    expect(ddmmyy('2024-12-31')).toBe('31/12/24');
  });

  it('outside the UK: X, and the address in the house field, up to 40', () => {
    const row = scheduleRow(
      donation({
        postcode: 'X',
        house: 'Flat 2',
        outside_uk_address: '10 Downing Road, Dublin, Ireland D02',
      }),
    );
    expect(row.postcode).toBe('X');
    expect(row.house).toBe('Flat 2, 10 Downing Road, Dublin, Ireland');
  });

  it('1,000 rows a file: 1,001 make two', () => {
    const rows = Array.from({ length: 1001 }, () => scheduleRow(donation({})));
    expect(scheduleFiles(rows).map((f) => f.length)).toEqual([1000, 1]);
  });

  it('names beyond Latin-1 keep their base letters (HMRC deletes what it cannot read)', () => {
    expect(scheduleName('Łukasz Wołoszyński')).toBe('Lukasz Woloszynski');
    expect(scheduleName('Zoë O’Brien')).toBe("Zoë O'Brien");
    expect(scheduleAmount(1050)).toBe('10.50');
    expect(scheduleAmount(7)).toBe('0.07');
  });

  it("a file HMRC's validator accepts: every rule, where its template puts each cell", () => {
    const rows = [
      donation({ title: 'M', first_name: 'Łukasz', last_name: 'Smith-Jones' }),
      donation({ postcode: 'X', house: '4', outside_uk_address: '1 Rue de Rivoli, 75001 Paris, France' }),
      donation({ first_name: 'A'.repeat(50), last_name: 'B'.repeat(50), house: 'C'.repeat(60) }),
    ].map(scheduleRow);
    const read = hmrcSchedule(scheduleSpreadsheet(rows), new Date('2025-07-02T12:00:00Z'));
    expect(read.errors).toEqual([]);
    expect(read.sheetName).toBe('R68GAD_V1_00_0_EN');
    expect(read.earliest).toBe('01/07/25');
    expect(read.rows.map((r) => [r.item, r.title, r.firstName, r.lastName, r.postcode, r.amount])).toEqual([
      ['1', '', 'Lukasz', 'Smith Jones', 'SW1A 1AA', '10.50'],
      ['2', 'Mrs', 'Ada', 'Lovelace', 'X', '10.50'],
      ['3', 'Mrs', 'A'.repeat(35), 'B'.repeat(35), 'SW1A 1AA', '10.50'],
    ]);
    // The oracle is not a rubber stamp: a date in the future and a missing name are refused.
    const bad = hmrcSchedule(
      scheduleSpreadsheet([{ ...rows[0], first_name: '', date: '31/12/99' } as (typeof rows)[0]]),
      new Date('2025-07-02T12:00:00Z'),
    );
    expect(bad.errors).toEqual(
      expect.arrayContaining([expect.stringMatching(/first name/), expect.stringMatching(/future/)]),
    );
  });
});

describe('issue 42: what HMRC would reject, found before HMRC does', () => {
  const TODAY = new Date('2025-07-02T12:00:00Z');
  const cells = (bytes: Buffer) => {
    const content = (XLSX.CFB.find(XLSX.CFB.read(bytes, { type: 'buffer' }), 'content.xml')?.content ??
      []) as Uint8Array;
    return Buffer.from(content).toString('utf8');
  };

  it('1. a required cell HMRC would read blank stops the claim, naming the donation', () => {
    for (const [over, field] of [
      [{ first_name: 'Γιώργος' }, 'first name'],
      [{ first_name: '😀' }, 'first name'],
      [{ last_name: '王芳' }, 'last name'],
      [{ house: 'Дом' }, 'house name or number'],
      [{ postcode: 'SZ1 1AA' }, 'postcode'],
    ] as const) {
      expect(() => scheduleRow(donation(over))).toThrow(UnreadableDeclarationError);
      expect(() => scheduleRow(donation(over))).toThrow(
        `Gift Aid donation don_1: HMRC could not read its ${field}`,
      );
    }
    // A last name of digits is something HMRC reads: kept.
    expect(scheduleRow(donation({ last_name: '123' })).last_name).toBe('123');
  });

  it('2. postcodes HMRC refuses are not postcodes (SZ1 1AA, BI1 1AA)', () => {
    expect(normalisePostcode('sz1 1aa')).toBeNull();
    expect(normalisePostcode('BI11AA')).toBeNull();
    expect(normalisePostcode('gir0aa')).toBe('GIR 0AA');
    expect(normalisePostcode('ec1a1bb')).toBe('EC1A 1BB');
    expect(normalisePostcode('W1O7HG')).toBe('W1O 7HG');
  });

  it('3. a line break becomes ", " and a non-breaking space a space, before anything is cut', () => {
    const abroad = scheduleRow(
      donation({ postcode: 'X', house: '2', outside_uk_address: '12 Rue de Rivoli\r\n75001 Paris' }),
    );
    expect(abroad.house).toBe('2, 12 Rue de Rivoli, 75001 Paris');
    expect(scheduleRow(donation({ house: 'Flat 2\n41' })).house).toBe('Flat 2, 41');
    expect(scheduleRow(donation({ first_name: 'Mary\u00a0Jane' })).first_name).toBe('Mary Jane');
    expect(scheduleRow(donation({ last_name: 'van\u202fder\u00a0Berg' })).last_name).toBe('van der Berg');
  });

  it('4. digits kept in names; hyphens kept in a first name, a space in a last name', () => {
    const row = scheduleRow(donation({ first_name: 'Henry 8th', last_name: 'Smith-Jones' }));
    expect([row.first_name, row.last_name]).toEqual(['Henry 8th', 'Smith Jones']);
    expect(scheduleRow(donation({ first_name: 'Anne-Marie' })).first_name).toBe('Anne-Marie');
  });

  it("5. HMRC's template layout: headings in row 23, (Yes/blank) and (DD/MM/YY) in row 24, no row without a cell", () => {
    const bytes = scheduleSpreadsheet([scheduleRow(donation({}))]);
    const book = XLSX.read(bytes, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet;
    const at = (ref: string) => (sheet[ref] as XLSX.CellObject | undefined)?.v;
    expect(at('B23')).toBe('Item');
    expect(at('K23')).toBe('Amount');
    expect(at('I24')).toBe('(Yes/blank)');
    expect(at('J24')).toBe('(DD/MM/YY)');
    expect(at('D12')).toBe('Earliest donation date in the period of claim. (DD/MM/YY)');
    expect(at('C13')).toBe('Box 1');
    expect(at('D13')).toBe('01/07/25');
    expect(at('D16')).toBe('Previously over-claimed amount. Leave blank if none');
    expect(at('C17')).toBe('Box 2');
    expect(at('B25')).toBe('1');
    const xml = cells(bytes);
    expect(xml).not.toMatch(/<table:table-row><\/table:table-row>|<table:table-row\/>/);
    expect(hmrcSchedule(bytes, TODAY).errors).toEqual([]);
  });

  it("6. Box 2 holds the tax over-claimed (two decimals, blank when none), and HMRC's validator reads it", () => {
    const rows = [scheduleRow(donation({}))];
    expect(
      hmrcSchedule(scheduleSpreadsheet(rows, { overclaimedPence: 262 }), TODAY).data?.prevOverclaimedGiftAid,
    ).toBe('2.62');
    expect(hmrcSchedule(scheduleSpreadsheet(rows), TODAY).overclaimed).toBe('');
  });
});
