import type { RouteResponse } from '@shared/api/routes';
import type { SystemData } from '../../data/system';
import type { Clock } from '../../lib/clock';

/** Reports the API alive and the table reachable. */
export async function checkHealth(deps: {
  system: SystemData;
  clock: Clock;
}): Promise<RouteResponse<'health'>> {
  await deps.system.pingDatabase();
  return { success: true, status: 'ok', checks: { database: 'ok' }, time: deps.clock.now().toISOString() };
}
