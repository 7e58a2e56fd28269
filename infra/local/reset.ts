import { rmSync } from 'node:fs';
import { settingsFromEnv } from './settings';

/** `npm run reset`: wipes the local cloud's state; the next start creates everything afresh. */
const { stateDir } = settingsFromEnv();
rmSync(stateDir, { recursive: true, force: true });
console.log(
  `Removed ${stateDir}. The next \`npm start\` creates the table, pool, clients, bucket and seed data again.`,
);
