import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Location, ServiceArea } from '@shared/api/schemas/locations';
import { SessionEndedError } from '../lib/http-errors';
import { accountExists, charityPk } from './charities';
import { type Table, transact, txItem, whenCondition } from './table';

/** Location settings: one item `PREFS#LOCATIONS` under `CHARITY#<userId>` (removed with the account's partition). */
export const LOCATIONS_SK = 'PREFS#LOCATIONS';

export interface LocationSettingsRecord {
  locations: Location[];
  service_areas: ServiceArea[];
  updated_at: string;
}

export function locationData(table: Table) {
  const TableName = table.name;
  const Key = (userId: string) => ({ PK: charityPk(userId), SK: LOCATIONS_SK });
  return {
    /** The saved settings, or null when the charity has never saved any. */
    async get(userId: string): Promise<LocationSettingsRecord | null> {
      const out = await table.doc.send(new GetCommand({ TableName, Key: Key(userId), ConsistentRead: true }));
      if (!out.Item) return null;
      return {
        locations: (out.Item.locations as Location[] | undefined) ?? [],
        service_areas: (out.Item.service_areas as ServiceArea[] | undefined) ?? [],
        updated_at: String(out.Item.updated_at),
      };
    },

    /** Replaces the settings as a whole (last save wins), only while the account exists. */
    async put(userId: string, record: LocationSettingsRecord): Promise<void> {
      const written = await whenCondition(
        transact(table, [
          txItem({ Put: { TableName, Item: { ...Key(userId), ...record } } }),
          accountExists(TableName, userId),
        ]),
      );
      if (!written) throw new SessionEndedError();
    },
  };
}

export type LocationData = ReturnType<typeof locationData>;
