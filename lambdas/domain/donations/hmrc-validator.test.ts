import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type HmrcRow, hmrcSchedule, hmrcValidateRows } from '../../../test/support/hmrc-schedule';

/**
 * Our port of HMRC's Gift Aid schedule validator (`test/support/hmrc-schedule.ts`) against HMRC's own test
 * files and HMRC's expected results (`GiftAidValidationServiceSpec.scala`, hmrc/charities-claims-validation,
 * Apache 2.0; the files and their licence are in test/fixtures/hmrc-gift-aid). The oracle every schedule we
 * write is held to must first agree with HMRC on HMRC's own files.
 */

const FIXTURES = join(__dirname, '../../../test/fixtures/hmrc-gift-aid');
const file = (name: string) => readFileSync(join(FIXTURES, `Gift-Aid-Schedule-Excel-${name}.ods`));
// HMRC's spec runs on `LocalDate.now`; its "future" date is 18/11/27, so the day is fixed before it.
const TODAY = new Date('2026-06-01T12:00:00Z');
const read = (name: string) => hmrcSchedule(file(name), TODAY);
const m = (n: number) => `validationService.giftAid.message.${n}`;

const donation = (
  item: number,
  title: string | null,
  firstName: string | null,
  lastName: string | null,
  house: string | null,
  postcode: string | null,
  aggregated: string | null,
  sponsored: boolean,
  date: string,
  amount: string,
) => ({ item, title, firstName, lastName, house, postcode, aggregated, sponsored, date, amount });

const VALID_DATA = {
  earliestDonationDate: '2017-11-10',
  prevOverclaimedGiftAid: null,
  totalDonations: '1450.00',
  donations: [
    donation(1, 'Prof', 'Henry', 'House Martin', '152A', 'M99 2QD', null, false, '2015-03-24', '240.00'),
    donation(2, 'Mr', 'John', 'Smith', '100 Champs Elysees, Paris', 'X', null, false, '2015-06-24', '250.00'),
    donation(3, null, null, null, null, null, 'One off Gift Aid donations', false, '2015-03-31', '880.00'),
    donation(4, 'Miss', 'B', 'Chaudry', '21', 'L43 4FB', null, true, '2015-04-26', '80.00'),
  ],
};

/** `BadDataValidationErrors`: 42 errors, in HMRC's order. */
const BAD_DATA: [string, number][] = [
  ['earliestDonationDate', 2],
  ['previouslyOverClaimedAmount', 4],
  ['donorFirstName[0]', 14],
  ['donorLastName[1]', 15],
  ['donorHouse[2]', 18],
  ['postcode[3]', 20],
  ['donationDate[4]', 7],
  ['donationAmount[5]', 11],
  ['donationDate[6]', 8],
  ['donationDate[7]', 9],
  ['donationAmount[8]', 10],
  ['donorTitle[9]', 13],
  ['donorFirstName[10]', 16],
  ['donorLastName[11]', 17],
  ['donorHouse[12]', 19],
  ['sponsoredEvent[13]', 22],
  ['aggregateDonationsConflict[14]', 23],
  ['donationAmount[14]', 12],
  ['aggregateDonationsConflict[15]', 24],
  ['donationAmount[15]', 12],
  ['aggregateDonationsConflict[16]', 25],
  ['donationAmount[16]', 12],
  ['aggregateDonationsConflict[17]', 26],
  ['donationAmount[17]', 12],
  ['aggregateDonationsConflict[18]', 27],
  ['donationAmount[18]', 12],
  ['aggregateDonationsConflict[19]', 28],
  ['donationAmount[19]', 12],
  ['aggregateDonations[20]', 5],
  ['donationAmount[21]', 12],
  ['item[22]', 6],
  ['item[23]', 6],
  ['donorFirstName[24]', 14],
  ['donorLastName[24]', 15],
  ['donorHouse[24]', 18],
  ['postcode[24]', 20],
  ['donationDate[24]', 7],
  ['donationAmount[24]', 11],
  ['donorFirstName[25]', 14],
  ['donorLastName[25]', 15],
  ['donorHouse[25]', 18],
  ['postcode[25]', 20],
];

