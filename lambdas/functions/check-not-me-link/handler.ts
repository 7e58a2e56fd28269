import { checkNotMeLink } from '../../domain/charity-accounts/not-me';
import { apiHandler } from '../../lib/api-handler';
import { checkNotMeLinkDeps } from '../../wiring/charity-accounts';

const deps = checkNotMeLinkDeps();

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/charity-accounts').then(
      (g) => g.charityAccountRoutes['check-not-me-link'],
    ),
  (input, ctx) => checkNotMeLink(deps, input.token, ctx),
);
