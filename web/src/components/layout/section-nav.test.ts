import { landingSections } from '@shared/site/paths';
import { scrollBehaviorFor, sectionFromHash, sectionHref, sectionNavItems } from './section-nav';

describe('section navigation', () => {
  it('lists mission, journey, values and how-it-works in page order', () => {
    expect(sectionNavItems.map((item) => item.section)).toEqual([
      'mission',
      'journey',
      'values',
      'how-it-works',
    ]);
    const order = sectionNavItems.map((item) => landingSections.indexOf(item.section));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it.each([
    ['#mission', 'mission'],
    ['how-it-works', 'how-it-works'],
    ['#charity-finder', 'charity-finder'],
    ['#main', null],
    ['', null],
    ['#%6Dission', 'mission'],
  ])('reads %p as %p', (hash, section) => {
    expect(sectionFromHash(hash)).toBe(section);
  });

  it('links to the landing page with the anchor', () => {
    expect(sectionHref('values')).toBe('/#values');
  });

  it('scrolls smoothly unless reduced motion is preferred', () => {
    expect(scrollBehaviorFor(false)).toBe('smooth');
    expect(scrollBehaviorFor(true)).toBe('auto');
  });
});
