import { systemRoutes } from '../../../shared/src/api/route-groups/system';
import { checkHealth } from '../../domain/system/check-health';
import { apiHandler } from '../../lib/api-handler';
import { healthDeps } from '../../wiring/system';

const deps = healthDeps();

export const handler = apiHandler(systemRoutes.health, () => checkHealth(deps));
