import { createRegister, RegisterEnv } from '../adapters/register/create-register';
import { registrationMarkers } from '../data/registration-markers';
import { createTable } from '../data/table';
import type { searchCharities } from '../domain/register/search-charities';
import { readEnv, SearchEnv } from '../lib/env';
import type { DepsOf } from './compose';

/** search-charities: the register and the in-memory set of charities already on the platform. */
export function searchDeps(): DepsOf<typeof searchCharities> {
  const env = readEnv(SearchEnv);
  return {
    register: createRegister(readEnv(RegisterEnv)),
    markers: registrationMarkers(createTable(env.TABLE_NAME), {
      refreshMs: env.ON_PLATFORM_REFRESH_SECONDS * 1000,
    }),
  };
}
