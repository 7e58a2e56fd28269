import { linkTestPaymentAccount } from '../../domain/preferences/payments';
import { apiHandler } from '../../lib/api-handler';
import { paymentDeps } from '../../wiring/preferences';
import { readSession } from '../../wiring/session';

const deps = paymentDeps();

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/preferences').then(
      (g) => g.preferenceRoutes['link-test-payment-account'],
    ),
  (input, { auth, logger }) => linkTestPaymentAccount(deps(logger), auth, input.accountId),
  { session: readSession },
);
