import type { Donation } from '../../data/donations';
import { clip, ddmmyy, scheduleFiles, scheduleName, scheduleRow, scheduleTitle } from './schedule';

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
  });

  it('names: at most 35 characters, never half a character, double-barrelled with a space', () => {
    expect(scheduleName('Smith-Jones')).toBe('Smith Jones');
    expect(scheduleName(`${'a'.repeat(34)} bcd`)).toBe('a'.repeat(34));
    expect(Array.from(scheduleName('𝒜'.repeat(40)))).toHaveLength(35);
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
});
