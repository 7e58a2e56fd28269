import { receiveConnectEvent } from '../../domain/giving/stripe-events';
import { apiHandler } from '../../lib/api-handler';
import { connectWebhookDeps } from '../../wiring/giving';

const deps = connectWebhookDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/giving').then((g) => g.givingRoutes['stripe-connect-webhook']),
  (input, ctx) => receiveConnectEvent(deps(ctx.logger), input),
);
