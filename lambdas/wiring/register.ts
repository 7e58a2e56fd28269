import { createRegister, RegisterEnv } from '../adapters/register/create-register';
import type { getCharityDetails } from '../domain/register/get-charity-details';
import { readEnv } from '../lib/env';
import type { DepsOf } from './compose';

/**
 * get-charity-details: the register only, no table. (search-charities is wired in `register-search.ts`: its
 * markers module would bring the DynamoDB client into this bundle.)
 */
export function charityDetailsDeps(): DepsOf<typeof getCharityDetails> {
  return { register: createRegister(readEnv(RegisterEnv)) };
}
