import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ServiceUnavailableError } from '../lib/errors';
import type { Table } from './table';

/** Keys of the system item: a fixed read proves the table answers. */
const HEALTH_KEY = { PK: 'SYSTEM', SK: 'HEALTH' } as const;

export interface SystemData {
  /** Reads one fixed key; throws ServiceUnavailableError when the table does not answer. */
  pingDatabase(): Promise<void>;
}

export function systemData(table: Table): SystemData {
  return {
    async pingDatabase() {
      try {
        await table.doc.send(new GetCommand({ TableName: table.name, Key: HEALTH_KEY }));
      } catch (error) {
        throw new ServiceUnavailableError(undefined, error);
      }
    },
  };
}
