import { charityData } from '../data/charities';
import { createTable } from '../data/table';
import { BaseEnv, readEnv } from '../lib/env';
import type { SessionReader } from '../lib/session-guard';

let read: SessionReader | undefined;

/** The session reader every charity route passes to `apiHandler` (`{ session: readSession }`). */
export const readSession: SessionReader = (userId) => {
  if (!read) {
    const charities = charityData(createTable(readEnv(BaseEnv).TABLE_NAME));
    read = (id) => charities.sessionState(id);
  }
  return read(userId);
};
