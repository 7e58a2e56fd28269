import { useNotMeLink } from '../../domain/charity-accounts/not-me';
import { apiHandler } from '../../lib/api-handler';
import { useNotMeLinkDeps } from '../../wiring/charity-accounts';

const deps = useNotMeLinkDeps();

export const handler = apiHandler(
  () =>
    import('../../../shared/src/api/route-groups/charity-accounts').then(
      (g) => g.charityAccountRoutes['use-not-me-link'],
    ),
  (input, ctx) => useNotMeLink(deps, input.token, ctx),
);
