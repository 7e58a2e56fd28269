import { sentMailData } from '../../data/sent-mail';
import { suppressionData } from '../../data/suppressions';
import { createTable } from '../../data/table';
import { recordMailEvent, type SesMailEvent } from '../../domain/mail/suppressions';
import { BaseEnv, readEnv } from '../../lib/env';
import { createLogger } from '../../lib/logger';

const env = readEnv(BaseEnv);
const logger = createLogger('record-mail-suppression');
const table = createTable(env.TABLE_NAME);
const deps = { suppressions: suppressionData(table), sentMail: sentMailData(table), now: () => new Date() };

/** Invoked by EventBridge with SES's bounce and complaint events of our configuration set. */
export const handler = async (event: SesMailEvent) => {
  const recorded = await recordMailEvent(deps, event);
  // Addresses are personal data: log how many, not which.
  logger.info('mail event recorded', { type: event['detail-type'], suppressed: recorded.length });
  return { suppressed: recorded.length };
};
