import { refundDeadline, retainUntil, ukDayStart, ukMonthBounds } from './uk-time';

describe('UK time', () => {
  it('starts a UK day at midnight London time, GMT in winter and BST in summer', () => {
    expect(ukDayStart('2026-01-01')).toBe('2026-01-01T00:00:00.000Z');
    expect(ukDayStart('2026-07-01')).toBe('2026-06-30T23:00:00.000Z');
    // The days the clocks change: both begin before the change (01:00 UTC).
    expect(ukDayStart('2026-03-29')).toBe('2026-03-29T00:00:00.000Z');
    expect(ukDayStart('2026-10-25')).toBe('2026-10-24T23:00:00.000Z');
  });

  it("bounds a UK month by its first midnight and the next month's, across BST and the year's end", () => {
    expect(ukMonthBounds('2026-03')).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-31T23:00:00.000Z',
    });
    expect(ukMonthBounds('2026-10')).toEqual({
      from: '2026-09-30T23:00:00.000Z',
      to: '2026-11-01T00:00:00.000Z',
    });
    expect(ukMonthBounds('2026-12')).toEqual({
      from: '2026-12-01T00:00:00.000Z',
      to: '2027-01-01T00:00:00.000Z',
    });
  });

  it('keeps a donation six years after the end of the UK tax year (5 April) it was paid in', () => {
    expect(retainUntil('2026-04-05T12:00:00.000Z')).toBe('2032-04-05');
    // 23:30 UTC on 5 April is 00:30 on the 6th in London (BST): the next tax year.
    expect(retainUntil('2026-04-05T23:30:00.000Z')).toBe('2033-04-05');
    expect(retainUntil('2026-11-27T10:00:00.000Z')).toBe('2033-04-05');
    expect(retainUntil('2027-01-15T10:00:00.000Z')).toBe('2033-04-05');
  });

  it('lets a donation be refunded for 30 days after payment', () => {
    expect(refundDeadline('2026-11-01T10:00:00.000Z')).toBe('2026-12-01T10:00:00.000Z');
  });
});
