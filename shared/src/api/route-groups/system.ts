import { defineRoutes } from '../route';
import { HealthRequest, HealthResponse } from '../schemas/health';

/** Liveness. */
export const systemRoutes = defineRoutes({
  health: {
    method: 'GET',
    path: '/api/health',
    auth: 'public',
    request: HealthRequest,
    response: HealthResponse,
    summary: 'Liveness and database reachability.',
  },
});
