import { preferenceRoutes } from '../../../shared/src/api/route-groups/preferences';
import { createPayments, PaymentsEnv } from '../../adapters/payments';
import { preferenceData } from '../../data/preferences';
import { createTable } from '../../data/table';
import { startPaymentOnboarding } from '../../domain/preferences/payments';
import { apiHandler } from '../../lib/api-handler';
import { AccountEnv, BaseEnv, readEnv } from '../../lib/env';
import { readSession } from '../../wiring/session';

const env = readEnv(BaseEnv.extend({ SITE_URL: AccountEnv.shape.SITE_URL }));
const deps = {
  prefs: preferenceData(createTable(env.TABLE_NAME)),
  payments: createPayments(readEnv(PaymentsEnv)),
  siteUrl: env.SITE_URL,
};

export const handler = apiHandler(
  preferenceRoutes['start-payment-onboarding'],
  (_input, { auth }) => startPaymentOnboarding(deps, { userId: auth.userId, email: auth.email }),
  { session: readSession },
);
