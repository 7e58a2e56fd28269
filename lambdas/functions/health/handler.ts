import { checkHealth } from '../../domain/system/check-health';
import { apiHandler } from '../../lib/api-handler';
import { healthDeps } from '../../wiring/system';

const deps = healthDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/system').then((g) => g.systemRoutes.health),
  () => checkHealth(deps),
);
