import { defineRoutes } from '../route';
import { RegisterDonorRequest, RegisterDonorResponse } from '../schemas/donor';

/** The donor waitlist. */
export const donorRoutes = defineRoutes({
  'register-donor': {
    method: 'POST',
    path: '/api/register-donor',
    auth: 'public',
    request: RegisterDonorRequest,
    response: RegisterDonorResponse,
    summary: 'Joins the donor waitlist: a donor account and profile, username unique whatever its case.',
  },
});
