import { routeList } from '@shared/api/routes';
import {
  PRE_TOKEN_GENERATION,
  RESERVED_CONCURRENCY_PLAN,
  reservedConcurrency,
  totalReserved,
} from './concurrency';
import { ROUTE_THROTTLES, routeThrottle } from './constructs/api-stage';

describe('the reserved-concurrency plan', () => {
  it('reserves nothing unless the stage says so (a new account may have a quota of 10)', () => {
    expect(reservedConcurrency(undefined, routeList).size).toBe(0);
  });

  it('gives the pre-token trigger its own reserve and caps every public read of the manifest', () => {
    const plan = reservedConcurrency('plan', routeList);
    expect(plan.get(PRE_TOKEN_GENERATION)).toBe(RESERVED_CONCURRENCY_PLAN[PRE_TOKEN_GENERATION]);
    expect(plan.get('search-charities')).toBe(20);
    expect(plan.get('get-charity-details')).toBe(20);
    const reads = routeList.filter((r) => routeThrottle(r) === ROUTE_THROTTLES.publicRead).map((r) => r.id);
    expect([...plan.keys()].sort()).toEqual([PRE_TOKEN_GENERATION, ...reads].sort());
    for (const id of reads.filter((id) => !['search-charities', 'get-charity-details'].includes(id)))
      expect(plan.get(id)).toBe(10);
    // Signed-in routes share the unreserved pool.
    expect(plan.has('get-charity-profile')).toBe(false);
    expect(totalReserved(plan)).toBeLessThanOrEqual(200);
  });

  it('takes reservations by route id, and refuses an unknown id', () => {
    const given = reservedConcurrency({ 'pre-token-generation': 5, health: 2 }, routeList);
    expect(Object.fromEntries(given)).toEqual({ 'pre-token-generation': 5, health: 2 });
    expect(() => reservedConcurrency({ 'no-such-route': 5 }, routeList)).toThrow(/not a route id/);
  });
});
