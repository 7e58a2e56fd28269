import { preferenceRoutes } from '../../../shared/src/api/route-groups/preferences';
import { createPayments, PaymentsEnv } from '../../adapters/payments';
import { preferenceData } from '../../data/preferences';
import { createTable } from '../../data/table';
import { completePaymentOnboarding } from '../../domain/preferences/payments';
import { apiHandler } from '../../lib/api-handler';
import { BaseEnv, readEnv } from '../../lib/env';
import { readSession } from '../../wiring/session';

const env = readEnv(BaseEnv);
const table = createTable(env.TABLE_NAME);
const deps = { prefs: preferenceData(table), payments: createPayments(readEnv(PaymentsEnv)), table };

export const handler = apiHandler(
  preferenceRoutes['complete-payment-onboarding'],
  (_input, { auth }) => completePaymentOnboarding(deps, auth.userId),
  { session: readSession },
);
