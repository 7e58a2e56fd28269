import { CAUSE_GROUPS, CAUSES, causeByCode, causeByDescription, causeBySlug, causeCodes } from './causes';

describe('the register classification list', () => {
  it('holds the Commission codes What 101-117, Who 201-207, How 301-310, in order', () => {
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    expect(CAUSES.map((c) => c.code)).toEqual([...range(101, 117), ...range(201, 207), ...range(301, 310)]);
    for (const { group } of CAUSE_GROUPS) expect(CAUSES.some((c) => c.group === group)).toBe(true);
    expect(causeByCode(105)).toMatchObject({
      group: 'What',
      label: 'Poverty relief',
      slug: 'poverty-relief',
    });
    expect(causeByCode(201)?.group).toBe('Who');
    expect(causeByCode(302)?.group).toBe('How');
  });

  it('gives every cause a unique URL slug and label', () => {
    expect(new Set(CAUSES.map((c) => c.slug)).size).toBe(CAUSES.length);
    expect(new Set(CAUSES.map((c) => c.label)).size).toBe(CAUSES.length);
    for (const c of CAUSES) expect(c.slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(causeBySlug('children')?.code).toBe(201);
    expect(causeBySlug('nope')).toBeUndefined();
  });

  it('reads register descriptions whatever their capitals and spacing', () => {
    expect(causeByDescription('The Prevention Or Relief Of Poverty')?.code).toBe(105);
    expect(causeByDescription('the prevention or relief of poverty')?.code).toBe(105);
    expect(causeByDescription(' Children/Young  People ')?.code).toBe(201);
    expect(causeByDescription('Makes Grants To Organisations')?.code).toBe(302);
    expect(causeByDescription('Knitting')).toBeUndefined();
  });

  it('keeps known codes once each, in list order', () => {
    expect(causeCodes([302, 105, 999, 105, 201])).toEqual([105, 201, 302]);
  });
});
