import { createRegister, RegisterEnv } from '../adapters/register/create-register';
import { charityData } from '../data/charities';
import type { getCharityCauses, saveCharityCauses } from '../domain/causes/charity-causes';
import { BaseEnv, readEnv } from '../lib/env';
import { type DepsOf, readEnvAndTable } from './compose';

/** get-charity-causes: the caller's profile and the register's facts of its number. */
export function getCausesDeps(): DepsOf<typeof getCharityCauses> {
  const { table } = readEnvAndTable(BaseEnv);
  return { charities: charityData(table), register: createRegister(readEnv(RegisterEnv)) };
}

/** save-charity-causes: the caller's profile. */
export function saveCausesDeps(): DepsOf<typeof saveCharityCauses> {
  const { table } = readEnvAndTable(BaseEnv);
  return { charities: charityData(table) };
}
