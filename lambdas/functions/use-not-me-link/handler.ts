import { removeByNotMeLink } from '../../domain/charity-accounts/not-me';
import { apiHandler } from '../../lib/api-handler';
import { removeByNotMeLinkDeps } from '../../wiring/charity-accounts';

const deps = removeByNotMeLinkDeps();

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/charity-accounts').then(
      (g) => g.charityAccountRoutes['use-not-me-link'],
    ),
  (input, ctx) => removeByNotMeLink(deps, input.token, ctx),
);
