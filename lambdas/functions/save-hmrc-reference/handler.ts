import { saveHmrcReference } from '../../domain/preferences/preferences';
import { apiHandler } from '../../lib/api-handler';
import { hmrcReferenceDeps } from '../../wiring/preferences';
import { readSession } from '../../wiring/session';

const deps = hmrcReferenceDeps();

export const handler = apiHandler(
  () => import('@shared/api/route-groups/preferences').then((g) => g.preferenceRoutes['save-hmrc-reference']),
  (input, { auth }) => saveHmrcReference(deps, auth.userId, input.hmrc_reference),
  { session: readSession },
);
