import { type RouteDefinition, routeList } from '@shared/api/routes';
import { z } from 'zod';
import { ROUTE_SHARDS, ROUTES_PER_SHARD, shardRoutes } from './route-shards';

const route = (id: string): RouteDefinition => ({
  id,
  method: 'GET',
  path: `/api/${id}`,
  auth: 'public',
  request: z.object({}),
  response: z.object({}),
  summary: id,
});

describe('route shards (decision 18.10)', () => {
  it('places every manifest route in exactly one shard, none over the limit', () => {
    const shards = shardRoutes(routeList);
    const placed = [...shards.values()].flat().map((r) => r.id);
    expect(placed.sort()).toEqual(routeList.map((r) => r.id).sort());
    for (const members of shards.values()) expect(members.length).toBeLessThanOrEqual(ROUTES_PER_SHARD);
    expect(Object.values(ROUTE_SHARDS).flat().sort()).toEqual(routeList.map((r) => r.id).sort());
  });

  it('keeps every route where it was when a route is added before it (no route ever changes shard)', () => {
    const before = shardRoutes([route('a'), route('b'), route('c')], { One: ['a', 'new', 'b'], Two: ['c'] });
    const after = shardRoutes([route('a'), route('new'), route('b'), route('c')], {
      One: ['a', 'new', 'b'],
      Two: ['c'],
    });
    expect(before.get('One')?.map((r) => r.id)).toEqual(['a', 'b']);
    expect(after.get('One')?.map((r) => r.id)).toEqual(['a', 'new', 'b']);
    expect(after.get('Two')?.map((r) => r.id)).toEqual(['c']);
  });

  it('stops synth for a route in no shard, in two, or a shard over the limit', () => {
    expect(() => shardRoutes([route('lost')], { One: [] })).toThrow(
      'Route lost is in no shard: add its group to infra/route-shards.ts.',
    );
    expect(() => shardRoutes([route('a')], { One: ['a'], Two: ['a'] })).toThrow(/in two shards, One and Two/);
    const many = Array.from({ length: ROUTES_PER_SHARD + 1 }, (_, i) => route(`r${i}`));
    expect(() => shardRoutes(many, { Big: many.map((r) => r.id) })).toThrow(
      `Shard Big holds ${ROUTES_PER_SHARD + 1} routes, more than ${ROUTES_PER_SHARD}`,
    );
  });
});
