import { ErrorCode } from '@shared/api/error-codes';
import type { GetCharityDetailsRequest, GetCharityDetailsResponse } from '@shared/api/schemas/register';
import { type RegisterPort, RegisterUnavailableError } from '../../adapters/register/port';
import { NotFoundError, ServiceUnavailableError } from '../../lib/http-errors';

export const DETAILS_UNAVAILABLE =
  'The charity register is temporarily unavailable. Please try again in a moment.';
export const CHARITY_NOT_FOUND = 'Charity not found';

/** One charity's details from the register. */
export async function getCharityDetails(
  deps: { register: RegisterPort },
  input: GetCharityDetailsRequest,
): Promise<GetCharityDetailsResponse> {
  let charity: Awaited<ReturnType<RegisterPort['getDetails']>>;
  try {
    charity = await deps.register.getDetails(input.registrationNumber);
  } catch (error) {
    if (error instanceof RegisterUnavailableError)
      throw new ServiceUnavailableError(DETAILS_UNAVAILABLE, error);
    throw error;
  }
  if (!charity) throw new NotFoundError(CHARITY_NOT_FOUND, ErrorCode.CharityNotFound);
  return { success: true, charity };
}