describe("our port of HMRC's validator gives HMRC's results on HMRC's seven test files", () => {
  it('GoodData (HMRC’s filled-in template): no error, the four donations, £1,450.00', () => {
    const r = read('GoodData');
    expect(r.findings).toEqual([]);
    expect(r.data).toEqual(VALID_DATA);
  });

  it('GoodDataWithMultipleSpaces: runs of spaces made one, no error, £1,700.00', () => {
    const r = read('GoodDataWithMultipleSpaces');
    expect(r.findings).toEqual([]);
    expect(r.data).toEqual({
      earliestDonationDate: '2017-11-10',
      prevOverclaimedGiftAid: null,
      totalDonations: '1700.00',
      donations: [
        donation(
          1,
          'Prof',
          'Henry Multiple Spaces',
          'House Martin',
          '152A Multiple Spaces',
          'M99 2QD',
          null,
          false,
          '2015-03-24',
          '240.00',
        ),
        donation(
          2,
          'Mr',
          'John Multiple Spaces',
          'Smith Multiple Spaces',
          '100 Champs Elysees, Paris',
          'X',
          null,
          false,
          '2015-06-24',
          '250.00',
        ),
        VALID_DATA.donations[2],
        VALID_DATA.donations[3],
        donation(
          5,
          'Mr',
          'John',
          'Smith',
          '100 Champs Elysees, Paris',
          'X',
          null,
          false,
          '2015-06-24',
          '250.00',
        ),
      ],
    });
  });

  it('InvalidEarliestDonationDate: the two header errors, the rows still valid', () => {
    const r = read('InvalidEarliestDonationDate');
    expect(r.findings).toEqual([
      { field: 'earliestDonationDate', message: m(3) },
      { field: 'previouslyOverClaimedAmount', message: m(4) },
    ]);
    expect(r.data).toEqual({ ...VALID_DATA, earliestDonationDate: null });
  });

  it('BadData: the 42 errors in HMRC’s order, no data', () => {
    const r = read('BadData');
    expect(r.findings).toEqual(BAD_DATA.map(([field, n]) => ({ field, message: m(n) })));
    expect(r.findings).toHaveLength(42);
    expect(r.data).toBeNull();
  });

  it('EmptyData: "Enter details for at least one Gift Aid donation"', () => {
    const r = read('EmptyData');
    expect(r.findings).toEqual([{ field: 'giftAidDonation', message: m(1) }]);
    expect(r.data).toBeNull();
  });

  it('BadSheetNameData: the one file error "must use the template required"', () => {
    const r = read('BadSheetNameData');
    expect(r.findings).toEqual([{ field: 'fileError', message: 'validationService.commonFile.message.3' }]);
    expect(r.errors).toEqual(['fileError: The selected file must use the template required']);
    expect(r.data).toBeNull();
  });

  it('GoodDataWithAttributes (styled cells; the spec names no result): accepted, Box 2 read as £240.00', () => {
    const r = read('GoodDataWithAttributes');
    expect(r.findings).toEqual([]);
    expect(r.data?.prevOverclaimedGiftAid).toBe('240.00');
    expect(r.data?.donations.slice(0, 4)).toEqual(VALID_DATA.donations);
    expect(r.data?.donations.map((d) => d.item)).toEqual([1, 2, 3, 4, 4, 4, 1000]);
  });
});

describe("HMRC's row rules (the spec's validateRows cases)", () => {
  const row = (over: Partial<HmrcRow>): HmrcRow => ({
    item: '1',
    title: 'Prof',
    firstName: 'Henry',
    lastName: 'House Martin',
    house: '152A',
    postcode: 'M99 2QD',
    aggregated: '',
    sponsored: '',
    date: '24/06/15',
    amount: '240.00',
    ...over,
  });
  const errorsOf = (over: Partial<HmrcRow>) => hmrcValidateRows([row(over)], TODAY).findings;

  it.each([
    ['item', ['1', '1000', ' 5 '], ['0', '1234', '01', 'abc', '']],
    ['title', ['Mr', 'Prof', 'Ms', 'Miss'], ['123', 'Mister', 'Mr.']],
    [
      'postcode',
      ['X', 'EC1A 1BB', 'W1O 7HG', 'SW1A 1AA'],
      ['12345', 'SW1 1A', 'ABCDE', 'EC1A 1A1', 'NE270QQ', 'x'],
    ],
    ['sponsored', ['yes', 'Yes', ''], ['No', 'no', 'False', '1']],
    ['amount', ['0.01', '9999999999999.99', '1,000.00'], ['abc', '£10.00', '10.000', '--10.00', '-1.00']],
    [
      'date',
      ['31/12/25', '29/02/24', '28/02/25'],
      ['2026-01-12', '12/01/2026', '12-01-26', '30/02/25', '29/02/25'],
    ],
  ] as const)('%s: the good pass, the bad fail', (key, good, badValues) => {
    for (const value of good) expect(errorsOf({ [key]: value })).toEqual([]);
    for (const value of badValues) expect(errorsOf({ [key]: value })).toHaveLength(1);
  });

  it('whole-string postcode matches: a valid postcode at the end of junk is refused (JavaScript .test on ^A|B$ was not)', () => {
    expect(errorsOf({ postcode: 'junk M99 2QD' })).toEqual([{ field: 'postcode[0]', message: m(21) }]);
    expect(errorsOf({ postcode: 'GIR 0AAjunk' })).toEqual([{ field: 'postcode[0]', message: m(21) }]);
    expect(errorsOf({ postcode: 'SZ1 1AA' })).toEqual([{ field: 'postcode[0]', message: m(21) }]);
    expect(errorsOf({ postcode: 'BI1 1AA' })).toEqual([{ field: 'postcode[0]', message: m(21) }]);
  });

  it('names of blank-looking characters are blank to HMRC; digits are kept', () => {
    for (const name of ['–', '—', '…', '\u00A0', '– –', '\u2018 \u2019', 'Γιώργος', '王芳', '😀'])
      expect(errorsOf({ firstName: name })).toEqual([{ field: 'donorFirstName[0]', message: m(14) }]);
    expect(errorsOf({ firstName: 'Test123', lastName: '123' })).toEqual([]);
  });

  it('aggregated rows: over £1,000 refused, a name beside them refused', () => {
    const agg = { title: '', firstName: '', lastName: '', house: '', postcode: '', aggregated: 'Yes' };
    expect(errorsOf({ ...agg, amount: '1000.01' })).toEqual([{ field: 'donationAmount[0]', message: m(12) }]);
    expect(errorsOf({ ...agg, firstName: 'Ann', amount: '10.00' })).toEqual([
      { field: 'aggregateDonationsConflict[0]', message: m(25) },
    ]);
  });

  it('characters HMRC deletes are deleted before a rule looks (the spec’s ☺ row)', () => {
    expect(
      errorsOf({
        item: '☺1',
        title: '☺Mr',
        firstName: '☺First Name',
        lastName: '☺Last Name',
        house: '☺House Number',
        postcode: '☺M99 2QD',
        date: '☺24/06/15',
        amount: '☺240.00',
      }),
    ).toEqual([]);
  });
});
