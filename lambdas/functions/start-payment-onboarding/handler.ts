import { startPaymentOnboarding } from '../../domain/preferences/payments';
import { apiHandler } from '../../lib/api-handler';
import { startPaymentDeps } from '../../wiring/preferences';
import { readSession } from '../../wiring/session';

const deps = startPaymentDeps();

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/preferences').then(
      (g) => g.preferenceRoutes['start-payment-onboarding'],
    ),
  (input, { auth, sourceIp }) => startPaymentOnboarding(deps, auth, input, { sourceIp }),
  { session: readSession },
);
