import { systemRoutes } from '../../../shared/src/api/route-groups/system';
import { systemData } from '../../data/system';
import { createTable } from '../../data/table';
import { checkHealth } from '../../domain/system/check-health';
import { apiHandler } from '../../lib/api-handler';
import { systemClock } from '../../lib/clock';
import { BaseEnv, readEnv } from '../../lib/env';

const env = readEnv(BaseEnv);
const deps = { system: systemData(createTable(env.TABLE_NAME)), clock: systemClock };

export const handler = apiHandler(systemRoutes.health, () => checkHealth(deps));
