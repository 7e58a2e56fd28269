import { systemData } from '../data/system';
import type { checkHealth } from '../domain/system/check-health';
import { systemClock } from '../lib/clock';
import { BaseEnv, readEnv } from '../lib/env';
import type { DepsOf } from './compose';

export function healthDeps(): DepsOf<typeof checkHealth> {
  const { TABLE_NAME } = readEnv(BaseEnv);
  // Loaded on the first check (see `systemData`): the health function's cold start carries no SDK.
  const loadTable = () => import('../data/table').then(({ createTable }) => createTable(TABLE_NAME));
  return { system: systemData(loadTable), clock: systemClock };
}
