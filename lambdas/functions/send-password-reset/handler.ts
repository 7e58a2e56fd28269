import { sendPasswordReset } from '../../domain/charity-accounts/password-reset';
import { apiHandler } from '../../lib/api-handler';
import { sendPasswordResetDeps } from '../../wiring/charity-accounts';

const deps = sendPasswordResetDeps();

export const handler = apiHandler(
  () =>
    import('@shared/api/route-groups/charity-accounts').then(
      (g) => g.charityAccountRoutes['send-password-reset'],
    ),
  (input, ctx) => sendPasswordReset(deps(ctx.logger), input, ctx),
);
