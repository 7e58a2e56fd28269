import type { GetCharityCausesResponse, SaveCharityCausesResponse } from '@shared/api/schemas/causes';
import { causeByCode, causeCodes } from '@shared/causes';
import { PreferenceMessage } from '@shared/preferences';
import { type RegisterPort, RegisterUnavailableError } from '../../adapters/register/port';
import type { CharityData } from '../../data/charities';
import { NotFoundError, ServiceUnavailableError } from '../../lib/http-errors';

export const REGISTER_CAUSES_UNAVAILABLE =
  "The register's causes for your charity cannot be read just now. Please try again in a moment.";

/** Codes as slugs, the register's order, unknown codes dropped. */
const slugsOf = (codes: Iterable<number>) => causeCodes(codes).map((code) => causeByCode(code)!.slug);

/**
 * The caller's chosen causes (null until it chooses: the register's are its causes then) and the register's own
 * classification of its number, the suggestion the profile page starts from (decision 21.4).
 */
export async function getCharityCauses(
  deps: { charities: Pick<CharityData, 'getProfile'>; register: Pick<RegisterPort, 'facts'> },
  userId: string,
): Promise<GetCharityCausesResponse> {
  const profile = await deps.charities.getProfile(userId);
  if (!profile) throw new NotFoundError(PreferenceMessage.CharityNotFound);
  let registerCodes: number[];
  try {
    const facts = await deps.register.facts([profile.registration_number]);
    registerCodes = facts.get(profile.registration_number)?.causes ?? [];
  } catch (error) {
    if (error instanceof RegisterUnavailableError)
      throw new ServiceUnavailableError(REGISTER_CAUSES_UNAVAILABLE, error);
    throw error;
  }
  return {
    success: true,
    causes: profile.causes ? slugsOf(profile.causes) : null,
    register_causes: slugsOf(registerCodes),
  };
}

/**
 * Sets the caller's causes (codes of the register's list, 1 to 10, checked by the request schema) on its
 * profile; its discovery card is rebuilt from the change (PROFILE is a card input).
 */
export async function saveCharityCauses(
  deps: { charities: Pick<CharityData, 'setCauses'> },
  userId: string,
  codes: readonly number[],
): Promise<SaveCharityCausesResponse> {
  const chosen = causeCodes(codes);
  if (!(await deps.charities.setCauses(userId, chosen)))
    throw new NotFoundError(PreferenceMessage.CharityNotFound);
  return { success: true, causes: slugsOf(chosen) };
}
