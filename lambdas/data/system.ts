import { ServiceUnavailableError } from '../lib/http-errors';
import type { Table } from './table';

/** Keys of the system item: a fixed read proves the table answers. */
const HEALTH_KEY = { PK: 'SYSTEM', SK: 'HEALTH' } as const;

export interface SystemData {
  /** Reads one fixed key; throws ServiceUnavailableError when the table does not answer. */
  pingDatabase(): Promise<void>;
}

/**
 * The health check's read. The table and the SDK's command are loaded on the first ping (`loadTable`, a
 * dynamic import in the wiring), so the health function's start parses no SDK: bundled with code splitting,
 * the client lives in a chunk of its own. Only the read itself counts as the table not answering.
 */
export function systemData(loadTable: () => Promise<Table>): SystemData {
  let loading: Promise<[Table, typeof import('@aws-sdk/lib-dynamodb').GetCommand]> | undefined;
  return {
    async pingDatabase() {
      loading ??= Promise.all([loadTable(), import('@aws-sdk/lib-dynamodb').then((m) => m.GetCommand)]);
      const [table, GetCommand] = await loading;
      try {
        await table.doc.send(new GetCommand({ TableName: table.name, Key: HEALTH_KEY }));
      } catch (error) {
        throw new ServiceUnavailableError(undefined, error);
      }
    },
  };
}
