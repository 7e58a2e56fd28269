import { receivePlatformEvent } from '../../domain/giving/stripe-events';
import { apiHandler } from '../../lib/api-handler';
import { platformWebhookDeps } from '../../wiring/giving';

const deps = platformWebhookDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/giving').then((g) => g.givingRoutes['stripe-webhook']),
  (input, ctx) => receivePlatformEvent(deps(ctx.logger), input),
);
