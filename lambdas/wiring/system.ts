import { systemData } from '../data/system';
import { createTable } from '../data/table';
import type { checkHealth } from '../domain/system/check-health';
import { systemClock } from '../lib/clock';
import { BaseEnv, readEnv } from '../lib/env';
import type { DepsOf } from './context';

export function healthDeps(): DepsOf<typeof checkHealth> {
  return { system: systemData(createTable(readEnv(BaseEnv).TABLE_NAME)), clock: systemClock };
}
