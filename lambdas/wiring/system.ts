import type { SystemData } from '../data/system';
import type { checkHealth } from '../domain/system/check-health';
import { systemClock } from '../lib/clock';
import { BaseEnv, readEnv } from '../lib/env';
import type { DepsOf } from './context';

export function healthDeps(): DepsOf<typeof checkHealth> {
  return { system: lazySystemData(readEnv(BaseEnv).TABLE_NAME), clock: systemClock };
}

/**
 * The table's system data, loaded on the first check: the health function's bundle then holds the DynamoDB
 * client in a chunk of its own (code splitting, `infra/constructs/function-bundling.ts`), so the container's
 * start does not parse the SDK and its first answer still reads the table.
 */
function lazySystemData(tableName: string): SystemData {
  let loading: Promise<SystemData> | undefined;
  const load = async () => {
    const [{ systemData }, { createTable }] = await Promise.all([
      import('../data/system'),
      import('../data/table'),
    ]);
    return systemData(createTable(tableName));
  };
  return {
    async pingDatabase() {
      loading ??= load();
      return (await loading).pingDatabase();
    },
  };
}
