import { ageOn, ukToday } from './donor';

describe('donor age', () => {
  it('counts whole years, turning 18 on the birthday itself', () => {
    expect(ageOn('2008-11-21', '2026-11-21')).toBe(18);
    expect(ageOn('2008-11-22', '2026-11-21')).toBe(17);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('rejects impossible dates', () => {
    expect(ageOn('2001-02-30', '2026-11-21')).toBeNull();
    expect(ageOn('2001-13-01', '2026-11-21')).toBeNull();
  });

  it('uses the UK calendar date', () => {
    expect(ukToday(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(ukToday(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });
});
