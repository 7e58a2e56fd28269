import { route } from '../route';
import { HealthRequest, HealthResponse } from '../schemas/health';

/** Liveness. */
export const systemRoutes = {
  health: route({
    id: 'health',
    method: 'GET',
    path: '/api/health',
    auth: 'public',
    request: HealthRequest,
    response: HealthResponse,
    summary: 'Liveness and database reachability.',
  }),
} as const;
