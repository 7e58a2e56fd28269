import { completePaymentOnboarding } from '../../domain/preferences/payments';
import { apiHandler } from '../../lib/api-handler';
import { paymentDeps } from '../../wiring/preferences';
import { readSession } from '../../wiring/session';

const deps = paymentDeps();

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/preferences').then(
      (g) => g.preferenceRoutes['complete-payment-onboarding'],
    ),
  (input, { auth, logger, sourceIp }) => completePaymentOnboarding(deps(logger), auth, input, { sourceIp }),
  { session: readSession },
);
